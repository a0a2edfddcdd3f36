/** Watching together as other features see it: the room's page (visitors are asked to sign in there). */
export { default as TogetherPage } from './TogetherPage.tsx';

/** Watching together for signed-in screens: the title player's «Смотреть вместе». */
export { default as TogetherButton } from './TogetherButton.tsx';

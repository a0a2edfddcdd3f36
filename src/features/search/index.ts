/** Search as other features see it: the search modal, which the frame's overlays show. */
export { default as SearchModal } from './SearchModal.tsx';

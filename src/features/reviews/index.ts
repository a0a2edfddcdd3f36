/** Reviews as other features see them: the signed-in board, which the title page's signed-in parts load. */
export { default as ReviewBoard } from './ReviewBoard.tsx';
export type { ReviewView } from './reviews.ts';

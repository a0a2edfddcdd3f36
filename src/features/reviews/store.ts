/**
 * The reviews of the open title, always fresh from the backend (and live once seen:
 * title-reviews-live.ts), as rows and as the threads the section draws. What a signed-in person
 * does to them lives in `review-writes.ts`, so a visitor's page never loads it.
 */
import { atom, computed } from 'nanostores';
import { runtime } from '../../lib/directus/runtime.ts';
import { reviewThreads, type CommentSource } from './reviews.ts';

export interface ReviewRows {
  status: 'loading' | 'ready' | 'error';
  /** Every review and reply of the title as the backend answered them. */
  rows: CommentSource[];
}

export const $reviewRows = atom<ReviewRows>({ status: 'loading', rows: [] });

/** The threads as the section draws them; null until loaded. */
export const $reviews = computed($reviewRows, (s) => (s.status === 'ready' ? reviewThreads(s.rows) : null));

/** Reads the title's reviews, and keeps them live from then on (that code loads with the first call). */
export function loadReviews(titleId: number): void {
  $reviewRows.set({ ...$reviewRows.get(), status: 'loading' });
  runtime().getComments(titleId)
    .then((rows) => $reviewRows.set({ status: 'ready', rows }))
    .catch((err: unknown) => {
      console.error(err);
      $reviewRows.set({ ...$reviewRows.get(), status: 'error' });
    });
  import('./live.ts').then((live) => live.watchReviews(titleId), console.error);
}

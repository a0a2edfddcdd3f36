/**
 * The title's rating on its page: the average and count everyone sees, and the signed-in
 * person's own stars. What only a signed-in person does (rate, mark, remember their place) lives
 * in `signed-in-store.ts`, so a visitor's page never loads it.
 */
import { atom } from 'nanostores';
import { runtime, type RatingSummary } from '../../lib/directus/runtime.ts';

export interface TitleRating {
  /** Null while loading. */
  summary: RatingSummary | null;
  /** The person's own rating; null for visitors and for people who have not rated the title. */
  mine: number | null;
}

export const $titleRating = atom<TitleRating>({ summary: null, mine: null });

/** The average and count, fresh from the backend (a failure is logged: the stars stay empty). */
export function loadRatingSummary(titleId: number): void {
  runtime().getRatingSummary(titleId)
    .then((summary) => $titleRating.set({ ...$titleRating.get(), summary }))
    .catch((err: unknown) => console.error(err));
}


/**
 * The signed-in person's rating of the open title (state in `title-rating.ts`): read, and set or
 * replaced in one backend call whose answer (own rating, average, count) replaces the state at once.
 */
import { readMyRating, rateTitle } from '../lib/directus/rating.ts';
import { $titleRating } from './title-rating.ts';

export async function loadMyRating(titleId: number): Promise<void> {
  const mine = await readMyRating(titleId);
  $titleRating.set({ ...$titleRating.get(), mine });
}

/** Sets or replaces the person's rating; a refusal reaches the caller and changes nothing. */
export async function rate(titleId: number, rating: number): Promise<void> {
  const { mine, average, count } = await rateTitle(titleId, rating);
  $titleRating.set({ summary: { average, count }, mine });
}

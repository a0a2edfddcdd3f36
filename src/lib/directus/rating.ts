/**
 * The signed-in person's rating of a title: read, and set or replaced in one backend operation
 * (PUT /site/rating/{titleId}), which answers the person's rating with the new average and count.
 */
import { customEndpoint, readItems } from '@directus/sdk';
import { pageClient } from './client.ts';
import { send, type RatingSummary } from './queries.ts';

export type RatingAnswer = RatingSummary & { mine: number };

/** The person's own rating of the title (1 to 5), or null when they have not rated it. */
export async function readMyRating(titleId: number): Promise<number | null> {
  const rows = await send(pageClient(), readItems('ratings', {
    fields: ['rating'],
    filter: { _and: [{ user_created: { _eq: '$CURRENT_USER' } }, { title: { _eq: titleId } }] },
    limit: 1,
  }), 'own rating');
  return rows[0]?.rating ?? null;
}

/** Sets or replaces the rating; a value outside 1–5 is refused with the backend's reason. */
export function rateTitle(titleId: number, rating: number): Promise<RatingAnswer> {
  return send(pageClient(), customEndpoint<RatingAnswer>({ path: `/site/rating/${titleId}`, method: 'PUT', body: JSON.stringify({ rating }) }), 'rating');
}

/**
 * The public shape of a title's ratings: the average to two decimals (null when unrated) and how
 * many, as the database keeps them on the title's row (title-orders.ts), so no read of it counts
 * the ratings again.
 */
import type { Knex } from 'knex';

export interface RatingSummary {
  average: number | null;
  count: number;
}

export function summarise(row: { average?: unknown; count?: unknown } | undefined): RatingSummary {
  const count = Number(row?.count ?? 0);
  return { average: count ? Math.round(Number(row?.average) * 100) / 100 : null, count };
}

export async function ratingSummary(database: Knex, titleId: number): Promise<RatingSummary> {
  return summarise(await database('titles').where('id', titleId).first({ average: 'ratingAverage', count: 'ratingCount' }));
}

/**
 * Fingerprints the site compares with the one stored beside its build. The catalogue's is the last
 * recorded change (Directus logs every write made through its API, the admin app's included) plus the
 * row counts of the main collections (writes straight to the database, as the synthetic catalogue
 * does). The counters' are what changes without an editor: views, reviews and ratings.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { PUBLIC_COLLECTIONS } from './public-collections.ts';

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

async function count(db: Knex, table: string): Promise<number> {
  const row = await db(table).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export async function catalogueFingerprint(db: Knex): Promise<string> {
  const last = await db('directus_activity').whereIn('collection', [...PUBLIC_COLLECTIONS]).max({ id: 'id' }).first();
  const counts = await Promise.all(['titles', 'actors', 'series', 'categories', 'tags'].map((t) => count(db, t)));
  const published = await db('titles').where('status', 'published').count({ n: '*' }).first();
  return digest({ activity: Number(last?.id ?? 0), counts, published: Number(published?.n ?? 0) });
}

export async function countersFingerprint(db: Knex): Promise<string> {
  const views = await db('titles').where('status', 'published').sum({ n: 'views' }).first();
  const reviews = await db('comments')
    .whereNotNull('title')
    .select(db.raw('count(*) as n'), db.raw('max(id) as last'), db.raw('sum(case when deleted then 1 else 0 end) as gone'))
    .first();
  const ratings = await db('ratings').select(db.raw('count(*) as n'), db.raw('sum(rating) as total'), db.raw('max(id) as last')).first();
  return digest({ views: Number(views?.n ?? 0), reviews, ratings });
}

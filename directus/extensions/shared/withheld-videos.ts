/**
 * Which uploaded videos are withheld (directus_files.withheld): those of an episode kept for subscribers
 * or taken down, or of a title not published, unless an episode or title everyone may watch shows the
 * same file. The public read rule is then a column check rather than a search of every episode for
 * every picture served. Subscribers play kept episodes through signed addresses (site-api: kept-videos.ts).
 */
import type { Knex } from 'knex';
import { isFalse } from './unset-flag.ts';

type Among = (column: string) => (q: Knex.QueryBuilder) => Knex.QueryBuilder;

/** Videos (among those `among` allows) some reader may not play: of hidden episodes, and of titles not published. */
const hiddenVideos = (db: Knex, among: Among) => db('series as s').join('titles as t', 't.id', 's.title').modify(among('s.video'))
  .where((q) => q.where('s.deleted', true).orWhere('s.takenDown', true).orWhereNot('t.status', 'published'))
  .select('s.video as file')
  .union((u) => u.from('titles').modify(among('video')).whereNot('status', 'published').select('video as file'));

/** Videos (among those `among` allows) everyone may play: of live episodes and of published titles. */
const shownVideos = (db: Knex, among: Among) => db('series as s').join('titles as t', 't.id', 's.title').modify(among('s.video'))
  .where('t.status', 'published').where(isFalse('s.deleted')).where(isFalse('s.takenDown'))
  .select('s.video as file')
  .union((u) => u.from('titles').modify(among('video')).where('status', 'published').select('video as file'));

/** The videos these titles and their episodes show now. */
export async function videosOf(db: Knex, titleIds: number[]): Promise<string[]> {
  if (!titleIds.length) return [];
  const rows: { file: string }[] = await db('series').whereIn('title', titleIds).whereNotNull('video').select('video as file')
    .union((u) => u.from('titles').whereIn('id', titleIds).whereNotNull('video').select('video as file'));
  return rows.map((r) => r.file);
}

/**
 * Marks these videos (every one with 'all') withheld or not: withheld when some reader may not play it
 * and nothing everyone may watch shows it, shown again when something does. A file no title or episode
 * shows any more keeps its mark: one left behind by a kept episode stays out of reach.
 */
export async function markWithheldVideos(db: Knex, files: string[] | 'all'): Promise<void> {
  if (files !== 'all' && !files.length) return;
  const among: Among = files === 'all' ? (column) => (q) => q.whereNotNull(column) : (column) => (q) => q.whereIn(column, files);
  await db('directus_files').modify(among('id')).where(isFalse('withheld'))
    .whereIn('id', hiddenVideos(db, among)).whereNotIn('id', shownVideos(db, among)).update({ withheld: true });
  await db('directus_files').modify(among('id')).where('withheld', true).whereIn('id', shownVideos(db, among)).update({ withheld: false });
}

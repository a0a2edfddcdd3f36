/**
 * Keeps the withheld mark of uploaded videos (shared/withheld-videos.ts) as titles and episodes change:
 * after a write, the videos it touched are marked again: those the written titles and episodes show now,
 * and those they showed before (read by the filter, in the write's own transaction), since a video an
 * episode stopped showing (re-pointed, or deleted with it, its title or its season) may now be shown
 * only by a kept one. The apply command marks every video (site-api: POST /site/schema/indexes).
 */
import type { Knex } from 'knex';
import { markWithheldVideos, videosOf } from '../../shared/withheld-videos.ts';
import type { Register } from './types.ts';

type Keys = (string | number)[];
const keysOf = (meta: { key?: unknown; keys?: unknown[] }): Keys => (meta.keys ?? (meta.key === undefined ? [] : [meta.key])) as Keys;

const videosOfRows = (database: Knex, table: 'series' | 'titles', keys: Keys): Promise<string[]> =>
  database(table).whereIn('id', keys).whereNotNull('video').distinct().pluck('video');

/** Entries left by writes that failed after their filter are forgotten past this many; such a write's action then marks every video. */
const EARLIER_KEPT = 1000;

export function registerWithheldVideos({ filter, action }: Register, logError: (err: unknown) => void): void {
  const earlier = new Map<string, string[]>();
  const entryOf = (table: string, keys: Keys) => `${table}\0${keys.join(',')}`;
  const remember = async (table: string, keys: Keys, files: Promise<string[]>) => {
    const before = await files;
    if (earlier.size >= EARLIER_KEPT) earlier.clear();
    earlier.set(entryOf(table, keys), before);
  };
  /** The videos a write's rows showed before it; 'all' when that was forgotten. */
  const recall = (table: string, keys: Keys): string[] | 'all' => {
    const files = earlier.get(entryOf(table, keys));
    earlier.delete(entryOf(table, keys));
    return files ?? 'all';
  };
  const mark = (database: Knex, files: Promise<string[] | 'all'>) => {
    files.then((list) => markWithheldVideos(database, list)).catch(logError);
  };
  const union = (a: string[] | 'all', b: string[]): string[] | 'all' => (a === 'all' ? a : [...new Set([...a, ...b])]);

  // What a video field pointed at before a change of it, or before a deletion.
  filter('titles.items.update', async (payload, meta, { database }) => {
    if ('video' in payload) await remember('titles', keysOf(meta), videosOfRows(database, 'titles', keysOf(meta)));
    return payload;
  });
  filter('series.items.update', async (payload, meta, { database }) => {
    if ('video' in payload) await remember('series', keysOf(meta), videosOfRows(database, 'series', keysOf(meta)));
    return payload;
  });
  filter('series.items.delete', async (keys, _meta, { database }) => {
    await remember('series', keys as Keys, videosOfRows(database, 'series', keys as Keys));
    return keys;
  });

  // Deleting a title or a season deletes its episodes in the database, where no episode event fires.
  for (const [collection, column] of [['titles', 'title'], ['iframeSeasons', 'season']] as const) {
    filter(`${collection}.items.delete`, async (keys, _meta, { database }) => {
      const episodes: Promise<string[]> = database('series').whereIn(column, keys as Keys).whereNotNull('video').distinct().pluck('video');
      const own = collection === 'titles' ? videosOfRows(database, 'titles', keys as Keys) : Promise.resolve([]);
      await remember(collection, keys as Keys, Promise.all([episodes, own]).then((lists) => [...new Set(lists.flat())]));
      return keys;
    });
    action(`${collection}.items.delete`, (meta, { database }) => mark(database, Promise.resolve(recall(collection, keysOf(meta)))));
  }

  action('titles.items.create', (meta, { database }) => mark(database, videosOf(database, keysOf(meta).map(Number))));
  action('titles.items.update', (meta, { database }) => {
    const keys = keysOf(meta);
    const before = 'video' in (meta.payload ?? {}) ? recall('titles', keys) : [];
    mark(database, videosOf(database, keys.map(Number)).then((now) => union(before, now)));
  });
  action('series.items.create', (meta, { database }) => mark(database, videosOfRows(database, 'series', keysOf(meta))));
  action('series.items.update', (meta, { database }) => {
    const keys = keysOf(meta);
    const before = 'video' in (meta.payload ?? {}) ? recall('series', keys) : [];
    mark(database, videosOfRows(database, 'series', keys).then((now) => union(before, now)));
  });
  action('series.items.delete', (meta, { database }) => mark(database, Promise.resolve(recall('series', keysOf(meta)))));
}

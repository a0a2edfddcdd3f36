/**
 * Episodes a person watched, as the rules (site-rules/watched.ts) and the routes (site-api/watched.ts)
 * both store them: only an episode the person may watch, and the title's list marks following the
 * watching (shared/watching.ts), unless the person turned that off in the player's settings.
 */
import type { Knex } from 'knex';
import { isFalse } from './unset-flag.ts';
import { DEFAULT_PLAYER_SETTINGS, readPlayerSettings } from '../../../shared/player-settings.ts';
import type { MarkType } from '../../../shared/rules.ts';
import { marksAfterWatching } from '../../../shared/watching.ts';

/** A refusal that names no episode: drafts, taken-down and unknown episodes answer alike. */
export const EPISODE_UNKNOWN = 'Серия не найдена';


/**
 * The episodes a person may watch, as the read permissions show them: of a published title, not taken
 * down, and, unless `seesKept` (a plan), not kept for subscribers.
 */
export function watchableEpisodes(database: Knex, seesKept: boolean): Knex.QueryBuilder {
  const q = database('series as s')
    .join('titles as t', 't.id', 's.title')
    .where('t.status', 'published')
    .where(isFalse('s.takenDown'));
  return seesKept ? q : q.where(isFalse('s.deleted'));
}

/** Each of `ids` the person may watch, with its title; the others are left out. */
export async function episodeTitles(database: Knex, ids: readonly number[], seesKept: boolean): Promise<Map<number, number>> {
  const rows: { id: number; title: number }[] = await watchableEpisodes(database, seesKept).whereIn('s.id', ids).select('s.id', 's.title');
  return new Map(rows.map((r) => [Number(r.id), Number(r.title)]));
}

/**
 * The title's episodes the person may watch, in watching order (seasons by their order, then
 * episodes), or its reverse. Nulls by hand: knex's `nulls` option on SQLite orders by the null test alone.
 */
function inWatchingOrder(database: Knex, title: number, seesKept: boolean, reverse = false): Knex.QueryBuilder {
  const [nulls, way] = reverse ? ['asc', 'desc'] : ['desc', 'asc'];
  return watchableEpisodes(database, seesKept)
    .leftJoin('iframeSeasons as z', 'z.id', 's.season')
    .where('s.title', title)
    .orderByRaw(`?? is null ${nulls}, ?? ${way}, ?? ${way}, ?? is null ${nulls}, ?? ${way}, ?? ${way}`, ['z.sort', 'z.sort', 'z.id', 's.sort', 's.sort', 's.id']);
}

/** The title's last episode in watching order that the person may watch. */
export async function lastEpisodeOf(database: Knex, title: number, seesKept: boolean): Promise<number | null> {
  const row = await inWatchingOrder(database, title, seesKept, true).first('s.id');
  return row ? Number(row.id) : null;
}

/** The episode after `episode` in its title's watching order, of those the person may watch. */
export async function episodeAfter(database: Knex, title: number, episode: number, seesKept: boolean): Promise<number | null> {
  const order = ((await inWatchingOrder(database, title, seesKept).pluck('s.id')) as unknown[]).map(Number);
  const at = order.indexOf(episode);
  return at < 0 ? null : order[at + 1] ?? null;
}

async function marksFollow(database: Knex, user: string): Promise<boolean> {
  const row = await database('directus_users').where('id', user).first('playerSettings');
  const stored: unknown = row?.playerSettings;
  if (stored === null || stored === undefined) return DEFAULT_PLAYER_SETTINGS.marksFollow;
  try {
    return readPlayerSettings(typeof stored === 'string' ? JSON.parse(stored) : stored).marksFollow;
  } catch {
    return DEFAULT_PLAYER_SETTINGS.marksFollow;
  }
}

/** Moves the person's marks of `title` after they watched episodes of it, `last` when the title's last was among them. */
export async function followWatching(database: Knex, user: string, title: number, last: boolean): Promise<void> {
  const marks: MarkType[] = await database('favorites').where({ user_created: user, title }).pluck('type');
  const change = marksAfterWatching(marks, last, await marksFollow(database, user));
  if (change.remove.length) await database('favorites').where({ user_created: user, title }).whereIn('type', change.remove).delete();
  if (change.add.length) {
    const now = new Date();
    await database('favorites')
      .insert(change.add.map((type) => ({ type, title, user_created: user, date_created: now })))
      .onConflict(['user_created', 'title', 'type'])
      .ignore();
  }
}

/** After episodes of one title were stored as watched: the marks follow, knowing whether the last was one of them. */
export async function afterWatched(database: Knex, user: string, title: number, episodes: readonly number[], seesKept: boolean): Promise<void> {
  const last = await lastEpisodeOf(database, title, seesKept);
  await followWatching(database, user, title, last !== null && episodes.includes(last));
}

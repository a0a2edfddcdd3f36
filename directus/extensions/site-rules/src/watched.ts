/**
 * Episodes marked watched through the collection: a person's own, of an episode they may watch, once
 * each, paced; the title is filled from the episode, and the title's marks follow once it is stored.
 * A mark put or taken away here is told to the person's other tabs and devices (shared/watched-news.ts).
 * (PUT /site/watched/{episode} writes the same rows in one statement, see site-api/watched.ts.)
 */
import { PREMIUM_ROLES } from '../../../../shared/rules.ts';
import { hasAnyRole, isPrivileged, type Actor } from '../../shared/accountability.ts';
import { forbidden, invalid } from '../../shared/errors.ts';
import { numberKeyOf } from '../../shared/keys.ts';
import type { Pace } from '../../shared/pace.ts';
import { EPISODE_UNKNOWN, afterWatched, episodeTitles } from '../../shared/watched-episodes.ts';
import { tellWatchedChanged } from '../../shared/watched-news.ts';
import type { Register } from './types.ts';

export const ALREADY_WATCHED = 'Серия уже отмечена просмотренной';

const seesKept = (actor: Actor | null | undefined) => isPrivileged(actor) || hasAnyRole(actor, PREMIUM_ROLES);

export function registerWatchedRules({ filter, action }: Register, watched: Pace, logError: (err: unknown) => void): void {
  filter('watchedEpisodes.items.create', async (payload, _meta, { database, accountability }) => {
    if (!isPrivileged(accountability) && !accountability?.user) forbidden();
    if (!isPrivileged(accountability)) await watched.take(accountability!.user!);
    const episode = numberKeyOf(payload.episode);
    if (episode === null) invalid('Не указана серия');
    const title = (await episodeTitles(database, [episode], seesKept(accountability))).get(episode) ?? invalid(EPISODE_UNKNOWN);
    if (accountability?.user) {
      const existing = await database('watchedEpisodes').where({ user_created: accountability.user, episode }).first('id');
      if (existing) invalid(ALREADY_WATCHED);
    }
    return { ...payload, episode, title };
  });

  // A mark is put or taken away, never moved to another episode or title (people may not update at all).
  filter('watchedEpisodes.items.update', (payload, _meta, { accountability }) => {
    if (isPrivileged(accountability) && ('episode' in payload || 'title' in payload || 'user_created' in payload)) invalid('Отметку просмотра не меняют: снимите её и поставьте другую');
    return payload;
  });

  action('watchedEpisodes.items.create', async ({ key }, { database, accountability }) => {
    try {
      const row = await database('watchedEpisodes').where('id', key).first('user_created', 'title', 'episode');
      if (row?.user_created) await afterWatched(database, row.user_created, Number(row.title), [Number(row.episode)], seesKept(accountability));
      if (row?.user_created) await tellWatchedChanged(row.user_created, [Number(row.title)]);
    } catch (err) {
      logError(err);
    }
  });

  /** Whose mark of which title each row being deleted is, by the row's id: the rows are gone by the action. */
  const leaving = new Map<string, { user: string; title: number }>();

  filter('watchedEpisodes.items.delete', async (keys, _meta, { database }) => {
    const ids = (Array.isArray(keys) ? keys : []).filter((k): k is string | number => typeof k === 'string' || typeof k === 'number');
    if (ids.length === 0) return keys;
    const rows: { id: unknown; user_created: string | null; title: unknown }[] = await database('watchedEpisodes').whereIn('id', ids).select('id', 'user_created', 'title');
    for (const row of rows) if (row.user_created) leaving.set(String(row.id), { user: row.user_created, title: Number(row.title) });
    return keys;
  });

  action('watchedEpisodes.items.delete', async ({ keys }) => {
    const byUser = new Map<string, number[]>();
    for (const key of keys ?? []) {
      const gone = leaving.get(String(key));
      leaving.delete(String(key));
      if (gone) byUser.set(gone.user, [...(byUser.get(gone.user) ?? []), gone.title]);
    }
    try {
      for (const [user, titles] of byUser) await tellWatchedChanged(user, titles);
    } catch (err) {
      logError(err);
    }
  });
}

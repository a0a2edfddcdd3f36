/**
 * New-episode alerts: when an episode is added to a published title, everyone who marked the
 * title 'Смотрю' or 'Буду смотреть' gets an alert (once per episode). Episodes kept for
 * subscribers (`deleted`) or taken down for a rights holder (`takenDown`) alert nobody.
 */
import type { Knex } from 'knex';
import { insertNewRows } from '../../shared/insert-new-rows.ts';
import type { Register } from './types.ts';
import { flagOf } from './values.ts';

export const ALERTING_MARKS = ['Смотрю', 'Буду смотреть'] as const;

export async function alertNewEpisode(database: Knex, episodeId: string | number): Promise<number> {
  const episode = await database('series as s')
    .join('titles as t', 't.id', 's.title')
    .where('s.id', episodeId)
    .first('s.id', 's.title', 's.deleted', 's.takenDown', 't.status');
  if (!episode || episode.deleted || episode.takenDown || episode.status !== 'published') return 0;
  const people: string[] = await database('favorites')
    .where('title', episode.title)
    .whereIn('type', [...ALERTING_MARKS])
    .distinct()
    .pluck('user_created');
  if (!people.length) return 0;
  const now = new Date();
  const rows = people.map((user) => ({ user, title: episode.title, episode: episode.id, read: false, date_created: now }));
  // Every follower alerted or none, however many follow the title.
  await database.transaction((trx) => insertNewRows(trx, 'alerts', rows, ['user', 'episode']));
  return people.length;
}

export function registerAlertRules({ action, filter }: Register, logError: (err: unknown) => void): void {
  filter('alerts.items.update', (payload) => ('read' in payload ? { ...payload, read: flagOf(payload.read) } : payload));
  action('series.items.create', ({ key }, { database }) => {
    if (key !== undefined) alertNewEpisode(database, key).catch(logError);
  });
}

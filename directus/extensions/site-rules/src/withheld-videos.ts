/**
 * Keeps the withheld mark of uploaded videos (shared/withheld-videos.ts) as titles and episodes change:
 * after a title or an episode is written or an episode deleted, the videos are marked again. The apply command
 * marks every video (site-api: POST /site/schema/indexes).
 */
import type { Knex } from 'knex';
import { markWithheldVideos } from '../../shared/withheld-videos.ts';
import type { Register } from './types.ts';

const keysOf = (meta: { key?: unknown; keys?: unknown[] }) => (meta.keys ?? (meta.key === undefined ? [] : [meta.key])).map(Number);

const titlesOfEpisodes = (database: Knex, episodes: number[]): Promise<number[]> =>
  database('series').whereIn('id', episodes).distinct().pluck('title');

export function registerWithheldVideos({ action }: Register, logError: (err: unknown) => void): void {
  for (const event of ['titles.items.create', 'titles.items.update']) {
    action(event, (meta, { database }) => {
      markWithheldVideos(database, keysOf(meta)).catch(logError);
    });
  }
  // An episode gone may have been the one that showed a kept episode's video to everyone.
  action('series.items.delete', (_meta, { database }) => {
    markWithheldVideos(database, []).catch(logError);
  });
  for (const event of ['series.items.create', 'series.items.update']) {
    action(event, (meta, { database }) => {
      titlesOfEpisodes(database, keysOf(meta)).then((titles) => markWithheldVideos(database, titles)).catch(logError);
    });
  }
}

/**
 * After an episode's video is uploaded or replaced: its length is read from the file
 * (`episode-length.ts`), and its season is queued for the search of openings and endings
 * (`search.ts`). Neither holds up the editor's save. When Directus starts, and every minute (the
 * operator's SEGMENT_LOOK_CRON), searches an instance left behind (it stopped before it ran or finished
 * them) are run, so none stays queued or running for good.
 */
import { defineHook } from '@directus/extensions';
import type { Readable } from 'node:stream';
import { measureEpisodes, videoOf, videoToMeasure } from './episode-length.ts';
import { segmentSearch } from './runner.ts';
import { createJobQueue } from './job-queue.ts';
import type { SeasonKey } from './search.ts';
import { defaultTools } from './tools.ts';
import { envText } from '../../shared/env.ts';

/** How often searches left behind are looked for (cron, seconds allowed). */
const DEFAULT_LOOK_CRON = '0 * * * * *';

export default defineHook(({ action, schedule }, deps) => {
  const { services, database, getSchema, env, logger } = deps;
  const ctx = {
    database,
    env,
    tools: defaultTools(),
    logWarning: (message: string) => logger.warn(message),
    async readFile(id: string): Promise<Readable> {
      const { stream } = await new services.AssetsService({ knex: database, schema: await getSchema() }).getAsset(id);
      return stream as Readable;
    },
    async saveLength(episode: string | number, seconds: number): Promise<void> {
      await new services.ItemsService('series', { knex: database, schema: await getSchema() }).updateOne(episode, { duration: seconds });
    },
  };
  /** Queues the seasons of the episodes that now play an uploaded file, per title. */
  const queueSearch = async (episodes: readonly (string | number)[]) => {
    const rows: { title: number; season: number | null }[] = await database('series').whereIn('id', [...episodes]).whereNotNull('video').select('title', 'season');
    const byTitle = new Map<number, Set<SeasonKey>>();
    for (const r of rows) {
      const seasons = byTitle.get(Number(r.title)) ?? new Set<SeasonKey>();
      seasons.add(r.season === null ? null : Number(r.season));
      byTitle.set(Number(r.title), seasons);
    }
    for (const [title, seasons] of byTitle) await segmentSearch(deps).request(title, [...seasons]);
  };
  /** Lengths are read one file at a time: saves in a row each started an ffmpeg of their own at once. */
  const lengths = createJobQueue<void>((err) => logger.warn(`Длина серии не прочитана: ${String(err)}`));
  const uploaded = (episodes: (string | number)[], payload: Record<string, unknown> | undefined) => {
    if (!episodes.length) return;
    // Not awaited: the editor's save is answered before ffmpeg starts, and a failure is only logged.
    const measured = videoToMeasure(payload);
    if (measured) void lengths.enqueue(() => measureEpisodes(ctx, episodes, measured));
    if (videoOf(payload)) queueSearch(episodes).catch((err: unknown) => logger.warn(`Поиск заставок не поставлен в очередь: ${String(err)}`));
  };
  /** On a first start the schema is applied after Directus listens: there is nothing to resume yet. */
  const resume = async () => {
    if (!(await getSchema()).collections.titles?.fields.segmentSearchAsked) return;
    const resumed = await segmentSearch(deps).resumeLeftBehind();
    if (resumed) logger.info(`Поиск заставок продолжен для дорам, оставленных другим запуском: ${resumed}`);
  };
  const resumeFailed = (err: unknown) => logger.warn(`Оставленные поиски заставок не продолжены: ${String(err)}`);
  action('server.start', () => { resume().catch(resumeFailed); });
  schedule(envText(env, 'SEGMENT_LOOK_CRON') ?? DEFAULT_LOOK_CRON, () => resume().catch(resumeFailed));
  action('series.items.create', ({ key, payload }) => uploaded(key === undefined ? [] : [key], payload));
  action('series.items.update', ({ keys, payload }) => uploaded(keys ?? [], payload));
});

/**
 * Openings and endings proposed by listening to a season's uploaded episodes (`season.ts`), and the
 * length of an episode read from its uploaded video (`episode-length.ts`). The job that runs an
 * analysis after an upload is not registered yet.
 */
import { defineHook } from '@directus/extensions';
import type { Readable } from 'node:stream';
import { measureEpisodes, videoToMeasure } from './episode-length.ts';
import { defaultTools } from './tools.ts';

export default defineHook(({ action }, { services, database, getSchema, env, logger }) => {
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
  const measure = (episodes: (string | number)[], payload: Record<string, unknown> | undefined) => {
    const video = videoToMeasure(payload);
    if (!video || !episodes.length) return;
    // Not awaited: the editor's save is answered before ffmpeg starts, and its failure is only logged.
    measureEpisodes(ctx, episodes, video).catch((err: unknown) => logger.warn(`Длина серии не прочитана: ${String(err)}`));
  };
  action('series.items.create', ({ key, payload }) => measure(key === undefined ? [] : [key], payload));
  action('series.items.update', ({ keys, payload }) => measure(keys ?? [], payload));
});

/**
 * An episode's length (`series.duration`) read from its uploaded video after the save that set it:
 * ffmpeg reads the file's header in the background, so the save never waits for it, and a file
 * ffmpeg cannot read leaves the length as it was. A length the editor types in the same save wins.
 */
import { videoLength } from './fingerprint.ts';
import { withFile, type FileContext } from './stored-file.ts';
import type { Tools } from './tools.ts';

export interface LengthContext extends FileContext {
  /** Saves the length through Directus, so what follows an editor's change (the site's rebuild) follows it too. */
  saveLength(episode: string | number, seconds: number): Promise<void>;
  tools: Tools;
  logWarning(message: string): void;
}

type Payload = Record<string, unknown> | undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The uploaded file a save put on episodes. */
export function videoOf(payload: Payload): string | null {
  if (!payload || !('video' in payload)) return null;
  const video = payload.video;
  const id = typeof video === 'object' && video !== null ? (video as { id?: unknown }).id : video;
  return typeof id === 'string' && UUID.test(id) ? id : null;
}

/** The uploaded file a save put on episodes, unless it also set their length. */
export function videoToMeasure(payload: Payload): string | null {
  return payload && 'duration' in payload ? null : videoOf(payload);
}

export async function measureEpisodes(ctx: LengthContext, episodes: readonly (string | number)[], video: string): Promise<void> {
  const seconds = await withFile(ctx, video, (file) => videoLength(file, ctx.tools));
  if (seconds === null) {
    ctx.logWarning(`Длина видео ${video} не прочитана: файл не похож на видео`);
    return;
  }
  const rounded = Math.round(seconds * 100) / 100;
  // Only episodes still playing this file: a later save may have put another one on them.
  const still: (string | number)[] = await ctx.database('series').whereIn('id', [...episodes]).where('video', video).pluck('id');
  for (const episode of still) await ctx.saveLength(episode, rounded);
}

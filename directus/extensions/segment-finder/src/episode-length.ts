/**
 * An episode's length (`series.duration`) read from its uploaded video after the save that set it:
 * ffmpeg reads the file's header in the background, so the save never waits for it, and a file
 * ffmpeg cannot read leaves the length as it was. A length the editor types in the same save wins.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import type { Readable } from 'node:stream';
import { videoLength } from './fingerprint.ts';
import type { Tools } from './tools.ts';

export interface LengthContext {
  database: Knex;
  env: Record<string, unknown>;
  /** Streams a stored file (for storages that are not a local disk). */
  readFile(id: string): Promise<Readable>;
  /** Saves the length through Directus, so what follows an editor's change (the site's rebuild) follows it too. */
  saveLength(episode: string | number, seconds: number): Promise<void>;
  tools: Tools;
  logWarning(message: string): void;
}

type Payload = Record<string, unknown> | undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The uploaded file a save put on episodes, unless it also set their length. */
export function videoToMeasure(payload: Payload): string | null {
  if (!payload || !('video' in payload) || 'duration' in payload) return null;
  const video = payload.video;
  const id = typeof video === 'object' && video !== null ? (video as { id?: unknown }).id : video;
  return typeof id === 'string' && UUID.test(id) ? id : null;
}

/** A local storage's path of the file, or null when it lives elsewhere. */
function localPath(env: Record<string, unknown>, storage: string, filename: string): string | null {
  const name = storage.toUpperCase();
  const driver = env[`STORAGE_${name}_DRIVER`] ?? (storage === 'local' ? 'local' : null);
  const root = env[`STORAGE_${name}_ROOT`];
  return driver === 'local' && typeof root === 'string' ? path.resolve(root, filename) : null;
}

/** Runs `read` on a path of the file: its own on a local disk, otherwise a temporary copy. */
async function withFile<T>(ctx: LengthContext, id: string, read: (file: string) => Promise<T>): Promise<T | null> {
  const row = await ctx.database('directus_files').where('id', id).first('storage', 'filename_disk');
  if (!row?.filename_disk) return null;
  const local = localPath(ctx.env, String(row.storage), String(row.filename_disk));
  if (local) return read(local);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'episode-length-'));
  try {
    const copy = path.join(dir, 'video');
    await pipeline(await ctx.readFile(id), createWriteStream(copy));
    return await read(copy);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
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

/**
 * Paths of uploaded files for ffmpeg: a local storage's own path, otherwise a temporary copy made
 * through Directus (for storages that are not a local disk), removed once read.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import type { Readable } from 'node:stream';

export interface FileContext {
  database: Knex;
  env: Record<string, unknown>;
  /** Streams a stored file (for storages that are not a local disk). */
  readFile(id: string): Promise<Readable>;
}

/** A local storage's path of the file, or null when it lives elsewhere. */
function localPath(env: Record<string, unknown>, storage: string, filename: string): string | null {
  const name = storage.toUpperCase();
  const driver = env[`STORAGE_${name}_DRIVER`] ?? (storage === 'local' ? 'local' : null);
  const root = env[`STORAGE_${name}_ROOT`];
  return driver === 'local' && typeof root === 'string' ? path.resolve(root, filename) : null;
}

/**
 * Runs `read` with a path for each of `ids` that names a stored file (a missing one has none). Copies
 * are made one after another into one temporary folder, removed whatever `read` does.
 */
export async function withFiles<T>(ctx: FileContext, ids: readonly string[], read: (paths: Map<string, string>) => Promise<T>): Promise<T> {
  const rows: { id: string; storage: string; filename_disk: string | null }[] = ids.length
    ? await ctx.database('directus_files').whereIn('id', [...ids]).select('id', 'storage', 'filename_disk')
    : [];
  const paths = new Map<string, string>();
  let dir: string | null = null;
  try {
    for (const row of rows) {
      if (!row.filename_disk) continue;
      const local = localPath(ctx.env, String(row.storage), String(row.filename_disk));
      if (local) {
        paths.set(row.id, local);
        continue;
      }
      dir ??= await mkdtemp(path.join(os.tmpdir(), 'segment-finder-'));
      const copy = path.join(dir, row.id);
      await pipeline(await ctx.readFile(row.id), createWriteStream(copy));
      paths.set(row.id, copy);
    }
    return await read(paths);
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

/** Runs `read` on a path of the file, or gives null when no such file is stored. */
export function withFile<T>(ctx: FileContext, id: string, read: (file: string) => Promise<T>): Promise<T | null> {
  return withFiles(ctx, [id], async (paths) => {
    const file = paths.get(id);
    return file === undefined ? null : read(file);
  });
}

/** Sizes and SHA-256 sums of files, as a manifest records them. */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileSum } from './manifest.ts';

export async function fileSum(file: string): Promise<FileSum> {
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(createReadStream(file), async function* (chunks: AsyncIterable<Buffer>) {
    for await (const chunk of chunks) {
      bytes += chunk.length;
      hash.update(chunk);
    }
  });
  return { bytes, sha256: hash.digest('hex') };
}

/** Every file under `dir` by its '/'-separated path inside it; empty when the folder is not there. */
export async function folderSums(dir: string): Promise<Record<string, FileSum>> {
  if (!existsSync(dir)) return {};
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  const sums: Record<string, FileSum> = {};
  for (const file of files.sort()) sums[file.split(path.sep).join('/')] = await fileSum(path.join(dir, file));
  return sums;
}

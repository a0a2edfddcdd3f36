/**
 * Working folders named for the process that made them (`<prefix><pid>-XXXXXX`). A process removes its
 * own when done, but one that is killed cannot; the next one to make such a folder removes those whose
 * process is gone, so interrupted benches and builds do not fill the disk (a bench of 100,000 titles
 * leaves about 17 GB).
 */
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { processAlive } from './process-alive.ts';

/** A new folder under `parent` owned by this process; those left by processes that are gone are removed in the background. */
export function ownedTempDir(parent: string, prefix: string): string {
  mkdirSync(parent, { recursive: true });
  void removeOrphanedDirs(parent, prefix).catch(() => {});
  return mkdtempSync(path.join(parent, `${prefix}${process.pid}-`));
}

/** Removes the folders under `parent` named `<prefix><pid>-…` whose process is gone; answers their paths once removed. */
export async function removeOrphanedDirs(parent: string, prefix: string): Promise<string[]> {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return [];
  }
  const orphans = names
    .filter((name) => name.startsWith(prefix))
    .filter((name) => {
      const owner = /^(\d+)-/.exec(name.slice(prefix.length));
      return owner !== null && !processAlive(Number(owner[1]));
    })
    .map((name) => path.join(parent, name));
  await Promise.all(orphans.map((dir) => rm(dir, { recursive: true, force: true })));
  return orphans;
}

/** The parent side of incremental builds (see src/site-build/page-reuse.ts). */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isNextKeysFile, KEYS_FILE, STAMP_FILE, type PageCounts, type PageKeys } from '../../src/site-build/page-reuse.ts';
import { ROOT } from '../lib/paths.ts';

/** What pages are rendered with: any change here renders every page again. */
const CODE = ['src', 'shared', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

function* files(entry: string): Generator<string> {
  const st = statSync(entry);
  if (!st.isDirectory()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

/** A digest of the site's code and locked dependencies. */
export function codeHash(root = ROOT): string {
  const hash = createHash('sha256');
  for (const top of CODE) {
    for (const file of files(path.join(root, top))) hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('base64url');
}

/** The keys the parts of the last build made (one file a part). */
function nextKeyFiles(cacheDir: string): string[] {
  return readdirSync(cacheDir).filter(isNextKeysFile).map((name) => path.join(cacheDir, name));
}

/** Forgets keys a build made that was not put in place. */
export function dropNextKeys(cacheDir: string): void {
  for (const file of nextKeyFiles(cacheDir)) rmSync(file, { force: true });
}

/** The keys the parts of the last build made, taken out of the cache folder. */
export function takeNextKeys(cacheDir: string): PageKeys[] {
  const parts = nextKeyFiles(cacheDir).map((file) => JSON.parse(readFileSync(file, 'utf8')) as PageKeys);
  dropNextKeys(cacheDir);
  return parts;
}

/** Forgets the previous keys: the folder they describe is about to change. */
export function dropKeys(cacheDir: string): void {
  rmSync(path.join(cacheDir, KEYS_FILE), { force: true });
}

/**
 * Once a build is in place at `outDir`, the page keys its parts made (`parts`, taken by default)
 * become the previous keys, tied to that folder. Returns how many keyed pages the build kept and rendered.
 */
export function promoteKeys(cacheDir: string, outDir: string, parts = takeNextKeys(cacheDir)): PageCounts | null {
  if (!parts.length) {
    dropKeys(cacheDir);
    return null;
  }
  const { dev, ino } = statSync(path.join(outDir, STAMP_FILE));
  const merged: PageKeys = {
    codeHash: parts[0]!.codeHash,
    ...(parts[0]!.common ? { common: parts[0]!.common } : {}),
    keys: Object.assign({}, ...parts.map((p) => p.keys)),
    stamp: { dev, ino },
  };
  writeFileSync(path.join(cacheDir, KEYS_FILE), JSON.stringify(merged));
  return { kept: sum(parts.map((p) => p.kept ?? 0)), rendered: sum(parts.map((p) => p.rendered ?? 0)) };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

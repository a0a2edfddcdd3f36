/** The parent side of incremental builds (see src/lib/build-cache/page-reuse.ts). */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { KEYS_FILE, NEXT_KEYS_FILE, STAMP_FILE, type PageCounts, type PageKeys } from '../../../src/lib/build-cache/page-reuse.ts';
import { ROOT } from '../paths.ts';

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

/**
 * Once a build is in place at `outDir`, its page keys become the previous keys, tied to that folder.
 * Returns how many keyed pages the build kept and rendered.
 */
export function promoteKeys(cacheDir: string, outDir: string): PageCounts | null {
  const next = path.join(cacheDir, NEXT_KEYS_FILE);
  if (!existsSync(next)) {
    rmSync(path.join(cacheDir, KEYS_FILE), { force: true });
    return null;
  }
  const { kept = 0, rendered = 0, ...keys } = JSON.parse(readFileSync(next, 'utf8')) as PageKeys;
  const { dev, ino } = statSync(path.join(outDir, STAMP_FILE));
  writeFileSync(path.join(cacheDir, KEYS_FILE), JSON.stringify({ ...keys, stamp: { dev, ino } }));
  rmSync(next, { force: true });
  return { kept, rendered };
}

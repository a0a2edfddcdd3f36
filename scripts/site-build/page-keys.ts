/** The parent side of incremental builds (see src/site-build/page-reuse.ts). */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  FOLDER_FILE, isNextFile, KEYS_FILE, keysDescribe, nextCountsFile, nextKeysFile, readJson, readKeysHead, STAMP_FILE, type FolderStamp, type PageCounts, type PartCounts,
} from '../../src/site-build/page-keys-file.ts';
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

/**
 * Whether the keys in `cacheDir` describe the folder `dir` as the code `code` makes it: what an edit
 * put into `dir` in place needs (src/site-build/page-reuse.ts). Every key names the code, so keys
 * made before the site's code changed under a running loop tell of no page that it is unchanged.
 */
export function keysFit(cacheDir: string, dir: string, code: string): boolean {
  return keysDescribe(cacheDir, dir) && readKeysHead(path.join(cacheDir, KEYS_FILE))?.codeHash === code;
}

/** The part numbers of the last build's parts that left their keys. */
function nextParts(cacheDir: string): number[] {
  return readdirSync(cacheDir).flatMap((name) => /^pages\.next\.(\d+)\.keys$/.exec(name)?.[1] ?? []).map(Number).sort((a, b) => a - b);
}

/** Forgets keys a build made that was not put in place. */
export function dropNextKeys(cacheDir: string): void {
  for (const name of readdirSync(cacheDir).filter(isNextFile)) rmSync(path.join(cacheDir, name), { force: true });
}

/** Forgets the previous keys: the folder they describe is about to change. */
export function dropKeys(cacheDir: string): void {
  for (const name of [KEYS_FILE, FOLDER_FILE]) rmSync(path.join(cacheDir, name), { force: true });
}

/** What each part of the last build kept, rendered and lost. */
export function partCounts(cacheDir: string): PartCounts[] {
  return nextParts(cacheDir).map((part) => readJson<PartCounts>(path.join(cacheDir, nextCountsFile(part))) ?? { kept: 0, rendered: 0, gone: [] });
}

/**
 * Once a build is in place at `outDir`, the page keys its parts made become the previous keys, tied
 * to that folder: one part's file is renamed, several are put one after another under the first's
 * head. Returns how many keyed pages the build kept and rendered.
 */
export function promoteKeys(cacheDir: string, outDir: string): PageCounts | null {
  const parts = nextParts(cacheDir);
  const counts = partCounts(cacheDir);
  dropKeys(cacheDir);
  if (!parts.length) return null;
  const files = parts.map((part) => path.join(cacheDir, nextKeysFile(part)));
  if (files.length === 1) renameSync(files[0]!, path.join(cacheDir, KEYS_FILE));
  else {
    const joined = path.join(cacheDir, `${KEYS_FILE}.tmp`);
    writeFileSync(joined, files.map((file, i) => {
      const text = readFileSync(file, 'utf8');
      return i ? text.slice(text.indexOf('\n') + 1) : text;
    }).join(''));
    renameSync(joined, path.join(cacheDir, KEYS_FILE));
  }
  const { dev, ino } = statSync(path.join(outDir, STAMP_FILE));
  const stamp: FolderStamp = { dev, ino };
  writeFileSync(path.join(cacheDir, FOLDER_FILE), JSON.stringify(stamp));
  dropNextKeys(cacheDir);
  return { kept: sum(counts.map((p) => p.kept)), rendered: sum(counts.map((p) => p.rendered)) };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * The features' borders: an island (a .tsx under src/features or src/ui) never reaches the Directus
 * client itself (it calls its feature's store), code of one feature reaches another only through
 * that feature's index.ts, and the shared kit in src/ui knows no feature.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname.replace(/\/features$/, '');
const FEATURES = path.join(SRC, 'features');
const UI = path.join(SRC, 'ui');
const CLIENT = path.join(SRC, 'lib/directus/client.ts');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Every relative import of a file, resolved to a path under src; dynamic ones (`import('…')`) too unless `staticOnly`. */
function relativeImports(file: string, staticOnly = false): string[] {
  const text = readFileSync(file, 'utf8');
  const pattern = staticOnly ? /(?:from|import)\s+'(\.{1,2}\/[^']+)'/g : /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;
  return [...text.matchAll(pattern)].map((m) => path.resolve(path.dirname(file), m[1]));
}

/**
 * Besides index.ts, the small account stores every page reads, and the way back after signing in
 * that visitors' links name: a visitor's island takes them directly, since the index's barrel would
 * bring the account's signed-in store into its bundle.
 */
const EVERY_PAGE = ['features/account/session.ts', 'features/account/badges.ts', 'features/account/return-path.ts'].map((f) => path.join(SRC, f));
/** A feature's second door, `for-signed-in.ts`, opens onto code that only signed-in people load. */
const isEntry = (file: string) => ['index.ts', 'for-signed-in.ts'].includes(path.basename(file)) || EVERY_PAGE.includes(file);

const within = (file: string, dir: string) => file === dir || file.startsWith(dir + path.sep);
const featureOf = (file: string) => (within(file, FEATURES) ? path.relative(FEATURES, file).split(path.sep)[0] : null);
const show = (file: string, target: string) => `${path.relative(SRC, file)} → ${path.relative(SRC, target)}`;

describe('feature boundaries', () => {
  const islands = [...sources(FEATURES), ...sources(UI)].filter((f) => f.endsWith('.tsx'));

  it('finds the islands it guards', () => {
    expect(islands.length).toBeGreaterThan(20);
  });

  it('no island reaches the Directus client itself', () => {
    const offending = islands.flatMap((file) => relativeImports(file).filter((t) => t === CLIENT).map((t) => show(file, t)));
    expect(offending).toEqual([]);
  });

  // Code loaded on demand (`import('…')`) may name another feature's mount point: through the index,
  // it would bring the rest of that feature along into its chunk.
  it('a feature imports another only through its index.ts (or the session every page reads)', () => {
    const offending = sources(FEATURES).flatMap((file) => relativeImports(file, true)
      .filter((t) => featureOf(t) !== null && featureOf(t) !== featureOf(file) && !isEntry(t))
      .map((t) => show(file, t)));
    expect(offending).toEqual([]);
  });

  it('the shared kit knows no feature', () => {
    const offending = sources(UI).flatMap((file) => relativeImports(file).filter((t) => within(t, FEATURES)).map((t) => show(file, t)));
    expect(offending).toEqual([]);
  });
});

/**
 * Incremental builds: a page whose key (page-key.ts) equals the one it had in the previous build is
 * not rendered again; its HTML is hard-linked from the previous build's folder into the new one
 * (a link, never a write: Astro writes only pages it renders, each to a new file, so the previous
 * build stays as it was while it is served). The keys of a build are kept in the cache folder and
 * become the previous keys once `scripts/lib/site-build.ts` has put that build in place.
 *
 * Set by site-build.ts for the Astro process: SITE_CACHE_DIR (keys and catalogue rows), SITE_OUT_DIR
 * (this build's folder), SITE_REUSE_DIR (the previous build's folder), SITE_CODE_HASH (the code).
 */
import { linkSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pageFile } from './page-key.ts';

export const KEYS_FILE = 'pages.json';
export const NEXT_KEYS_FILE = 'pages.next.json';
/** A page every build renders afresh: its inode tells one build's folder from another's. */
export const STAMP_FILE = '404.html';

export interface PageKeys {
  codeHash: string;
  keys: Record<string, string>;
  /** The device and inode of the build's STAMP_FILE, set once the build is in place. */
  stamp?: { dev: number; ino: number };
}

export interface PageReuse {
  /** Records the page's key; true when its previous HTML is now in this build and it needs no rendering. */
  keep(pathname: string, key: string): boolean;
  /** Whether keys are kept at all (an incremental build). */
  readonly active: boolean;
}

function readKeys(file: string): PageKeys | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PageKeys;
  } catch {
    return null;
  }
}

/** The previous keys, when they describe the folder `reuseDir` holds and the same code. */
function previousKeys(cacheDir: string, reuseDir: string | undefined, codeHash: string): PageKeys | null {
  if (!reuseDir) return null;
  const previous = readKeys(path.join(cacheDir, KEYS_FILE));
  if (!previous?.stamp || previous.codeHash !== codeHash) return null;
  try {
    const st = statSync(path.join(reuseDir, STAMP_FILE));
    return st.dev === previous.stamp.dev && st.ino === previous.stamp.ino ? previous : null;
  } catch {
    return null;
  }
}

export function createPageReuse(env: NodeJS.ProcessEnv): PageReuse {
  const cacheDir = env.SITE_CACHE_DIR;
  const outDir = env.SITE_OUT_DIR;
  if (!cacheDir || !outDir) return { active: false, keep: () => false };
  const codeHash = env.SITE_CODE_HASH ?? '';
  const previous = previousKeys(cacheDir, env.SITE_REUSE_DIR, codeHash);
  const next: PageKeys = { codeHash, keys: {} };
  const decided = new Map<string, boolean>();
  let kept = 0;
  let fresh = 0;
  process.once('exit', () => {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(path.join(cacheDir, NEXT_KEYS_FILE), JSON.stringify(next));
    console.log(`[incremental] ${kept} pages kept from the previous build, ${fresh} keyed pages rendered`);
  });
  return {
    active: true,
    keep(pathname, key) {
      const known = decided.get(pathname);
      if (known !== undefined) return known;
      const linked = link(pathname, key);
      decided.set(pathname, linked);
      return linked;
    },
  };

  function link(pathname: string, key: string): boolean {
    next.keys[pathname] = key;
    if (previous?.keys[pathname] === key) {
      const file = pageFile(pathname);
      const target = path.join(outDir!, file);
      try {
        mkdirSync(path.dirname(target), { recursive: true });
        linkSync(path.join(env.SITE_REUSE_DIR!, file), target);
        kept++;
        return true;
      } catch {
        // Not in the previous folder after all: render it.
      }
    }
    fresh++;
    return false;
  }
}

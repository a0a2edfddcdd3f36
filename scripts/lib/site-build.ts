/** Builds the static site with Astro on the project's own Node, reading Directus at a given address. */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { CatalogueChanges } from '../../src/lib/directus/catalogue.ts';
import { ROOT } from './paths.ts';
import { NEXT_KEYS_FILE, type PageCounts } from '../../src/lib/build-cache/page-reuse.ts';
import { codeHash, promoteKeys } from './site/build-cache.ts';

/** Astro's CLI entry, from its package.json (`bin/astro.mjs` in Astro 7). */
function astroCli(): string {
  const dir = path.join(ROOT, 'node_modules/astro');
  const bin = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { bin: string | Record<string, string> }).bin;
  return path.join(dir, typeof bin === 'string' ? bin : (bin.astro as string));
}

export interface SiteBuildOptions {
  directusUrl: string;
  outDir: string;
  /** The public address pages put in canonical links, OpenGraph and the sitemap. */
  siteUrl?: string;
  /** Called with the build's process id as it starts (the benchmark samples its memory). */
  onStart?: (pid: number) => void;
  /** Receives Astro's output as it comes (the build's log). */
  onOutput?: (text: string) => void;
  /**
   * Makes the build incremental: the page keys and catalogue rows of the last build are kept here
   * (one folder per site; never shared by two builds at once). A page whose data, frame and code are
   * as they were keeps its previous HTML (hard-linked from `previousDir`) instead of being rendered.
   */
  cacheDir?: string;
  /** The build now served, whose unchanged pages are kept; `outDir` by default. */
  previousDir?: string;
  /**
   * With `cacheDir`: the titles and people created, changed, published, unpublished or deleted since
   * the last build (a junction, episode, season or soundtrack counts as its title). Only these are read
   * from Directus again. Leave it out when anything else changed (a genre, a category, a tag…): then
   * the whole catalogue is read, and the keys still render only the pages whose data changed.
   */
  changed?: CatalogueChanges;
}

/**
 * Astro keeps its intermediate prerender bundle inside the output folder only when that lies under
 * the project (elsewhere it shares the project's `.astro/`, and two builds at once collide), and that
 * bundle must resolve the project's packages. So every build goes to a folder of its own under
 * `.astro/builds/`, which is then moved where it was asked for.
 */
function stagingDir(): string {
  const dir = path.join(ROOT, '.astro', 'builds');
  mkdirSync(dir, { recursive: true });
  return mkdtempSync(path.join(dir, 'build-'));
}

/**
 * Puts the build at `from` in place of `to`: the previous folder is renamed aside and the new one
 * renamed in (two renames, so the site is missing only between them), and the previous folder is
 * handed back for deleting, which takes seconds for tens of thousands of pages.
 */
function moveDir(from: string, to: string, aside: string): void {
  mkdirSync(path.dirname(to), { recursive: true });
  if (existsSync(to)) renameSync(to, aside);
  try {
    renameSync(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    cpSync(from, to, { recursive: true });
  }
}

/**
 * `astro build` into `outDir`; rejects with the tail of its output when it fails. An incremental
 * build (`cacheDir`) resolves with how many title, cast and person pages it kept and rendered.
 */
export function buildSite(o: SiteBuildOptions): Promise<PageCounts | null> {
  const staging = stagingDir();
  const out = path.join(staging, 'dist');
  const cacheDir = o.cacheDir ? path.resolve(o.cacheDir) : undefined;
  const previousDir = path.resolve(o.previousDir ?? o.outDir);
  const incremental: Record<string, string> = cacheDir
    ? {
      SITE_CACHE_DIR: cacheDir,
      SITE_OUT_DIR: out,
      SITE_CODE_HASH: codeHash(),
      ...(existsSync(previousDir) ? { SITE_REUSE_DIR: previousDir } : {}),
      ...(o.changed ? { SITE_CHANGED: JSON.stringify(o.changed) } : {}),
    }
    : {};
  if (cacheDir) mkdirSync(cacheDir, { recursive: true });
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [
      // A larger young generation: rendering makes many short-lived objects, and the collector ran a fifth of the time.
      '--max-semi-space-size=64',
      astroCli(), 'build', '--outDir', out,
    ], {
      cwd: ROOT,
      env: {
        ...process.env,
        DIRECTUS_URL: o.directusUrl,
        ...(o.siteUrl ? { SITE_URL: o.siteUrl } : {}),
        ASTRO_TELEMETRY_DISABLED: '1',
        ...incremental,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (child.pid) o.onStart?.(child.pid);
    let output = '';
    const take = (d: Buffer) => {
      output = (output + d).slice(-40000);
      o.onOutput?.(String(d));
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build failed (${code}):\n${output}`))));
  })
    .then(() => {
      // Beside the site, so setting it aside is a rename on the same file system.
      const previous = `${path.resolve(o.outDir)}.previous-${path.basename(staging)}`;
      moveDir(out, path.resolve(o.outDir), previous);
      void rm(previous, { recursive: true, force: true }).catch(() => {});
      return cacheDir ? promoteKeys(cacheDir, path.resolve(o.outDir)) : null;
    })
    .finally(() => {
      if (cacheDir) rmSync(path.join(cacheDir, NEXT_KEYS_FILE), { force: true });
      // In the background: the new site is already in place.
      void rm(staging, { recursive: true, force: true }).catch(() => {});
    });
}

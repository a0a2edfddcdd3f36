/** Builds the static site with Astro on the project's own Node, reading Directus at a given address. */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { CatalogueChanges } from '../../src/lib/directus/catalogue.ts';
import { ROOT } from './paths.ts';
import type { PageCounts } from '../../src/lib/build-cache/page-reuse.ts';
import { createRowsRelay } from '../../src/lib/build-cache/rows-handoff.ts';
import { codeHash, dropNextKeys, promoteKeys } from './site/build-cache.ts';
import { moveMissing } from './site/move-missing.ts';

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
  /** Called with the process id of each part of the build as it starts (the benchmark samples their memory). */
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

/** How many processes render a build that reads the whole catalogue (shard.ts): one a core, up to four; SITE_BUILD_PARTS sets it. */
export function buildParts(env: NodeJS.ProcessEnv = process.env): number {
  const set = Math.floor(Number(env.SITE_BUILD_PARTS));
  return set >= 1 ? set : Math.min(Math.max(availableParallelism(), 1), 4);
}

/** One `astro build` process: resolves when it succeeds, rejects with the tail of its output. */
function astroBuild(outDir: string, env: NodeJS.ProcessEnv, o: SiteBuildOptions, onMessage: (message: unknown) => void) {
  const child = spawn(process.execPath, [
    // Rendering makes garbage steadily, and V8 let the heap grow to about four times the live data
    // before collecting; with a process a core that slack counted twice. The heap now grows by half
    // over what is live (whatever the catalogue's size), and a young generation of 2 × 32 MB keeps
    // short-lived objects out of it. Peak memory at 10,000 titles went from 2.6 to 1.4 GB in all.
    '--max-semi-space-size=32', '--heap-growing-percent=50',
    astroCli(), 'build', '--outDir', outDir,
  ], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  if (child.pid) o.onStart?.(child.pid);
  child.on('message', onMessage);
  let output = '';
  const take = (d: Buffer) => {
    output = (output + d).slice(-40000);
    o.onOutput?.(String(d));
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`astro build failed (${code ?? signal}):\n${output}`))));
  });
  return { child, done };
}

/**
 * `astro build` into `outDir`, split across `buildParts()` processes (one for an edit) whose pages
 * are then put in one folder; rejects with the tail of a failed part's output (the other parts are stopped). An
 * incremental build (`cacheDir`) resolves with how many title, cast and person pages it kept and
 * rendered.
 */
export async function buildSite(o: SiteBuildOptions): Promise<PageCounts | null> {
  const staging = stagingDir();
  // An edit renders a handful of pages: more parts would only start Astro and load the rows again
  // on the same cores (at 10,000 titles an edit's build took 13.9 to 17.7 s in two parts, 7.7 to
  // 11.2 s in one).
  const parts = o.changed ? 1 : buildParts();
  const outs = Array.from({ length: parts }, (_, k) => path.join(staging, k ? `dist-${k}` : 'dist'));
  const cacheDir = o.cacheDir ? path.resolve(o.cacheDir) : undefined;
  const previousDir = path.resolve(o.previousDir ?? o.outDir);
  const common: NodeJS.ProcessEnv = {
    ...process.env,
    DIRECTUS_URL: o.directusUrl,
    ...(o.siteUrl ? { SITE_URL: o.siteUrl } : {}),
    ASTRO_TELEMETRY_DISABLED: '1',
    // The rows are kept for the next incremental build, or only for the other parts of this one.
    ...(cacheDir || parts > 1 ? { SITE_ROWS_DIR: cacheDir ?? staging } : {}),
    ...(cacheDir
      ? {
        SITE_CACHE_DIR: cacheDir,
        SITE_CODE_HASH: codeHash(),
        ...(existsSync(previousDir) ? { SITE_REUSE_DIR: previousDir } : {}),
        ...(o.changed ? { SITE_CHANGED: JSON.stringify(o.changed) } : {}),
      }
      : {}),
  };
  if (cacheDir) {
    mkdirSync(cacheDir, { recursive: true });
    // Keys a stopped build left (a part of its own each) must not join this build's.
    dropNextKeys(cacheDir);
  }
  const builds: ReturnType<typeof astroBuild>[] = [];
  const relay = createRowsRelay((part, message) => {
    const child = builds[part]?.child;
    if (child?.connected) child.send(message);
  });
  try {
    outs.forEach((out, k) => builds.push(astroBuild(out, { ...common, SITE_OUT_DIR: out, SITE_SHARD: `${k}/${parts}` }, o,
      (message) => relay.receive(k, message))));
    await Promise.all(builds.map((b) => b.done)).catch((err: unknown) => {
      for (const b of builds) b.child.kill();
      throw err;
    });
    for (const out of outs.slice(1)) moveMissing(out, outs[0]!);
    // Beside the site, so setting it aside is a rename on the same file system.
    const previous = `${path.resolve(o.outDir)}.previous-${path.basename(staging)}`;
    moveDir(outs[0]!, path.resolve(o.outDir), previous);
    void rm(previous, { recursive: true, force: true }).catch(() => {});
    return cacheDir ? promoteKeys(cacheDir, path.resolve(o.outDir)) : null;
  } finally {
    if (cacheDir) dropNextKeys(cacheDir);
    // In the background: the new site is already in place.
    void rm(staging, { recursive: true, force: true }).catch(() => {});
  }
}

/** Builds the static site with Astro on the project's own Node, reading Directus at a given address. */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { CatalogueChanges } from '../../src/lib/directus/catalogue.ts';
import { ROOT } from '../lib/paths.ts';
import { ownedTempDir, removeOrphanedDirs } from '../lib/owned-dirs.ts';
import type { PageCounts } from '../../src/site-build/page-keys-file.ts';
import { createRowsRelay } from '../../src/site-build/catalogue-relay.ts';
import { asBuildMessage, handoffEnv, type BuildHandoff, type GoMessage } from '../../src/site-build/handoff.ts';
import { codeHash, dropKeys, dropNextKeys, keysFit, partCounts, promoteKeys } from './page-keys.ts';
import { moveMissing } from './move-missing.ts';
import { applyInPlace } from './apply-in-place.ts';
import { writeBuildRedirects } from './redirects-file.ts';

export interface SiteBuildOptions {
  directusUrl: string;
  outDir: string;
  /** The public address pages put in canonical links, OpenGraph and the sitemap. */
  siteUrl?: string;
  /** What the backend knows the site by (SITE_REBUILD_SECRET): the build reads what people share (co-marks) with it. */
  siteSecret?: string;
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
  /**
   * With `cacheDir` and `changed`: the edit is put into `previousDir` in place (apply-in-place.ts)
   * rather than into a new folder at `outDir`, so its cost is the pages it changed, not all of them.
   */
  inPlace?: boolean;
}

/** What a build made: where the site now is, and for an incremental build how many pages it kept and rendered. */
export interface SiteBuilt {
  dir: string;
  pages: PageCounts | null;
}

/** Builds' folders, `build-<pid>-…` (scripts/lib/owned-dirs.ts): what a killed build left is removed by the next. */
const STAGING_PREFIX = 'build-';
/**
 * What an edit's build says after the count of pages it rendered to the bytes served, which stay as they
 * are (apply-in-place.ts): counted among those rendered, though no file of them moved.
 */
export const UNCHANGED_PAGES_NOTE = 'rendered pages the same as served left as they are';

/**
 * Astro keeps its intermediate prerender bundle inside the output folder only when that lies under
 * the project (elsewhere it shares the project's `.astro/`, and two builds at once collide), and that
 * bundle must resolve the project's packages. So every build goes to a folder of its own under
 * `.astro/builds/`, which is then moved where it was asked for.
 */
function stagingDir(): string {
  return ownedTempDir(path.join(ROOT, '.astro', 'builds'), STAGING_PREFIX);
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

/** How many processes render a build that reads the whole catalogue (shard.ts): one a core, up to four; the operator's SITE_BUILD_PARTS sets it. */
export function buildParts(env: NodeJS.ProcessEnv = process.env): number {
  const set = Math.floor(Number(env.SITE_BUILD_PARTS));
  return set >= 1 ? set : Math.min(Math.max(availableParallelism(), 1), 4);
}

/**
 * How far, in percent, V8 lets a build process's heap grow over its live data. A build of every page
 * keeps little room: at 100,000 titles, on one hour, 35 % peaked at 2,032 MiB and 20 % at 1,807, for
 * about 1 % more CPU seconds. An edit's build, which loads the whole catalogue in seconds and renders a
 * few pages, keeps more (at 30,000 titles a renamed person's build took 5.5 CPU seconds with 50 %, 8.4
 * with 35 %).
 */
export const heapGrowth = (handoff: Pick<BuildHandoff, 'changes'>): number => (handoff.changes.kind === 'all' ? 20 : 50);

/** One `astro build` process given `handoff`: `done` resolves when it succeeds, rejects with the tail of its output. */
function astroBuild(handoff: BuildHandoff, env: NodeJS.ProcessEnv, onMessage: (message: unknown) => void) {
  const child = spawn(process.execPath, [
    // Rendering makes garbage steadily, and V8 let the heap grow to about four times the live data
    // before collecting; with a process a core that slack counted twice. The heap now grows by a set
    // share over what is live (whatever the catalogue's size), and a young generation of 2 × 32 MB
    // keeps short-lived objects out of it. Peak memory at 10,000 titles went from 2.6 to 1.4 GB in all.
    '--max-semi-space-size=32', `--heap-growing-percent=${heapGrowth(handoff)}`,
    path.join(ROOT, 'scripts/site-build/astro-process.ts'),
  ], {
    cwd: ROOT,
    // The bundler's allocator (mimalloc, in Rolldown) committed a 1 GiB arena at once in huge pages and
    // kept what bundling used, about 250 MB, resident for the rest of the build; these settings hand
    // freed memory back at once. A build started ahead waited in 540 MiB, now in 345.
    // Always the production bundle: under the test runner NODE_ENV is 'test', which gave the browser
    // tests React's development build (jsxDEV), not what visitors get.
    env: { MIMALLOC_ARENA_EAGER_COMMIT: '0', MIMALLOC_PURGE_DELAY: '0', ...env, ...handoffEnv(handoff), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.on('message', onMessage);
  let output = '';
  let onOutput: ((text: string) => void) | undefined;
  const take = (d: Buffer) => {
    output = (output + d).slice(-40000);
    onOutput?.(String(d));
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`astro build failed (${code ?? signal}):\n${output}`))));
  });
  done.catch(() => {});
  return {
    child,
    done,
    /** From now on the build's log and start go to `o`. */
    report(o: SiteBuildOptions) {
      onOutput = o.onOutput;
      if (child.pid) o.onStart?.(child.pid);
    },
  };
}

/**
 * The processes of one build, each rendering into a folder of its own under `staging`; the pages of
 * the build's own loop (all but a few hundred) all go to the first part's.
 */
interface Launched {
  staging: string;
  outs: string[];
  builds: ReturnType<typeof astroBuild>[];
  cacheDir: string | undefined;
  /** The served folder an edit is put into in place, when it is. */
  inPlace: string | undefined;
}

/** Whether `o` puts an edit into the served folder in place, given keys that fit it. */
const intoServed = (o: SiteBuildOptions): boolean => Boolean(o.inPlace && o.cacheDir && existsSync(path.resolve(o.previousDir ?? o.outDir)));

/**
 * The titles and people an edit's build reads again, or undefined when it reads everything. An edit
 * goes into the served folder in place only on page keys that describe that folder as this code
 * makes it (keysFit); keys made by other code (the site's code changed under a running loop: a
 * deploy, or a merge into the checkout `npm start` runs from) tell of no page that it is unchanged,
 * and the rows kept beside them were read by that code: the whole catalogue is read and every page
 * rendered into a new folder, as after a change to anything else.
 */
export function editRead(o: SiteBuildOptions, code: string): CatalogueChanges | undefined {
  return o.changed && (!intoServed(o) || keysFit(path.resolve(o.cacheDir!), path.resolve(o.previousDir ?? o.outDir), code)) ? o.changed : undefined;
}

/** What a build hands its processes, one a part, before any is started. */
export interface PlannedBuild {
  outs: string[];
  handoffs: BuildHandoff[];
  cacheDir: string | undefined;
  /** The served folder an edit is put into in place, when it is. */
  inPlace: string | undefined;
}

/**
 * The handoffs of a build of `o` into `staging`, with the site's code digest `code`. `standby`: one
 * process that bundles the site and then waits to be told what changed (see BuildStandby). An edit
 * renders a handful of pages: more parts would only start Astro and load the rows again on the same
 * cores (at 10,000 titles an edit's build took 13.9 to 17.7 s in two parts, 7.7 to 11.2 s in one).
 */
export function planBuild(o: SiteBuildOptions, staging: string, code: string, standby = false): PlannedBuild {
  const changed = standby ? undefined : editRead(o, code);
  const parts = standby || changed ? 1 : buildParts();
  const outs = Array.from({ length: parts }, (_, k) => path.join(staging, k ? `dist-${k}` : 'dist'));
  const cacheDir = o.cacheDir ? path.resolve(o.cacheDir) : undefined;
  const previousDir = path.resolve(o.previousDir ?? o.outDir);
  const inPlace = intoServed(o) && (standby || changed) && keysFit(cacheDir!, previousDir, code) ? previousDir : undefined;
  const common: Omit<BuildHandoff, 'outDir' | 'part'> = {
    // The rows are kept for the next incremental build, or only for the other parts of this one.
    ...(cacheDir || parts > 1 ? { rowsDir: cacheDir ?? staging } : {}),
    // The lead's folder is emptied as its Astro starts, before it bundles; the other parts write
    // there only once it has read the catalogue, after that.
    ...(parts > 1 ? { pagesDir: outs[0] } : {}),
    ...(cacheDir ? { reuse: { cacheDir, codeHash: code, ...(existsSync(previousDir) ? { previousDir } : {}), ...(inPlace ? { inPlace: true } : {}) } } : {}),
    changes: standby ? { kind: 'later' } : cacheDir && changed ? { kind: 'some', changed } : { kind: 'all' },
    astroLog: process.env.SITE_BUILD_LOG === 'info' ? 'info' : 'warn',
  };
  const handoffs = outs.map((out, k): BuildHandoff => ({ ...common, outDir: out, part: { index: k, count: parts } }));
  return { outs, handoffs, cacheDir, inPlace };
}

/** Starts the processes of a build planned by `planBuild`. */
function launch(o: SiteBuildOptions, code: string, standby = false): Launched {
  const staging = stagingDir();
  const { outs, handoffs, cacheDir, inPlace } = planBuild(o, staging, code, standby);
  // The operator's settings (Directus's and the site's addresses) go as they are; the rest in the handoff.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DIRECTUS_URL: o.directusUrl,
    ...(o.siteUrl ? { SITE_URL: o.siteUrl } : {}),
    ...(o.siteSecret ? { SITE_REBUILD_SECRET: o.siteSecret } : {}),
    ASTRO_TELEMETRY_DISABLED: '1',
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
  handoffs.forEach((handoff, k) => builds.push(astroBuild(handoff, env, (message) => relay.receive(k, message))));
  return { staging, outs, builds, cacheDir, inPlace };
}

/** Stops a launched build that will not be used, and removes its folder in the background. */
function abandon(l: Launched): void {
  for (const b of l.builds) b.child.kill();
  void Promise.allSettled(l.builds.map((b) => b.done)).then(() => rm(l.staging, { recursive: true, force: true })).catch(() => {});
}

/**
 * An edit's build started ahead, after the last build and before anything changed: Astro starts and
 * bundles the site (about 3.5 s of an edit's build at 10,000 titles), then waits, reading nothing,
 * until `buildSite` is given it with the changes. Only a build of the same site from the same
 * served folder and code, told which titles and people changed, takes it; any other stops it.
 */
export interface BuildStandby {
  /** Its process. */
  readonly pid: number | undefined;
  /** Resolves once it is bundled and waits: true, or false when it ended first. */
  readonly waiting: Promise<boolean>;
  stop(): void;
}

interface Waiting {
  launched: Launched;
  /** What it was started for: the options and the code. */
  fits: string;
  /** Resolves once it is bundled and waits for the word; rejects if it ended first. */
  ready: Promise<void>;
}

const standbys = new WeakMap<BuildStandby, Waiting>();

const fitOf = (o: SiteBuildOptions, code: string) => JSON.stringify([
  o.directusUrl, o.siteUrl ?? null, o.cacheDir ? path.resolve(o.cacheDir) : null, path.resolve(o.previousDir ?? o.outDir), Boolean(o.inPlace), code,
]);

export function startStandby(o: SiteBuildOptions): BuildStandby {
  const code = codeHash();
  const launched = launch({ ...o, changed: undefined }, code, true);
  const [only] = launched.builds;
  const ready = new Promise<void>((resolve, reject) => {
    only!.child.on('message', (message) => asBuildMessage(message)?.type === 'standby-waiting' && resolve());
    only!.done.then(() => reject(new Error('the build started ahead ended before it was told to go')), reject);
  });
  ready.catch(() => {});
  const standby: BuildStandby = {
    pid: only!.child.pid,
    waiting: ready.then(() => true, () => false),
    stop() {
      if (!standbys.delete(standby)) return;
      abandon(launched);
    },
  };
  standbys.set(standby, { launched, fits: fitOf(o, code), ready });
  return standby;
}

/** The standby's build, told to go with `o.changed`, when it fits `o`; else null, and it is stopped. */
async function takeStandby(standby: BuildStandby, o: SiteBuildOptions, code: string): Promise<Launched | null> {
  const waiting = standbys.get(standby);
  standbys.delete(standby);
  if (!waiting) return null;
  const [only] = waiting.launched.builds;
  const alive = only!.child.exitCode === null && only!.child.signalCode === null;
  if (!o.changed || !alive || waiting.fits !== fitOf(o, code)) {
    abandon(waiting.launched);
    return null;
  }
  // Ended while still bundling: its folder goes, and the build starts processes of its own.
  if (!(await waiting.ready.then(() => true, () => false))) {
    abandon(waiting.launched);
    return null;
  }
  const go: GoMessage = { type: 'go', changed: o.changed };
  only!.child.send(go);
  return waiting.launched;
}

/**
 * `astro build` into `outDir` (or, `o.inPlace`, into the served `previousDir`), split across
 * `buildParts()` processes (one for an edit, which takes `o.standby` when it fits) whose pages are then
 * put in one folder; rejects with the tail of a failed part's output (the other parts are stopped).
 */
export async function buildSite(o: SiteBuildOptions & { standby?: BuildStandby }): Promise<SiteBuilt> {
  const began = performance.now();
  const secondsIn = () => ((performance.now() - began) / 1000).toFixed(2);
  const code = codeHash();
  const changed = editRead(o, code);
  if (o.changed && !changed) o.onOutput?.('[in place] the page keys do not describe the served folder as this code makes it: everything is read and rendered\n');
  const planned = { ...o, changed };
  const launched = (o.standby && (await takeStandby(o.standby, planned, code))) || launch(planned, code);
  const launchedAt = secondsIn();
  const { staging, outs, builds, cacheDir, inPlace } = launched;
  try {
    for (const b of builds) b.report(o);
    await Promise.all(builds.map((b) => b.done)).catch((err: unknown) => {
      for (const b of builds) b.child.kill();
      throw err;
    });
    // Former addresses, beside the pages: put in place or swapped in with them.
    await writeBuildRedirects(outs[0]!, o.directusUrl);
    if (inPlace && cacheDir) {
      o.onOutput?.(`[in place] its process told to go ${launchedAt} s and ended ${secondsIn()} s into the build\n`);
      const started = performance.now();
      const gone = partCounts(cacheDir).flatMap((p) => p.gone);
      // Stopped halfway, the folder would be neither build: with no keys, the next build renders every page.
      dropKeys(cacheDir);
      // Pages rendered, as the counts have them: public/'s files (embed/player.html) are copied, not rendered.
      const unchanged = applyInPlace(outs[0]!, inPlace, gone).filter((file) => file.endsWith('.html') && !existsSync(path.join(ROOT, 'public', file))).length;
      const pages = promoteKeys(cacheDir, inPlace);
      o.onOutput?.(`[in place] pages moved in and keys kept: ${((performance.now() - started) / 1000).toFixed(2)} s; ${unchanged} ${UNCHANGED_PAGES_NOTE}\n`);
      return { dir: inPlace, pages };
    }
    for (const out of outs.slice(1)) moveMissing(out, outs[0]!);
    // Beside the site, so setting it aside is a rename on the same file system.
    const outDir = path.resolve(o.outDir);
    // Sites set aside by builds killed while they were deleted.
    const asidePrefix = `${path.basename(outDir)}.previous-${STAGING_PREFIX}`;
    void removeOrphanedDirs(path.dirname(outDir), asidePrefix).catch(() => {});
    const previous = `${outDir}.previous-${path.basename(staging)}`;
    moveDir(outs[0]!, outDir, previous);
    void rm(previous, { recursive: true, force: true }).catch(() => {});
    return { dir: outDir, pages: cacheDir ? promoteKeys(cacheDir, outDir) : null };
  } finally {
    if (cacheDir) dropNextKeys(cacheDir);
    // In the background: the new site is already in place.
    void rm(staging, { recursive: true, force: true }).catch(() => {});
  }
}

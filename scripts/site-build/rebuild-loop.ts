/**
 * Wires the rebuild engine to this project: builds with `buildSite`, reads the catalogue's fingerprint
 * from the backend (`GET /site-rebuild/fingerprint`), reports failed builds to it (`POST
 * /site-rebuild/report`, which notifies the editors), and refreshes the counters on a timer.
 * Used by `npm start` (scripts/start.ts) and the production runner (scripts/rebuild-runner.ts).
 */
import { createHash, createHmac } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/paths.ts';
import { buildSite, startStandby, type BuildStandby, type SiteBuildOptions } from './build.ts';
import { Rebuilder, type BuildRecord, type Fingerprint } from './rebuilder.ts';
import { rebuildWebhook } from './rebuild-webhook.ts';
import type { SiteHandler } from '../lib/static-server.ts';
import { SITE_SECRET_HEADER } from '../../shared/secret-match.ts';

/** Minutes between counter checks (views, review counts, ratings) unless SITE_COUNTERS_REFRESH_MINUTES says otherwise. */
export const COUNTERS_REFRESH_MINUTES = 15;

/** The webhook secret: SITE_REBUILD_SECRET when set, else derived from Directus's SECRET (nothing new to keep). */
export function rebuildSecret(directusSecret: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.SITE_REBUILD_SECRET || createHmac('sha256', directusSecret).update('site-rebuild').digest('hex');
}

/** What the pages are made from on this side: the site's code, its shared rules and the lock file. */
const SOURCES = ['src', 'shared', 'public', 'astro.config.mjs', 'package-lock.json', 'scripts/site-build/build.ts', 'scripts/site-build/astro-process.ts', 'scripts/site-build/write-in-place.ts', 'scripts/site-build/move-missing.ts', 'scripts/site-build/redirects-file.ts', 'scripts/lib/redirects.ts'];

function hashTree(hash: ReturnType<typeof createHash>, full: string): void {
  const stat = statSync(full, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isDirectory()) {
    for (const name of readdirSync(full).sort()) hashTree(hash, path.join(full, name));
    return;
  }
  hash.update(path.relative(ROOT, full)).update('\0').update(readFileSync(full)).update('\0');
}

export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const s of SOURCES) hashTree(hash, path.join(ROOT, s));
  return hash.digest('hex');
}

export interface RebuildLoopOptions {
  /** Where builds, the `current` link and state.json live. */
  sitesDir: string;
  /** Directus as the build and this process reach it. */
  directusUrl: string;
  secret: string;
  /** The public address for canonical links and the sitemap. */
  siteUrl?: string;
  quietMs?: number;
  /** 0 turns the counters refresh off. */
  countersEveryMs?: number;
  log?: (line: string) => void;
  /** Called with each build's process id as it starts (the benchmark samples its memory). */
  onBuildStart?: (pid: number) => void;
  /** Receives each build's output as it comes (the benchmark prints where its time and memory went). */
  onBuildOutput?: (text: string) => void;
  /** Called with the served folder after each good build. */
  onServed?: (dir: string) => void;
}

export interface RebuildLoop {
  rebuilder: Rebuilder;
  webhook: SiteHandler;
  /** The next edit's build, started ahead (see site-build.ts), if there is one. */
  nextEdit(): BuildStandby | undefined;
  close(): Promise<void>;
}

async function backendCall<T>(o: RebuildLoopOptions, method: string, route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${o.directusUrl.replace(/\/+$/, '')}/site-rebuild/${route}`, {
    method,
    headers: { [SITE_SECRET_HEADER]: o.secret, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new Error(`${method} /site-rebuild/${route}: ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

export function createRebuildLoop(o: RebuildLoopOptions): RebuildLoop {
  const fingerprint = async (): Promise<Fingerprint> => {
    const live = await backendCall<Fingerprint>(o, 'GET', 'fingerprint');
    return { catalogue: createHash('sha256').update(sourceHash()).update(live.catalogue).digest('hex'), counters: live.counters };
  };
  let standby: BuildStandby | undefined;
  let closed = false;
  const rebuilder = new Rebuilder({
    sitesDir: o.sitesDir,
    quietMs: o.quietMs,
    log: o.log,
    // Incremental: pages whose data did not change are kept from the served build (see site-build.ts).
    build: async (outDir, { previousDir, changed }) => {
      const site: Omit<SiteBuildOptions, 'outDir'> = {
        directusUrl: o.directusUrl, siteUrl: o.siteUrl, siteSecret: o.secret, onStart: o.onBuildStart, onOutput: o.onBuildOutput, cacheDir: path.join(o.sitesDir, 'cache'),
      };
      const ahead = standby;
      standby = undefined;
      // An edit goes into the served build in place (apply-in-place.ts); anything else into a new folder.
      const built = await buildSite({ ...site, outDir, ...(previousDir ? { previousDir } : {}), changed, inPlace: true, standby: ahead });
      // The next edit's build starts now and waits, bundled, for what changed.
      if (!closed) standby = startStandby({ ...site, outDir: built.dir, previousDir: built.dir, inPlace: true });
      return built;
    },
    fingerprint,
    onFailure: (record: BuildRecord) => backendCall(o, 'POST', 'report', record),
    onServed: o.onServed,
  });
  const every = o.countersEveryMs ?? COUNTERS_REFRESH_MINUTES * 60_000;
  const timer = every > 0 ? setInterval(() => void rebuilder.refreshCounters(), every) : null;
  timer?.unref();
  return {
    rebuilder,
    webhook: rebuildWebhook(rebuilder, o.secret),
    nextEdit: () => standby,
    close: async () => {
      closed = true;
      if (timer) clearInterval(timer);
      await rebuilder.close();
      standby?.stop();
    },
  };
}

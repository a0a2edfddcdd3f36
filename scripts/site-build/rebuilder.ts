/**
 * The rebuild loop's engine, shared by the site server (`npm start`) and the production runner:
 * changes are gathered until a quiet period passes, then one build runs into a fresh folder under
 * `<sitesDir>/builds/`; on success the `current` symlink is swapped to it in one rename (and the
 * in-process root pointer follows), on failure the served build stays and the error is recorded.
 * Never two builds at once: changes arriving during a build start exactly one more after it.
 * The state lives in `<sitesDir>/state.json` for the admin app.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { PageCounts } from '../../src/site-build/page-keys-file.ts';
import type { CatalogueChanges } from '../../src/lib/directus/catalogue.ts';
import { tallyChanges, type ChangeFacts, type Tallied } from '../../shared/build-changes.ts';
import type { BuildReason, BuildReport } from '../../shared/build-report.ts';
import type { ServedBuild } from '../lib/health.ts';

/**
 * A change as the backend's hook sends it: the titles and people it is to, when it is to nothing else
 * (the hook resolves parts to them), and the names of its rows.
 */
export type RebuildChange = ChangeFacts;

/** What a build is given besides its folder. */
export interface BuildPlan {
  /** The build being served, whose unchanged pages can be kept. */
  previousDir: string | null;
  /** The titles and people changed since the last build; absent when anything else may have changed. */
  changed?: CatalogueChanges;
}

/** What the catalogue looked like when a build started: equal fingerprints, equal pages. */
export interface Fingerprint {
  /** The site's own code and the catalogue's last recorded change. */
  catalogue: string;
  /** Views, review counts and ratings: they change without an editor. */
  counters: string;
}

export interface BuildRecord extends BuildReport {
  /** The folder under builds/ it is served from, when not its own: an edit put into the build it followed. */
  dir?: string;
  fingerprint?: Fingerprint | null;
}

export interface RebuildState {
  /** The served build: its folder name under builds/ and the record that made it. */
  current: BuildRecord | null;
  building: BuildRecord | null;
  /** Changes waiting for the next build. */
  pending: number;
  last: BuildRecord | null;
  /** The latest finished builds, newest first (at most HISTORY_KEPT). */
  history: BuildRecord[];
}

export interface RebuilderOptions {
  sitesDir: string;
  /**
   * Builds the site into `outDir` (a folder that does not exist yet), or into the served
   * `plan.previousDir` in place: `dir` says which (outDir when absent).
   */
  build: (outDir: string, plan: BuildPlan) => Promise<{ dir?: string; pages?: PageCounts | null } | void>;
  /** The live fingerprint, or null when it cannot be read (then builds are never skipped). */
  fingerprint?: () => Promise<Fingerprint | null>;
  /** Quiet period that ends a burst of changes. */
  quietMs?: number;
  /** Called after the first failed build of a run of them (tell the editors); its own failure is only logged. */
  onFailure?: (record: BuildRecord) => Promise<void>;
  /** The wait before a failed build's changes are built again, doubled for each failure after it. */
  retryBaseMs?: number;
  /** Called with the served folder once a good build is served (the runner has nginx read its redirects). */
  onServed?: (dir: string) => void;
  log?: (line: string) => void;
}

export const DEFAULT_QUIET_MS = 1000;
export const DEFAULT_RETRY_BASE_MS = 5000;
/** The longest wait between tries of a build that keeps failing (a fault in the code, say): editors were told at the first. */
const RETRY_MAX_MS = 5 * 60_000;

/** How long to wait before the next try after `failures` failed builds in a row. */
export function retryDelay(failures: number, baseMs: number): number {
  return Math.min(RETRY_MAX_MS, baseMs * 2 ** Math.max(0, failures - 1));
}
const MAX_CHANGES_KEPT = 20;
const HISTORY_KEPT = 20;
const ERROR_TAIL = 4000;
/** Old builds being deleted, beside builds/. */
const DISCARDED = 'discarded-';

/** Deletes a folder in a Node process of its own, in the background. */
function deleteAside(dir: string): void {
  spawn(process.execPath, ['-e', 'require("node:fs").rmSync(process.argv[1], { recursive: true, force: true })', dir], { stdio: 'ignore' }).unref();
}

export const currentLink = (sitesDir: string) => path.join(sitesDir, 'current');

/** The build a rebuilder serves, as GET /healthz tells it. */
export function servedBuild(rebuilder: Rebuilder): ServedBuild | null {
  const current = rebuilder.snapshot().current;
  return current ? { id: current.id, builtAt: current.finished ?? null } : null;
}
export const stateFile = (sitesDir: string) => path.join(sitesDir, 'state.json');

export class Rebuilder {
  private readonly o: Required<Pick<RebuilderOptions, 'quietMs' | 'retryBaseMs'>> & RebuilderOptions;
  private readonly buildsDir: string;
  private state: RebuildState;
  private pendingChanges: RebuildChange[] = [];
  private pendingCount = 0;
  private pendingReason: BuildReason | null = null;
  private pendingBy: string | undefined;
  private pendingByName: string | undefined;
  private pendingTally: Tallied[] = [];
  /** The titles and people changed since the last build started. */
  private changedRows = { titles: new Set<number>(), actors: new Set<number>() };
  /** Whether anything else may have changed since the catalogue was last read (so, at first, yes). */
  private changedElsewhere = true;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  /** Until start(), changes are only gathered (a seed or an import before the first build). */
  private started = false;
  /** Failed builds in a row since the last one served. */
  private failures = 0;
  private waiting: (() => void)[] = [];
  private idleWaiters: (() => void)[] = [];

  constructor(o: RebuilderOptions) {
    // Not a spread default: an option given as undefined would override it.
    this.o = { ...o, quietMs: o.quietMs ?? DEFAULT_QUIET_MS, retryBaseMs: o.retryBaseMs ?? DEFAULT_RETRY_BASE_MS };
    this.buildsDir = path.join(o.sitesDir, 'builds');
    mkdirSync(this.buildsDir, { recursive: true });
    // What a stop interrupted deleting.
    for (const d of readdirSync(o.sitesDir)) if (d.startsWith(DISCARDED)) deleteAside(path.join(o.sitesDir, d));
    this.state = this.load();
  }

  /** The folder being served, or null before the first successful build. */
  currentDir(): string | null {
    const current = this.state.current;
    return current ? path.join(this.buildsDir, current.dir ?? current.id) : null;
  }

  snapshot(): RebuildState {
    return structuredClone({ ...this.state, pending: this.pendingCount });
  }

  /** Asks for a build after the quiet period; changes during a build wait for the one after it. */
  request(reason: BuildReason, changes: RebuildChange[] = [], by?: string, byName?: string): void {
    if (this.closed) return;
    // A press of the button while one waits is not another change (editors press again when a build is slow).
    const pressedAgain = reason === 'manual' && !changes.length && this.pendingReason === 'manual';
    if (!pressedAgain) {
      for (const c of changes) if (this.pendingChanges.length < MAX_CHANGES_KEPT) this.pendingChanges.push(c);
      tallyChanges(this.pendingTally, changes);
      this.pendingCount += Math.max(1, changes.length);
      this.noteCatalogue(reason, changes);
    }
    // A person's request outranks a change: the record says who asked.
    if (reason === 'manual' || !this.pendingReason) {
      this.pendingReason = reason;
      if (by) this.pendingBy = by;
      if (byName) this.pendingByName = byName;
    }
    this.persist();
    if (this.running || !this.started) return;
    this.schedule(reason === 'manual' || reason === 'start' ? 0 : this.o.quietMs);
  }

  /** Changes to titles and people only are read again alone; anything else reads the whole catalogue. */
  private noteCatalogue(reason: BuildReason, changes: RebuildChange[]): void {
    if (reason !== 'change') this.changedElsewhere = true;
    for (const c of changes) {
      if (!c.titles && !c.actors) this.changedElsewhere = true;
      for (const id of c.titles ?? []) this.changedRows.titles.add(id);
      for (const id of c.actors ?? []) this.changedRows.actors.add(id);
    }
  }

  /** What the next build reads again, and a fresh account of changes for the one after it. */
  private takeChanges(): CatalogueChanges | undefined {
    const { titles, actors } = this.changedRows;
    const changed = this.changedElsewhere ? undefined : { titles: [...titles], actors: [...actors] };
    this.changedRows = { titles: new Set(), actors: new Set() };
    this.changedElsewhere = false;
    return changed;
  }

  /**
   * Start: serves what is there and builds only when the catalogue or the code changed since the served
   * build (or there is none). Resolves once a build is being served.
   */
  async start(): Promise<'kept' | 'built'> {
    this.started = true;
    const served = this.currentDir();
    const live = served && existsSync(served) && !this.pendingCount ? await this.readFingerprint() : null;
    if (served && live && live.catalogue === this.state.current?.fingerprint?.catalogue) return 'kept';
    this.pendingReason = null;
    const built = new Promise<void>((resolve) => this.waiting.push(resolve));
    this.request('start');
    await built;
    if (!this.currentDir()) throw new Error(`The site could not be built: ${this.state.last?.error ?? 'unknown error'}`);
    return 'built';
  }

  /** Rebuilds when counters (or anything) moved since the served build; for a timer. */
  async refreshCounters(): Promise<boolean> {
    if (!this.started || this.running || this.timer) return false;
    const live = await this.readFingerprint();
    const had = this.state.current?.fingerprint;
    if (!live || (had && live.counters === had.counters && live.catalogue === had.catalogue)) return false;
    this.request('counters');
    return true;
  }

  /** Resolves when no build is running or waiting. */
  idle(): Promise<void> {
    if (!this.running && !this.timer) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    for (const resolve of this.waiting.splice(0)) resolve();
    this.settleIfIdle();
  }

  private settleIfIdle(): void {
    if (this.running || this.timer) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.run().finally(() => {
        this.running = null;
        if (this.pendingCount && !this.closed) this.schedule(this.failures ? retryDelay(this.failures, this.o.retryBaseMs) : this.o.quietMs);
        else this.settleIfIdle();
      });
    }, ms);
  }

  private async readFingerprint(): Promise<Fingerprint | null> {
    try {
      return (await this.o.fingerprint?.()) ?? null;
    } catch (err) {
      this.o.log?.(`fingerprint unavailable: ${(err as Error).message}`);
      return null;
    }
  }

  private async run(): Promise<void> {
    const started = new Date();
    const id = `${started.toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
    const record: BuildRecord = {
      id,
      reason: this.pendingReason ?? 'change',
      started: started.toISOString(),
      changes: this.pendingChanges,
      changeCount: this.pendingCount,
      ...(this.pendingTally.length ? { tally: this.pendingTally } : {}),
      ...(this.pendingBy ? { by: this.pendingBy } : {}),
      ...(this.pendingByName ? { byName: this.pendingByName } : {}),
    };
    this.pendingChanges = [];
    this.pendingTally = [];
    this.pendingCount = 0;
    this.pendingReason = null;
    this.pendingBy = undefined;
    this.pendingByName = undefined;
    const changed = this.takeChanges();
    record.incremental = changed !== undefined;
    const previousDir = this.currentDir();
    this.state.building = record;
    this.persist();
    const outDir = path.join(this.buildsDir, id);
    try {
      // Read before building: a change after this point triggers its own build anyway.
      record.fingerprint = await this.readFingerprint();
      const outcome = await this.o.build(outDir, { previousDir, ...(changed ? { changed } : {}) });
      if (outcome?.pages) record.pages = outcome.pages;
      const dir = path.basename(outcome?.dir ?? outDir);
      if (dir !== id) record.dir = dir;
      if (!existsSync(path.join(this.buildsDir, dir, 'index.html'))) throw new Error('The build produced no index.html');
      this.swap(dir);
      record.ok = true;
      this.state.current = record;
    } catch (err) {
      rmSync(outDir, { recursive: true, force: true });
      // The rows the failed build read may be missing these changes: the next one reads everything.
      this.changedElsewhere = true;
      record.ok = false;
      // The build's output is coloured for a terminal; editors read it in the admin app and in a notice.
      record.error = stripVTControlCharacters(String((err as Error).message ?? err)).slice(-ERROR_TAIL);
    }
    record.finished = new Date().toISOString();
    record.durationMs = Date.now() - started.getTime();
    this.state.building = null;
    this.state.last = record;
    this.state.history = [record, ...this.state.history].slice(0, HISTORY_KEPT);
    if (record.ok) this.prune(previousDir);
    if (record.ok) this.failures = 0;
    else if (this.state.current && !this.closed) this.tryAgain(record);
    this.persist();
    this.o.log?.(`site build ${record.ok ? 'done' : 'FAILED'} in ${(record.durationMs / 1000).toFixed(1)} s (${record.reason}, ${record.changeCount} change(s))`);
    if (record.ok) this.o.onServed?.(this.currentDir()!);
    else if (this.failures <= 1) await this.o.onFailure?.(record).catch((err) => this.o.log?.(`could not report the failure: ${(err as Error).message}`));
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  /**
   * The served site still lacks what a failed build carried, and no editor's change may come to ask
   * again: its changes wait for the next build, which reads everything, after a wait that grows.
   */
  private tryAgain(failed: BuildRecord): void {
    this.failures++;
    this.pendingChanges = [...failed.changes, ...this.pendingChanges].slice(0, MAX_CHANGES_KEPT);
    // Its lines first: the record of the try that serves them says what they were.
    this.pendingTally = [...structuredClone(failed.tally ?? []), ...this.pendingTally];
    this.pendingCount += Math.max(1, failed.changeCount);
    if (!this.pendingReason || failed.reason === 'manual') {
      this.pendingReason = failed.reason;
      this.pendingBy = failed.by;
      this.pendingByName = failed.byName;
    }
  }

  /** `current` → builds/<dir> in one rename, so nginx never sees a missing or half-written root. */
  private swap(dir: string): void {
    const link = currentLink(this.o.sitesDir);
    const tmp = `${link}.${process.pid}.tmp`;
    rmSync(tmp, { force: true });
    symlinkSync(path.join('builds', dir), tmp);
    renameSync(tmp, link);
  }

  /**
   * Keeps the served build and the one served before it (requests already reading it finish); the
   * rest, a half build a killed process left included, are moved aside at once and deleted by a process
   * of its own: deleting tens of thousands of pages takes seconds, and done here it would hold up the
   * server (in this thread, or in libuv's few file threads that the server's reads then wait behind).
   */
  private prune(previousDir: string | null): void {
    const current = this.state.current;
    const keep = new Set([current ? current.dir ?? current.id : undefined, previousDir ? path.basename(previousDir) : undefined]);
    for (const d of readdirSync(this.buildsDir).filter((name) => !keep.has(name))) {
      const aside = path.join(this.o.sitesDir, `${DISCARDED}${d}`);
      renameSync(path.join(this.buildsDir, d), aside);
      deleteAside(aside);
    }
  }

  private load(): RebuildState {
    const empty: RebuildState = { current: null, building: null, pending: 0, last: null, history: [] };
    try {
      const saved = JSON.parse(readFileSync(stateFile(this.o.sitesDir), 'utf8')) as RebuildState;
      // A build interrupted by a stop left nothing served; the link is the truth about what is.
      const linked = path.basename(realpathSync(currentLink(this.o.sitesDir)));
      const current = saved.current && (saved.current.dir ?? saved.current.id) === linked ? saved.current : null;
      return { ...empty, current, last: saved.last ?? null, history: saved.history ?? [] };
    } catch {
      return empty;
    }
  }

  private persist(): void {
    const file = stateFile(this.o.sitesDir);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.snapshot(), null, 2));
    renameSync(tmp, file);
  }
}

/** The rebuild engine with a stand-in build: bursts, one build at a time, the atomic swap, failures, start. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_QUIET_MS, Rebuilder, currentLink, retryDelay, stateFile, type BuildPlan, type Fingerprint } from '../../scripts/site-build/rebuilder.ts';
import { parseRebuildRequest } from '../../scripts/site-build/rebuild-webhook.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A build that writes index.html with a counter, waiting for `release` when gated. */
function standIn(o: { fail?: () => boolean; gate?: boolean } = {}) {
  let builds = 0;
  let running = 0;
  let most = 0;
  let release: (() => void) | null = null;
  const build = async (outDir: string) => {
    builds++;
    running++;
    most = Math.max(most, running);
    try {
      if (o.gate) await new Promise<void>((r) => (release = r));
      // Coloured, as the build's terminal output is.
      if (o.fail?.()) throw new Error('astro build failed (1):\n\u001b[31m[ERROR]\u001b[39m Cannot read genres');
      mkdirSync(outDir, { recursive: true });
      writeFileSync(path.join(outDir, 'index.html'), `build ${builds}`);
    } finally {
      running--;
    }
  };
  return {
    build,
    count: () => builds,
    most: () => most,
    release: () => release?.(),
    waitStarted: (n: number) => vi.waitFor(() => {
      if (builds < n) throw new Error(`${builds} of ${n} builds started`);
    }, { interval: 5 }),
  };
}

function rebuilder(extra: Partial<ConstructorParameters<typeof Rebuilder>[0]> & Pick<ConstructorParameters<typeof Rebuilder>[0], 'build'>) {
  const sitesDir = mkdtempSync(path.join(os.tmpdir(), 'rebuild-unit-'));
  dirs.push(sitesDir);
  return new Rebuilder({ sitesDir, quietMs: 30, ...extra });
}

const change = (key: number) => ({ event: 'update', collection: 'titles', keys: [key] });
const served = (r: Rebuilder) => readFileSync(path.join(r.currentDir() as string, 'index.html'), 'utf8');

describe('Rebuilder', () => {
  it('turns a burst into one build, swaps `current` to it and records what started it', async () => {
    const b = standIn();
    const r = rebuilder({ build: b.build });
    await r.start();
    for (let i = 1; i <= 20; i++) r.request('change', [change(i)]);
    await r.idle();
    expect(b.count()).toBe(2);
    const s = r.snapshot();
    expect(s.last?.ok).toBe(true);
    expect(s.last?.changeCount).toBe(20);
    expect(s.last?.changes).toHaveLength(20);
    expect(readlinkSync(currentLink(path.dirname(path.dirname(r.currentDir() as string))))).toBe(path.join('builds', s.current?.id as string));
    expect(served(r)).toBe('build 2');
  });

  /** Runs `asked` while the first build is held, then lets every build through: what waited, and what was built. */
  async function duringTheFirstBuild(asked: (r: Rebuilder) => void) {
    const b = standIn({ gate: true });
    const r = rebuilder({ build: b.build });
    const started = r.start();
    await b.waitStarted(1);
    asked(r);
    const pending = r.snapshot().pending;
    b.release();
    await started;
    await b.waitStarted(2);
    b.release();
    await r.idle();
    return { builds: b.count(), most: b.most(), pending, last: r.snapshot().last };
  }

  it('never runs two builds at once: changes during a build make exactly one more', async () => {
    const seen = await duringTheFirstBuild((r) => {
      for (const key of [1, 2, 3]) r.request('change', [change(key)]);
    });
    expect(seen).toMatchObject({ builds: 2, most: 1, pending: 3, last: { changeCount: 3 } });
  });

  it('a press of the button while one waits asks for one build, however often pressed', async () => {
    const seen = await duringTheFirstBuild((r) => {
      for (let i = 0; i < 5; i++) r.request('manual', [], 'u1');
      r.request('change', [change(1)]);
    });
    expect(seen).toMatchObject({ builds: 2, pending: 2, last: { reason: 'manual', changeCount: 2 } });
  });

  it('a failed build keeps the served one and records why; the failure is reported', async () => {
    let failNext = false;
    const b = standIn({ fail: () => failNext });
    const reported: string[] = [];
    // A try again far off, so the failure is what is seen.
    const r = rebuilder({ build: b.build, retryBaseMs: 60_000, onFailure: async (rec) => void reported.push(rec.error ?? '') });
    await r.start();
    const before = r.currentDir();
    failNext = true;
    r.request('change', [change(7)]);
    await vi.waitFor(() => expect(reported).toHaveLength(1), { interval: 5 });
    const s = r.snapshot();
    expect(s.last?.ok).toBe(false);
    expect(s.last?.error).toContain('[ERROR] Cannot read genres');
    expect(s.last?.error).not.toContain('\u001b');
    expect(s.current?.ok).toBe(true);
    expect(r.currentDir()).toBe(before);
    expect(served(r)).toBe('build 1');
    expect(reported).toEqual([s.last?.error]);
    // Nothing half-written is left beside the served build.
    expect(readdirSync(path.dirname(before as string))).toEqual([path.basename(before as string)]);
    // Its change waits for the try again.
    expect(s.pending).toBe(1);
    await r.close();
  });

  it('builds a failed build\'s changes again until they are served, waiting longer each time, and tells the editors once', async () => {
    let failures = 0;
    const b = standIn({ fail: () => failures-- > 0 });
    const reported: string[] = [];
    const servedDirs: string[] = [];
    const r = rebuilder({ build: b.build, retryBaseMs: 20, onFailure: async (rec) => void reported.push(rec.error ?? ''), onServed: (dir) => void servedDirs.push(dir) });
    await r.start();
    failures = 2;
    r.request('change', [change(7)]);
    await r.idle();
    const s = r.snapshot();
    expect(b.count()).toBe(4);
    expect(s.history.map((h) => h.ok)).toEqual([true, false, false, true]);
    expect(s.last).toMatchObject({ ok: true, reason: 'change', changeCount: 1, changes: [change(7)] });
    expect(served(r)).toBe('build 4');
    expect(reported).toHaveLength(1);
    // Only the builds served are told to the runner (nginx reads their redirects).
    expect(servedDirs).toEqual(s.history.filter((h) => h.ok).reverse().map((h) => path.join(path.dirname(r.currentDir()!), h.dir ?? h.id)));
    expect([1, 2, 3, 20].map((n) => retryDelay(n, 5000))).toEqual([5000, 10_000, 20_000, 5 * 60_000]);
  });

  it('does not try a first build again: with nothing served, start says it failed', async () => {
    const b = standIn({ fail: () => true });
    const r = rebuilder({ build: b.build, retryBaseMs: 20 });
    await expect(r.start()).rejects.toThrow('Cannot read genres');
    await r.idle();
    expect(b.count()).toBe(1);
  });

  it('waits the default quiet period when given none', async () => {
    const b = standIn();
    const r = rebuilder({ build: b.build, quietMs: undefined });
    await r.start();
    vi.useFakeTimers();
    try {
      r.request('change', [change(1)]);
      vi.advanceTimersByTime(DEFAULT_QUIET_MS - 1);
      expect(r.snapshot().building).toBeNull();
      vi.advanceTimersByTime(1);
      expect(r.snapshot().building).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
    await r.idle();
    expect(b.count()).toBe(2);
  });

  it('keeps only the served build and the one before it', async () => {
    const b = standIn();
    const r = rebuilder({ build: b.build, quietMs: 0 });
    await r.start();
    for (let i = 0; i < 3; i++) {
      r.request('manual');
      await r.idle();
    }
    expect(b.count()).toBe(4);
    const builds = path.dirname(r.currentDir() as string);
    expect(readdirSync(builds)).toHaveLength(2);
    // The others are deleted in the background.
    await vi.waitFor(() => expect(readdirSync(path.dirname(builds)).filter((d) => d.startsWith('discarded-'))).toEqual([]), { timeout: 15_000 });
  });

  it('keeps the build served before, not the half build a killed process left, which goes', async () => {
    const b = standIn();
    const r = rebuilder({ build: b.build, quietMs: 0 });
    await r.start();
    const before = r.currentDir() as string;
    const builds = path.dirname(before);
    // A folder named later than any build so far, as a build killed with its process leaves it.
    const half = path.join(builds, `${path.basename(before)}~half`);
    mkdirSync(half);
    r.request('manual');
    await r.idle();
    expect(readdirSync(builds).sort()).toEqual([path.basename(before), path.basename(r.currentDir() as string)].sort());
  });

  it('an edit put into the served build in place: the same folder stays served, under the new record, and after a restart', async () => {
    let builds = 0;
    const build = async (outDir: string, { previousDir, changed }: BuildPlan) => {
      builds++;
      const dir = changed && previousDir ? previousDir : outDir;
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'index.html'), `build ${builds}`);
      return { dir };
    };
    const r = rebuilder({ build, quietMs: 0 });
    await r.start();
    const first = r.currentDir() as string;
    r.request('change', [{ ...change(1), titles: [1] }]);
    await r.idle();
    const { current } = r.snapshot();
    expect(current?.dir).toBe(path.basename(first));
    expect(current?.id).not.toBe(path.basename(first));
    expect(r.currentDir()).toBe(first);
    expect(served(r)).toBe('build 2');
    expect(readdirSync(path.dirname(first))).toEqual([path.basename(first)]);
    const again = new Rebuilder({ sitesDir: path.dirname(path.dirname(first)), build, quietMs: 0 });
    expect(again.snapshot().current?.id).toBe(current?.id);
    expect(again.currentDir()).toBe(first);
  });

  it('start builds only when the catalogue fingerprint moved; counters refresh only when they moved', async () => {
    const b = standIn();
    let live: Fingerprint = { catalogue: 'a', counters: '1' };
    const sitesDir = mkdtempSync(path.join(os.tmpdir(), 'rebuild-unit-'));
    dirs.push(sitesDir);
    const make = () => new Rebuilder({ sitesDir, quietMs: 10, build: b.build, fingerprint: async () => live });
    const first = make();
    expect(await first.start()).toBe('built');
    expect(await first.refreshCounters()).toBe(false);
    live = { catalogue: 'a', counters: '2' };
    expect(await first.refreshCounters()).toBe(true);
    await first.idle();
    expect(first.snapshot().last?.reason).toBe('counters');
    await first.close();

    // A restart: same catalogue, no build; the state file says what is served.
    const again = make();
    expect(await again.start()).toBe('kept');
    expect(b.count()).toBe(2);
    expect(JSON.parse(readFileSync(stateFile(sitesDir), 'utf8')).current.id).toBe(path.basename(again.currentDir() as string));
    await again.close();

    live = { catalogue: 'b', counters: '2' };
    const changed = make();
    expect(await changed.start()).toBe('built');
    expect(b.count()).toBe(3);
  });

  it('changes before start wait for it (a seed makes thousands)', async () => {
    const b = standIn();
    const r = rebuilder({ build: b.build });
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      for (let i = 0; i < 50; i++) r.request('change', [change(i)]);
      // Nothing is scheduled: no build can start before start().
      expect(vi.getTimerCount()).toBe(0);
      expect(r.snapshot().pending).toBe(50);
    } finally {
      vi.useRealTimers();
    }
    expect(b.count()).toBe(0);
    await r.start();
    expect(b.count()).toBe(1);
    expect(existsSync(path.join(r.currentDir() as string, 'index.html'))).toBe(true);
  });
});

describe('what a build reads again', () => {
  /** Builds that record the plan each was given. */
  function planned(o: { fail?: () => boolean } = {}) {
    const plans: BuildPlan[] = [];
    const outDirs: string[] = [];
    const b = standIn(o);
    return { plans, outDirs, build: (outDir: string, plan: BuildPlan) => (plans.push(plan), outDirs.push(outDir), b.build(outDir)) };
  }
  const titleChange = (id: number, titles = [id]) => ({ event: 'update', collection: 'series', keys: [id * 10], titles });

  it('only the titles and people changed since the last build, after a first build that reads everything', async () => {
    const p = planned();
    const r = rebuilder({ build: p.build });
    await r.start();
    r.request('change', [titleChange(1), { event: 'update', collection: 'actors', keys: [7], actors: [7] }]);
    r.request('change', [titleChange(2, [2, 3])]);
    await r.idle();
    const first = p.plans[0]!;
    const second = p.plans[1]!;
    expect(first.changed).toBeUndefined();
    expect(first.previousDir).toBeNull();
    expect(second.previousDir).toBe(p.outDirs[0]);
    expect(second.changed).toEqual({ titles: [1, 2, 3], actors: [7] });
    expect(r.snapshot().last?.incremental).toBe(true);
  });

  it('everything after a change to anything else, a button press or a failed build', async () => {
    let failing = false;
    // One failure: the try again after it is served.
    const p = planned({ fail: () => failing && !(failing = false) });
    const r = rebuilder({ build: p.build, retryBaseMs: 20 });
    await r.start();
    r.request('change', [titleChange(1), { event: 'update', collection: 'tags', keys: [3] }]);
    await r.idle();
    r.request('manual', [], 'u1');
    await r.idle();
    failing = true;
    r.request('change', [titleChange(2)]);
    await r.idle();
    r.request('change', [titleChange(3)]);
    await r.idle();
    expect(p.plans.map((plan) => plan.changed)).toEqual([undefined, undefined, undefined, { titles: [2], actors: [] }, undefined, { titles: [3], actors: [] }]);
  });
});

describe('the list of builds', () => {
  it('keeps the last 20 builds, newest first, each with its changes tallied and who pressed the button', async () => {
    const b = standIn();
    const r = rebuilder({ build: b.build });
    await r.start();
    r.request('change', [
      { event: 'update', collection: 'titles', keys: [1], titles: [1], names: { 1: 'Сон' } },
      { event: 'create', collection: 'titles_genres', keys: [50], titles: [1], names: { 1: 'Сон' } },
      { event: 'delete', collection: 'series', keys: [8, 9], titles: [1], names: { 8: 'Серия 1', 9: 'Серия 2' }, of: 'Сон' },
    ]);
    await r.idle();
    expect(r.snapshot().last?.tally).toEqual([
      { event: 'update', collection: 'titles', keys: ['1'], count: 1, names: { 1: 'Сон' } },
      { event: 'delete', collection: 'series', keys: ['8', '9'], count: 2, names: { 8: 'Серия 1', 9: 'Серия 2' }, of: 'Сон' },
    ]);
    r.request('manual', [], 'u1', 'Анна Ли');
    await r.idle();
    expect(r.snapshot().last).toMatchObject({ reason: 'manual', by: 'u1', byName: 'Анна Ли' });
    expect(r.snapshot().last?.tally).toBeUndefined();
    for (let i = 0; i < 20; i++) {
      r.request('change', [change(100 + i)]);
      await r.idle();
    }
    const { history } = r.snapshot();
    expect(history).toHaveLength(20);
    expect(history[0]?.tally?.[0]?.keys).toEqual(['119']);
    expect(history.at(-1)?.tally?.[0]?.keys).toEqual(['100']);
    expect(history.every((h, i) => i === 0 || h.started <= history[i - 1]!.started)).toBe(true);
  }, 30_000); // 22 builds through the rebuilder's own queue: seconds on a loaded machine
});

describe('webhook body', () => {
  it('takes the names of a change\'s rows, a line each and cut short, and who pressed the button', () => {
    const body = parseRebuildRequest(JSON.stringify({
      changes: [{ event: 'delete', collection: 'series', keys: [1, 2, 3, 4], names: { 1: 'Серия\n 1', 2: 'x'.repeat(500), 3: 'В', 4: 'Г' }, of: 'Сон' }],
      manual: true, by: 'u1', byName: '  Анна   Ли ',
    }));
    expect(body?.changes[0]?.names).toEqual({ 1: 'Серия 1', 2: 'x'.repeat(200), 3: 'В' });
    expect(body?.changes[0]?.of).toBe('Сон');
    expect(body).toMatchObject({ by: 'u1', byName: 'Анна Ли' });
    for (const bad of [{ names: ['a'] }, { names: { 1: 2 } }, { names: null }, { of: 5 }]) {
      expect(parseRebuildRequest(JSON.stringify({ changes: [{ event: 'update', collection: 'titles', keys: [1], ...bad }] }))).toBeNull();
    }
    expect(parseRebuildRequest('{"manual":true,"byName":7}')).toBeNull();
  });

  it('keeps 50 keys of a change and counts the rest', () => {
    const keys = Array.from({ length: 80 }, (_, i) => i + 1);
    const change = parseRebuildRequest(JSON.stringify({ changes: [{ event: 'update', collection: 'titles', keys }] }))?.changes[0];
    expect(change).toEqual({ event: 'update', collection: 'titles', keys: keys.slice(0, 50), more: 30 });
    expect(parseRebuildRequest(JSON.stringify({ changes: [{ event: 'update', collection: 'titles', keys: [1], more: 1e9 }] }))?.changes[0]).not.toHaveProperty('more');
  });

  it('takes the titles and people a change names, whole or not at all', () => {
    const body = (change: object) => parseRebuildRequest(JSON.stringify({ changes: [{ event: 'update', collection: 'series', keys: [1], ...change }] }));
    expect(body({ titles: [4, 5] })?.changes[0]).toEqual({ event: 'update', collection: 'series', keys: [1], titles: [4, 5] });
    expect(body({ titles: [], actors: [9] })?.changes[0]).toEqual({ event: 'update', collection: 'series', keys: [1], titles: [], actors: [9] });
    // Too many to take: the change names none, so the build reads everything.
    expect(body({ titles: Array.from({ length: 1001 }, (_, i) => i), actors: [9] })?.changes[0]).toEqual({ event: 'update', collection: 'series', keys: [1] });
    expect(body({ titles: ['4'] })).toBeNull();
    expect(body({ actors: [1.5] })).toBeNull();
  });

  it('takes what the hook and the button send, and nothing else', () => {
    expect(parseRebuildRequest('{"changes":[{"event":"update","collection":"titles","keys":[1,"2"]}]}')).toEqual({
      changes: [{ event: 'update', collection: 'titles', keys: [1, '2'] }],
      manual: false,
    });
    expect(parseRebuildRequest('{"manual":true,"by":"u1"}')).toEqual({ changes: [], manual: true, by: 'u1' });
    expect(parseRebuildRequest('')).toEqual({ changes: [], manual: false });
    for (const bad of ['[', '[]', 'null', '{"changes":{}}', '{"changes":[{"collection":1}]}', '{"manual":"yes"}', '{"changes":[{"event":"x","collection":"t","keys":[{}]}]}']) {
      expect(parseRebuildRequest(bad)).toBeNull();
    }
  });
});

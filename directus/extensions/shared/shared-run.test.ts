import { describe, expect, it } from 'vitest';
import { sharedRun } from './shared-run.ts';

/** A run that ends when told, counting how many were started. */
function controlledRuns() {
  const ends: ((n: number) => void)[] = [];
  const fails: ((e: Error) => void)[] = [];
  return {
    ends, fails,
    run: () => new Promise<number>((resolve, reject) => {
      ends.push(resolve);
      fails.push(reject);
    }),
  };
}

describe('sharedRun', () => {
  it('answers every call made while a run is on its way with that run', async () => {
    const runs = controlledRuns();
    const shared = sharedRun(runs.run);
    const [a, b] = [shared(), shared()];
    expect(runs.ends).toHaveLength(1);
    runs.ends[0]!(7);
    expect(await Promise.all([a, b])).toEqual([7, 7]);
  });

  it('starts another once the run has ended, or once the reuse time after it has passed', async () => {
    let clock = 0;
    let started = 0;
    const once = sharedRun(async () => ++started, 0, () => clock);
    await once();
    expect(await once()).toBe(2);

    const reused = sharedRun(async () => ++started, 5_000, () => clock);
    expect(await reused()).toBe(3);
    await Promise.resolve();
    clock = 4_999;
    expect(await reused()).toBe(3);
    clock = 5_000;
    expect(await reused()).toBe(4);
  });

  it('reuses no failed run: the next call starts afresh', async () => {
    const runs = controlledRuns();
    const shared = sharedRun(runs.run, 60_000);
    const first = shared();
    runs.fails[0]!(new Error('storage unreachable'));
    await expect(first).rejects.toThrow('storage unreachable');
    const second = shared();
    expect(runs.ends).toHaveLength(2);
    runs.ends[1]!(2);
    expect(await second).toBe(2);
  });
});

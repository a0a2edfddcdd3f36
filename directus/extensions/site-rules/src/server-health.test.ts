import { describe, expect, it } from 'vitest';
import { reusedFor } from './server-health.ts';

describe('reusedFor', () => {
  it('answers every call within the time with the run it started, then starts another', async () => {
    let clock = 0;
    let runs = 0;
    const shared = reusedFor(5_000, async () => ++runs, () => clock);
    expect(await Promise.all([shared(), shared()])).toEqual([1, 1]);
    clock = 4_999;
    expect(await shared()).toBe(1);
    clock = 5_000;
    expect(await shared()).toBe(2);
  });

  it('shares no failed run: the next call starts afresh', async () => {
    let clock = 0;
    let runs = 0;
    const shared = reusedFor(5_000, async () => {
      if (++runs === 1) throw new Error('storage unreachable');
      return runs;
    }, () => clock);
    await expect(shared()).rejects.toThrow('storage unreachable');
    clock = 1;
    expect(await shared()).toBe(2);
  });
});

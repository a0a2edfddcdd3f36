import { describe, expect, it } from 'vitest';
import { DEFAULT_RESTART_POLICY, decideRestart } from '../../scripts/lib/restart-policy.ts';

const policy = DEFAULT_RESTART_POLICY;
const quick = policy.steadyMs - 1;

describe('decideRestart', () => {
  it('restarts after the first wait when a steady run stops', () => {
    expect(decideRestart(policy, 0, policy.steadyMs)).toEqual({ restart: true, delayMs: policy.delaysMs[0], quickStops: 0 });
    // A steady run forgets the quick stops before it.
    expect(decideRestart(policy, policy.maxQuickStops - 1, policy.steadyMs * 10)).toEqual({ restart: true, delayMs: policy.delaysMs[0], quickStops: 0 });
  });

  it('waits longer after each quick stop in a row, and gives up at the limit', () => {
    let quickStops = 0;
    const waits: number[] = [];
    for (;;) {
      const decision = decideRestart(policy, quickStops, quick);
      quickStops = decision.quickStops;
      if (!decision.restart) break;
      waits.push(decision.delayMs);
    }
    expect(quickStops).toBe(policy.maxQuickStops);
    expect(waits).toEqual(policy.delaysMs.slice(0, policy.maxQuickStops - 1));
    expect(waits).toEqual([...waits].sort((a, b) => a - b));
  });

  it('counts a start that never came up as a quick stop, and repeats the last wait past the list', () => {
    const long = { delaysMs: [10, 20], steadyMs: 1000, maxQuickStops: 10 };
    expect(decideRestart(long, 0, 0)).toEqual({ restart: true, delayMs: 10, quickStops: 1 });
    expect(decideRestart(long, 1, 0)).toEqual({ restart: true, delayMs: 20, quickStops: 2 });
    expect(decideRestart(long, 5, 999)).toEqual({ restart: true, delayMs: 20, quickStops: 6 });
    expect(decideRestart(long, 9, 0)).toEqual({ restart: false, quickStops: 10 });
  });
});

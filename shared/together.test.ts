import { describe, expect, it } from 'vitest';
import { positionAt, scheduledStart, SCHEDULE_MAX_MS, SCHEDULE_MIN_MS } from './together.ts';

describe('the room moment', () => {
  it('stands still while paused, and before a scheduled start', () => {
    expect(positionAt({ playing: false, position: 42, at: 1000 }, 9000)).toBe(42);
    expect(positionAt({ playing: true, position: 42, at: 5000 }, 4900)).toBe(42);
  });
  it('runs from the start on', () => {
    expect(positionAt({ playing: true, position: 42, at: 5000 }, 7500)).toBe(44.5);
  });
});

describe('a scheduled start', () => {
  it('is twice the slowest latency ahead: the slowest round trip', () => {
    expect(scheduledStart(10_000, [30, 400, 120])).toBe(10_400);
  });
  it('keeps within its bounds', () => {
    expect(scheduledStart(0, [5, 10])).toBe(SCHEDULE_MIN_MS);
    expect(scheduledStart(0, [9_000])).toBe(SCHEDULE_MAX_MS);
    expect(scheduledStart(0, [])).toBe(SCHEDULE_MIN_MS);
  });
  it('counts a member not yet measured as slow', () => {
    expect(scheduledStart(0, [20, null])).toBe(SCHEDULE_MAX_MS);
  });
});

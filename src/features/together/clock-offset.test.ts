import { describe, expect, it } from 'vitest';
import { addSample, CLOCK_WINDOW, clockOffset, FAST_PING_MS, NO_CLOCK, nextPingIn, reportedRtt, sampleOf, SLOW_PING_MS, type Clock } from './clock-offset.ts';

const withSamples = (samples: [number, number][]): Clock =>
  samples.reduce((c, [offset, rtt]) => addSample(c, { offset, rtt }), NO_CLOCK);

describe('clock offset', () => {
  it('takes the server time as the middle of the round trip', () => {
    // Sent at 1000, back at 1100; the server answered at 5050 by its clock: 5050 − 1050.
    expect(sampleOf(1000, 1100, 5050)).toEqual({ offset: 4000, rtt: 100 });
  });

  it('refuses a pong that came back before it was sent, or with no numbers', () => {
    expect(sampleOf(1000, 900, 5000)).toBeNull();
    expect(sampleOf(Number.NaN, 900, 5000)).toBeNull();
  });

  it('keeps the offset of the quickest round trip among the recent ones', () => {
    const clock = withSamples([[30, 200], [12, 40], [-50, 400], [25, 120]]);
    expect(clockOffset(clock)).toBe(12);
  });

  it('forgets samples older than the window', () => {
    const quickButOld: [number, number][] = [[999, 1]];
    const later: [number, number][] = Array.from({ length: CLOCK_WINDOW }, (_, i) => [10 + i, 50 + i]);
    const clock = withSamples([...quickButOld, ...later]);
    expect(clock.samples).toHaveLength(CLOCK_WINDOW);
    expect(clockOffset(clock)).toBe(10);
  });

  it('is 0 before any sample, and reports no round trip', () => {
    expect(clockOffset(NO_CLOCK)).toBe(0);
    expect(reportedRtt(NO_CLOCK)).toBeUndefined();
  });

  it('reports the recent round trips\' median, so one slow answer does not delay every start', () => {
    expect(reportedRtt(withSamples([[0, 40], [0, 50], [0, 900]]))).toBe(50);
    expect(reportedRtt(withSamples([[0, 40], [0, 300]]))).toBe(170);
    // A network that became slower is followed once most answers are slow.
    expect(reportedRtt(withSamples([[0, 40], [0, 40], [0, 300], [0, 310], [0, 320]]))).toBe(300);
  });

  it('pings every second until the window is full, then every ten seconds', () => {
    const filling = withSamples(Array.from({ length: CLOCK_WINDOW - 1 }, () => [0, 50] as [number, number]));
    expect(nextPingIn(NO_CLOCK)).toBe(FAST_PING_MS);
    expect(nextPingIn(filling)).toBe(FAST_PING_MS);
    expect(nextPingIn(addSample(filling, { offset: 0, rtt: 50 }))).toBe(SLOW_PING_MS);
  });
});

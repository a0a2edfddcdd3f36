import { describe, expect, it } from 'vitest';
import {
  candidateShifts, median, partnersOf, placeEdges, popcount32, POINT_SECONDS, recurringSegments, runsAtShift,
  segmentTimes, sharedRuns, snapEdge, SNAP_WINDOWS, stepAt, stretches, trimEdges, EDGE_OFFSETS, MATCH_DEFAULTS, SEGMENT_LIMITS,
} from '../../directus/extensions/segment-finder/src/matching.ts';
import { seededRandom } from '../../scripts/lib/seeded-random.ts';

/** Unrelated sound: random 32-bit points. */
function noise(seed: number, length: number): number[] {
  const rnd = seededRandom(seed);
  return Array.from({ length }, () => Math.floor(rnd() * 2 ** 32));
}

/** Flips `bits` distinct bits of a point. */
function flip(point: number, bits: number): number {
  let p = point;
  for (let b = 0; b < bits; b++) p ^= 1 << ((b * 7) % 32);
  return p >>> 0;
}

const seconds = (s: number) => Math.round(s / POINT_SECONDS);

describe('similar points', () => {
  it('counts the bits that differ', () => {
    expect(popcount32(0)).toBe(0);
    expect(popcount32(0xffffffff)).toBe(32);
    expect(popcount32(0b1011)).toBe(3);
    expect(popcount32(0x80000001)).toBe(2);
  });

  it('finds a shared stretch at its offset, with up to 6 of 32 bits differing, and no more', () => {
    const shared = noise(1, seconds(30));
    const a = Uint32Array.from([...noise(2, 100), ...shared, ...noise(3, 100)]);
    const b = Uint32Array.from([...noise(4, 40), ...shared.map((p, i) => flip(p, i % 7)), ...noise(5, 100)]);
    expect(candidateShifts(a, b)).toContain(40 - 100);
    const runs = runsAtShift(a, b, -60);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.aStart).toBe(100);
    expect(runs[0]!.aEnd).toBe(100 + shared.length - 1);

    const tooDifferent = Uint32Array.from([...noise(4, 40), ...shared.map((p) => flip(p, MATCH_DEFAULTS.maxBitErrors + 1)), ...noise(5, 100)]);
    expect(runsAtShift(a, tooDifferent, -60)).toEqual([]);
  });

  it('keeps a run across a gap of up to 3.5 s and splits it at a longer one', () => {
    const shared = noise(6, seconds(40));
    const gapOf = (s: number) => {
      const b = [...shared];
      const from = seconds(15);
      for (let i = from; i < from + seconds(s); i++) b[i] = flip(b[i]!, 16);
      return Uint32Array.from(b);
    };
    const a = Uint32Array.from(shared);
    expect(runsAtShift(a, gapOf(3), 0)).toHaveLength(1);
    const split = runsAtShift(a, gapOf(4), 0);
    expect(split).toHaveLength(2);
    expect(split[0]!.aEnd).toBeLessThan(split[1]!.aStart);
  });

  it('drops stray matches at a run’s edges joined by the gap rule', () => {
    expect(trimEdges([0, 20, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 70])).toEqual([30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45]);
    expect(trimEdges([1, 5, 9])).toEqual([]);
  });

  it('places an edge at the step between unrelated and shared sound', () => {
    expect(stepAt([15, 16, 14, 9, 2, 1, 0, 1])).toBe(4);
    expect(stepAt([0, 1, 0, 2, 12, 16, 15])).toBe(4);
    const shared = noise(7, seconds(20));
    const a = Uint32Array.from([...noise(8, 50), ...shared, ...noise(9, 50)]);
    const b = Uint32Array.from([...noise(10, 50), ...shared, ...noise(11, 50)]);
    const placed = placeEdges(a, b, { aStart: 45, aEnd: 50 + shared.length + 3, shift: 0, density: 0.9, bitErrors: 1 });
    expect([placed.aStart, placed.aEnd]).toEqual([50, 50 + shared.length - 1]);
  });

  it('uses each stretch once: a tune matching itself at another offset does not widen the match', () => {
    const phrase = noise(12, seconds(8));
    const tune = [...phrase, ...noise(13, seconds(4)), ...phrase, ...noise(14, seconds(6))];
    const a = Uint32Array.from([...noise(15, 200), ...tune, ...noise(16, 200)]);
    const b = Uint32Array.from([...noise(17, 90), ...tune, ...noise(18, 200)]);
    const runs = sharedRuns(a, b);
    expect(runs).toHaveLength(1);
    expect(runs[0]!).toMatchObject({ aStart: 200, aEnd: 200 + tune.length - 1, shift: -110 });
  });
});

describe('a season', () => {
  const opening = noise(100, seconds(60));
  const episode = (seed: number, before: number, tune: number[] | null, after = 800) =>
    Uint32Array.from([...noise(seed, before), ...(tune ?? []), ...noise(seed + 1, after)]);

  it('finds the opening in every episode that has one, whatever the cold open, and none where it is missing', () => {
    const colds = [0, 150, 400, 90, 260, 30];
    const parts = colds.map((cold, i) => episode(200 + i * 2, cold, i === 4 ? null : opening));
    const found = recurringSegments(parts, 'opening');
    found.forEach((f, i) => {
      if (i === 4) return expect(f).toBeNull();
      expect(f).toMatchObject({ startPoint: colds[i], endPoint: colds[i]! + opening.length - 1 });
      expect(f!.support).toBe(4); // shared by every other episode that has it
      expect(f!.compared).toBe(5);
    });
  });

  it('finds a shortened opening as far as it plays, and the full one in full', () => {
    const cut = [...opening.slice(0, opening.length / 2), ...opening.slice((opening.length * 3) / 4)];
    const parts = [episode(300, 100, opening), episode(302, 50, cut), episode(304, 220, opening), episode(306, 10, opening)];
    const found = recurringSegments(parts, 'opening');
    expect(found[1]).toMatchObject({ startPoint: 50, endPoint: 50 + cut.length - 1 });
    expect(found[0]).toMatchObject({ startPoint: 100, endPoint: 100 + opening.length - 1 });
  });

  it('proposes nothing shorter than 15 s or longer than 120 s for an opening (longer is fine for an ending)', () => {
    const short = noise(400, seconds(SEGMENT_LIMITS.opening.min - 3));
    expect(recurringSegments([episode(401, 20, short), episode(403, 80, short), episode(405, 5, short)], 'opening')).toEqual([null, null, null]);
    const long = noise(410, seconds(200));
    expect(recurringSegments([episode(411, 20, long), episode(413, 80, long), episode(415, 5, long)], 'opening')).toEqual([null, null, null]);
    expect(recurringSegments([episode(411, 20, long), episode(413, 80, long), episode(415, 5, long)], 'ending').every(Boolean)).toBe(true);
  });

  it('needs the stretch shared by enough of the compared episodes: two alike of six is chance', () => {
    const pairOnly = noise(500, seconds(30));
    const parts = [episode(501, 40, pairOnly), episode(503, 60, pairOnly), ...[505, 507, 509, 511].map((s) => episode(s, 50, null))];
    expect(recurringSegments(parts, 'opening').every((f) => f === null)).toBe(true);
  });

  it('skips episodes that could not be analysed, and one episode alone has nothing to compare with', () => {
    const parts = [episode(600, 40, opening), null, episode(602, 70, opening)];
    const found = recurringSegments(parts, 'opening');
    expect(found[1]).toBeNull();
    expect(found[0]).toMatchObject({ startPoint: 40, compared: 1 });
    expect(recurringSegments([episode(604, 40, opening)], 'opening')).toEqual([null]);
  });

  it('compares each episode with its nearest ones only', () => {
    expect(partnersOf(0, 4, 10)).toEqual([1, 2, 3]);
    expect(partnersOf(5, 20, 4)).toEqual([3, 4, 6, 7]);
    expect(partnersOf(0, 20, 3)).toEqual([1, 2, 3]);
  });

  it('joins supported points across short gaps and takes the lower middle of places', () => {
    expect(stretches([0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 1], 3)).toEqual([{ start: 1, end: 5 }, { start: 10, end: 10 }]);
    expect(median([5, 1, 9])).toBe(5);
    expect(median([4, 1, 9, 7])).toBe(4);
  });
});

describe('times and edges', () => {
  const part = { start: 300, duration: 120, points: new Uint32Array(950) };

  it('turns points into file seconds with the measured offsets, and runs to a file edge reach it', () => {
    const t = segmentTimes(part, { startPoint: 100, endPoint: 400 }, 1000);
    expect(t.start).toBeCloseTo(300 + 100 * POINT_SECONDS + EDGE_OFFSETS.start, 6);
    expect(t.end).toBeCloseTo(300 + 400 * POINT_SECONDS + EDGE_OFFSETS.end, 6);
    expect(segmentTimes({ ...part, start: 0 }, { startPoint: 0, endPoint: 400 }, 1000)).toMatchObject({ start: 0, atFileEdge: { start: true, end: false } });
    expect(segmentTimes({ ...part, start: 880 }, { startPoint: 100, endPoint: 949 }, 1000)).toMatchObject({ end: 1000, atFileEdge: { end: true } });
  });

  it('snaps a start to where a silence ends and an end to where one starts, else to a cut, else stays', () => {
    const silences = [{ start: 10, end: 10.6 }, { start: 50.2, end: 51 }];
    expect(snapEdge(10, 'start', silences, [])).toEqual({ time: 10.6, snapped: true });
    expect(snapEdge(50, 'end', silences, [])).toEqual({ time: 50.2, snapped: true });
    expect(snapEdge(30, 'start', silences, [29.4, 31.8])).toEqual({ time: 29.4, snapped: true });
    expect(snapEdge(30, 'start', silences, [30 + SNAP_WINDOWS.cut + 0.1])).toEqual({ time: 30, snapped: false });
    expect(snapEdge(10 - SNAP_WINDOWS.silence - 0.7, 'start', silences, [])).toMatchObject({ snapped: false });
  });
});

/**
 * Pure matching of Chromaprint points: two parts of audio are compared at the offsets where some of
 * their points are equal; points within MAX_BIT_ERRORS bits of each other are similar, and similar
 * points with gaps of at most MAX_GAP_SECONDS make a run. Across a season, a stretch of an episode that
 * runs alike in several other episodes is its opening (or ending); one that recurs nowhere is nothing.
 */

/** Chromaprint's hop: 1365 samples at 11,025 Hz. */
export const POINT_SECONDS = 1365 / 11025;

export interface Interval {
  start: number;
  end: number;
}

export type SegmentKind = 'opening' | 'ending';

export const SEGMENT_LIMITS: Record<SegmentKind, { min: number; max: number }> = {
  opening: { min: 15, max: 120 },
  ending: { min: 15, max: 420 },
};

export interface MatchOptions {
  /** Points are similar when at most this many of their 32 bits differ. */
  maxBitErrors: number;
  /** Largest gap between similar points inside one run, seconds. */
  maxGapSeconds: number;
  /** A run between two episodes shorter than this is chance (a shortened opening's pieces are longer). */
  minRunSeconds: number;
  /** Offsets tried per pair of episodes, the most voted first. */
  shiftsPerPair: number;
  /** Equal points an offset needs before it is tried. */
  minShiftVotes: number;
  /** A point value this frequent in a part (silence, a held tone) votes for no offset. */
  maxPointRepeats: number;
}

export const MATCH_DEFAULTS: MatchOptions = {
  maxBitErrors: 6,
  maxGapSeconds: 3.5,
  minRunSeconds: 4,
  shiftsPerPair: 12,
  minShiftVotes: 3,
  maxPointRepeats: 8,
};

export function popcount32(x: number): number {
  let v = x >>> 0;
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  v = (v + (v >>> 4)) & 0x0f0f0f0f;
  return Math.imul(v, 0x01010101) >>> 24;
}

/**
 * Offsets `j - i` at which a[i] equals b[j], by how many equal points vote for each (neighbouring
 * offsets pool their votes: the same sound lands between two hops). Most voted first.
 */
export function candidateShifts(a: Uint32Array, b: Uint32Array, options: MatchOptions = MATCH_DEFAULTS): number[] {
  const where = new Map<number, number[]>();
  for (let j = 0; j < b.length; j++) {
    const list = where.get(b[j]!);
    if (list) list.push(j);
    else where.set(b[j]!, [j]);
  }
  const counts = new Map<number, number>();
  for (let i = 0; i < a.length; i++) {
    const list = where.get(a[i]!);
    if (!list || list.length > options.maxPointRepeats) continue;
    for (const j of list) counts.set(j - i, (counts.get(j - i) ?? 0) + 1);
  }
  const pooled = [...counts.keys()].map((shift) => ({
    shift,
    votes: (counts.get(shift - 1) ?? 0) + (counts.get(shift) ?? 0) + (counts.get(shift + 1) ?? 0),
    own: counts.get(shift) ?? 0,
  }));
  pooled.sort((x, y) => y.votes - x.votes || y.own - x.own || x.shift - y.shift);
  const chosen: number[] = [];
  for (const p of pooled) {
    if (p.votes < options.minShiftVotes || chosen.length >= options.shiftsPerPair) break;
    if (!chosen.some((s) => Math.abs(s - p.shift) <= 1)) chosen.push(p.shift);
  }
  // The neighbours of each chosen offset are tried too: the better aligned of them wins the run.
  const tried = new Set<number>();
  for (const s of chosen) for (const d of [0, -1, 1]) tried.add(s + d);
  return [...tried];
}

/** A stretch of a's points (inclusive indices) that runs alike in b, `shift` points later. */
export interface Run {
  aStart: number;
  aEnd: number;
  shift: number;
  /** Similar points / points in the run. */
  density: number;
  /** Mean differing bits of its similar points: the true alignment of a repetitive tune has the fewest. */
  bitErrors: number;
}

export function runLengthSeconds(run: Run): number {
  return (run.aEnd - run.aStart + 1) * POINT_SECONDS;
}

/** Points looked at from a run's edge when deciding whether the run has really begun there. */
const EDGE_WINDOW_POINTS = 16;
/** Share of similar points an edge window needs; sparser edges are stray matches joined by the gap rule. */
const EDGE_MIN_DENSITY = 0.5;

/** Runs of similar points of a and b aligned by `shift` (b index = a index + shift). */
export function runsAtShift(a: Uint32Array, b: Uint32Array, shift: number, options: MatchOptions = MATCH_DEFAULTS): Run[] {
  const maxGap = Math.round(options.maxGapSeconds / POINT_SECONDS);
  const minPoints = Math.ceil(options.minRunSeconds / POINT_SECONDS);
  const from = Math.max(0, -shift);
  const to = Math.min(a.length, b.length - shift);
  const runs: Run[] = [];
  let similar: number[] = [];
  let errorSum = 0;
  const close = () => {
    const trimmed = trimEdges(similar);
    if (trimmed.length === 0) return;
    const start = trimmed[0]!;
    const end = trimmed[trimmed.length - 1]!;
    if (end - start + 1 >= minPoints) {
      runs.push({ aStart: start, aEnd: end, shift, density: trimmed.length / (end - start + 1), bitErrors: errorSum / similar.length });
    }
  };
  for (let i = from; i < to; i++) {
    const errors = popcount32(a[i]! ^ b[i + shift]!);
    if (errors > options.maxBitErrors) continue;
    if (similar.length > 0 && i - similar[similar.length - 1]! > maxGap) {
      close();
      similar = [];
      errorSum = 0;
    }
    similar.push(i);
    errorSum += errors;
  }
  close();
  return runs;
}

/** Drops similar points at a run's edges until the run is dense where it begins and ends. */
export function trimEdges(similar: readonly number[]): readonly number[] {
  const dense = (k: number, direction: 1 | -1) => {
    const edge = similar[k]!;
    let count = 0;
    for (let j = k; j >= 0 && j < similar.length && Math.abs(similar[j]! - edge) < EDGE_WINDOW_POINTS; j += direction) count++;
    return count >= EDGE_WINDOW_POINTS * EDGE_MIN_DENSITY;
  };
  let first = 0;
  while (first < similar.length && !dense(first, 1)) first++;
  let last = similar.length - 1;
  while (last > first && !dense(last, -1)) last--;
  return first < similar.length ? similar.slice(first, last + 1) : [];
}

/** Points looked at on each side of a run's edge to place it. */
const STEP_WINDOW_POINTS = 24;

/**
 * Where, among points `from`..`to` of `errors`, a step between two levels lies best (least squares
 * of two means): the index of the first point of the second level.
 */
export function stepAt(errors: readonly number[]): number {
  const n = errors.length;
  if (n < 2) return 0;
  const total = errors.reduce((x, y) => x + y, 0);
  let before = 0;
  let best = 1;
  let bestGain = -Infinity;
  for (let k = 1; k < n; k++) {
    before += errors[k - 1]!;
    const after = total - before;
    // The between-groups sum of squares grows with how well a step at k splits the levels.
    const gain = (before * before) / k + (after * after) / (n - k);
    if (gain > bestGain) { bestGain = gain; best = k; }
  }
  return best;
}

/**
 * Places a run's edges where the bit differences step between unrelated sound (about half the bits)
 * and shared sound (a few): steadier than the first and last points under the threshold, which
 * wander with what the neighbouring sound happens to be.
 */
export function placeEdges(a: Uint32Array, b: Uint32Array, run: Run): Run {
  const errorsOver = (from: number, to: number) => {
    const out: number[] = [];
    for (let p = from; p <= to; p++) out.push(popcount32(a[p]! ^ b[p + run.shift]!));
    return out;
  };
  const lowest = Math.max(0, -run.shift);
  const highest = Math.min(a.length, b.length - run.shift) - 1;
  const middle = Math.floor((run.aStart + run.aEnd) / 2);
  const startFrom = Math.max(lowest, run.aStart - STEP_WINDOW_POINTS);
  const startTo = Math.min(middle, run.aStart + STEP_WINDOW_POINTS);
  const endFrom = Math.max(middle + 1, run.aEnd - STEP_WINDOW_POINTS);
  const endTo = Math.min(highest, run.aEnd + STEP_WINDOW_POINTS);
  // A run at the very edge of a part has nothing before (after) it to step from: it stays.
  const aStart = run.aStart - startFrom < 4 ? run.aStart : startFrom + stepAt(errorsOver(startFrom, startTo));
  const aEnd = endTo - run.aEnd < 4 ? run.aEnd : endFrom + stepAt(errorsOver(endFrom, endTo)) - 1;
  return aEnd > aStart ? { ...run, aStart, aEnd } : run;
}

/** Runs overlapping by more than this (points) use the same sound twice. */
const MAX_OVERLAP_POINTS = 16;
/** Runs over the same sound whose similar points differ by at most this many are rivals of one size. */
const RIVAL_POINTS = 16;

function similarPoints(run: Run): number {
  return (run.aEnd - run.aStart + 1) * run.density;
}

/**
 * The runs a and b share, each stretch of either side used once: the run with the most similar
 * points first, then others that overlap none kept on either side (the two pieces of an opening with
 * its middle cut). A tune repeats its phrases, so it also matches itself at other offsets: those runs
 * are shorter and dropped, or, when about as long (a phrase looped), the closer alignment wins.
 */
export function sharedRuns(a: Uint32Array, b: Uint32Array, options: MatchOptions = MATCH_DEFAULTS): Run[] {
  const remaining = candidateShifts(a, b, options).flatMap((shift) => runsAtShift(a, b, shift, options)).map((run) => placeEdges(a, b, run));
  remaining.sort((x, y) => similarPoints(y) - similarPoints(x));
  const overlap = (x0: number, x1: number, y0: number, y1: number) => Math.min(x1, y1) - Math.max(x0, y0) + 1;
  const clash = (x: Run, y: Run) => overlap(x.aStart, x.aEnd, y.aStart, y.aEnd) > MAX_OVERLAP_POINTS
    || overlap(x.aStart + x.shift, x.aEnd + x.shift, y.aStart + y.shift, y.aEnd + y.shift) > MAX_OVERLAP_POINTS;
  const kept: Run[] = [];
  while (remaining.length > 0) {
    const top = remaining[0]!;
    let chosen = top;
    for (const r of remaining) {
      if (similarPoints(r) < similarPoints(top) - RIVAL_POINTS) break;
      if (r.bitErrors < chosen.bitErrors && clash(r, top)) chosen = r;
    }
    remaining.splice(remaining.indexOf(chosen), 1);
    if (!kept.some((k) => clash(k, chosen))) kept.push(chosen);
  }
  return kept;
}

/** A segment found in one episode, in the points of its part. */
export interface Recurring {
  startPoint: number;
  /** Inclusive. */
  endPoint: number;
  /** How many other episodes share its best-supported point. */
  support: number;
  /** How many episodes it was compared with. */
  compared: number;
  density: number;
}

export interface SeasonOptions extends MatchOptions {
  /** Each episode is compared with at most this many others, the nearest in order. */
  maxPartners: number;
  /** Share of the compared episodes that must share a segment for it to count. */
  minSupportShare: number;
}

export const SEASON_DEFAULTS: SeasonOptions = { ...MATCH_DEFAULTS, maxPartners: 10, minSupportShare: 0.3 };

/** The episodes each one is compared with: its nearest neighbours in order, at most `max`. */
export function partnersOf(index: number, count: number, max: number): number[] {
  const out: number[] = [];
  for (let d = 1; out.length < max && (index - d >= 0 || index + d < count); d++) {
    if (index + d < count) out.push(index + d);
    if (index - d >= 0 && out.length < max) out.push(index - d);
  }
  return out.sort((x, y) => x - y);
}

/**
 * For each episode (its part's points, or null when it could not be analysed), the stretch that
 * recurs in the season: the points covered by runs shared with other episodes, joined where the gaps
 * are short, whose best point is shared by enough of them and whose length fits the kind. An episode
 * that shares nothing long enough gets null.
 */
export function recurringSegments(parts: readonly (Uint32Array | null)[], kind: SegmentKind, options: SeasonOptions = SEASON_DEFAULTS): (Recurring | null)[] {
  const usable = parts.map((p, i) => (p && p.length > 0 ? i : -1)).filter((i) => i >= 0);
  const runs = new Map<string, Run[]>();
  const pairRuns = (i: number, j: number): Run[] => {
    const key = `${i}:${j}`;
    let found = runs.get(key);
    if (!found) {
      found = sharedRuns(parts[i]!, parts[j]!, options);
      runs.set(key, found);
    }
    return found;
  };
  const limits = SEGMENT_LIMITS[kind];
  const maxGap = Math.round(options.maxGapSeconds / POINT_SECONDS);
  return parts.map((points, index) => {
    const at = usable.indexOf(index);
    if (!points || at < 0) return null;
    const partners = partnersOf(at, usable.length, options.maxPartners).map((k) => usable[k]!);
    if (partners.length === 0) return null;
    const support = new Uint16Array(points.length);
    const matched = new Uint16Array(points.length);
    const coverage: Uint8Array[] = [];
    for (const other of partners) {
      // Runs are found once per pair, from the lower index's side, and turned around for the other.
      const own = index < other ? pairRuns(index, other) : pairRuns(other, index).map((r) => flip(r));
      const covered = new Uint8Array(points.length);
      for (const r of own) {
        if (runLengthSeconds(r) > limits.max + options.maxGapSeconds) continue; // a whole scene alike: not a segment
        for (let p = r.aStart; p <= r.aEnd; p++) {
          covered[p] = 1;
          matched[p] = Math.max(matched[p]!, Math.round(r.density * 1000));
        }
      }
      for (let p = 0; p < points.length; p++) support[p]! += covered[p]!;
      coverage.push(covered);
    }
    const need = Math.max(1, Math.ceil(partners.length * options.minSupportShare));
    let best: Recurring | null = null;
    let bestScore = 0;
    for (const group of stretches(support, maxGap)) {
      const length = soundSeconds(group.start, group.end);
      if (length < limits.min || length > limits.max + options.maxGapSeconds) continue;
      let peak = 0;
      let area = 0;
      let density = 0;
      for (let p = group.start; p <= group.end; p++) {
        peak = Math.max(peak, support[p]!);
        area += support[p]!;
        density += matched[p]! / 1000;
      }
      if (peak < need || area <= bestScore) continue;
      // Each episode sharing the stretch places its edges a little differently (what comes before and
      // after differs); the middle of their places is the edge, so one odd neighbour moves nothing.
      const starts: number[] = [];
      const ends: number[] = [];
      for (const covered of coverage) {
        let first = -1;
        let last = -1;
        for (let p = group.start; p <= group.end; p++) {
          if (!covered[p]) continue;
          if (first < 0) first = p;
          last = p;
        }
        if (first >= 0) { starts.push(first); ends.push(last); }
      }
      const startPoint = median(starts);
      const endPoint = median(ends);
      if (soundSeconds(startPoint, endPoint) < limits.min) continue;
      bestScore = area;
      best = { startPoint, endPoint, support: peak, compared: partners.length, density: density / (group.end - group.start + 1) };
    }
    return best;
  });
}

/** Seconds of sound between a run's first and last points (see EDGE_OFFSETS). */
function soundSeconds(startPoint: number, endPoint: number): number {
  return (endPoint - startPoint) * POINT_SECONDS + EDGE_OFFSETS.end - EDGE_OFFSETS.start;
}

/** The middle value (the lower of the two middle ones), rounded to a point. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** The same run seen from b's side. */
function flip(run: Run): Run {
  return { ...run, aStart: run.aStart + run.shift, aEnd: run.aEnd + run.shift, shift: -run.shift };
}

/** Stretches of points with some support, joined across gaps of at most `maxGap` points. */
export function stretches(support: ArrayLike<number>, maxGap: number): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let start = -1;
  let last = -1;
  for (let p = 0; p < support.length; p++) {
    if (!support[p]) continue;
    if (start >= 0 && p - last <= maxGap) { last = p; continue; }
    if (start >= 0) out.push({ start, end: last });
    start = p;
    last = p;
  }
  if (start >= 0) out.push({ start, end: last });
  return out;
}

/**
 * Where a run's edge points lie from the edges of the shared sound (seconds to add). A point sums
 * about 2.6 s of sound after it, so a run begins a little before the shared sound and its last point
 * lies well before its end. Measured on generated seasons other than the benchmark's
 * (`npm run bench:segments -- --calibrate`): starts 0.53..0.88 s, ends 0.77..1.76 s.
 */
export const EDGE_OFFSETS = { start: 0.7, end: 1.4 };
/** Points missing at the end of a part: the last ~2.6 s of sound start no point of their own. */
const TAIL_POINTS = 3;

export interface PartPoints {
  start: number;
  duration: number;
  points: Uint32Array;
}

/**
 * The times (file seconds) of a recurring stretch. A stretch that reaches the first point of a part
 * starting the file, or the last point of a part ending it, begins or ends with the file.
 */
export function segmentTimes(part: PartPoints, found: { startPoint: number; endPoint: number }, fileDuration: number): Interval & { atFileEdge: { start: boolean; end: boolean } } {
  const atStart = part.start === 0 && found.startPoint <= 1;
  const atEnd = Math.abs(part.start + part.duration - fileDuration) < 0.5 && found.endPoint >= part.points.length - TAIL_POINTS;
  return {
    start: atStart ? 0 : part.start + found.startPoint * POINT_SECONDS + EDGE_OFFSETS.start,
    end: atEnd ? fileDuration : Math.min(part.start + part.duration, part.start + found.endPoint * POINT_SECONDS + EDGE_OFFSETS.end),
    atFileEdge: { start: atStart, end: atEnd },
  };
}

/** How far an edge may move to a silence, or (when no silence is near) to a picture cut. */
export const SNAP_WINDOWS = { silence: 1.25, cut: 1 };

/**
 * Moves an edge to where sound stops or resumes nearby (an opening starts where a silence ends and
 * ends where one starts), or else to the nearest picture cut; otherwise leaves it.
 */
export function snapEdge(time: number, edge: 'start' | 'end', silences: readonly Interval[], cuts: readonly number[]): { time: number; snapped: boolean } {
  const nearest = (candidates: readonly number[], window: number) => {
    let best: number | null = null;
    for (const c of candidates) if (Math.abs(c - time) <= window && (best === null || Math.abs(c - time) < Math.abs(best - time))) best = c;
    return best;
  };
  const bySilence = nearest(silences.map((s) => (edge === 'start' ? s.end : s.start)), SNAP_WINDOWS.silence);
  if (bySilence !== null) return { time: bySilence, snapped: true };
  const byCut = nearest(cuts, SNAP_WINDOWS.cut);
  if (byCut !== null) return { time: byCut, snapped: true };
  return { time, snapped: false };
}

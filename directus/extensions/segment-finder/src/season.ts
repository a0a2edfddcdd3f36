/**
 * One season's analysis: each episode's first part (for the opening) and last part (for the ending)
 * are fingerprinted one episode at a time (a file several episodes play, once), compared across the
 * season, and the recurring stretches are proposed with their edges snapped to silences or picture
 * cuts. Always settles with a state for the season and for every episode; a file that cannot be
 * analysed never stops the others.
 */
import { failure, type Failure } from './failures.ts';
import { fingerprintPart, probeMedia, sceneCuts, type AudioPart } from './fingerprint.ts';
import { recurringSegments, segmentTimes, snapEdge, SEASON_DEFAULTS, type Interval, type Recurring, type SeasonOptions, type SegmentKind } from './matching.ts';
import { defaultTools, type Tools } from './tools.ts';

/** The opening is looked for in the first quarter of an episode, at most this much of it. */
export const OPENING_PART = { share: 0.25, maxSeconds: 600 };
/** The ending (up to 7 minutes, perhaps followed by a preview) in the last third, at most this much. */
export const ENDING_PART = { share: 1 / 3, maxSeconds: 600 };
/**
 * Only the two parts are read, so length alone costs nothing: a 3-hour film is analysed like a
 * 40-minute episode. Longer than this is no episode (a recording left running, a broken header).
 */
export const MAX_EPISODE_SECONDS = 5 * 3600;
/** A whole season may take this long before what is left is given up. */
export const SEASON_DEADLINE_MS = 30 * 60_000;
/** Picture cuts are looked for this far around an edge no silence explains. */
const CUT_WINDOW_SECONDS = 1;

export interface EpisodeInput {
  id: string | number;
  /** Path of the episode's video file. */
  file: string;
}

export interface Proposal {
  start: number;
  end: number;
  /** 0..1: how many of the compared episodes share it, how closely, and whether its edges are explained. */
  confidence: number;
}

export interface EpisodeResult {
  id: string | number;
  /** 'готово', or why there are no proposals. */
  state: string;
  failure?: Failure;
  duration?: number;
  opening: Proposal | null;
  ending: Proposal | null;
}

export interface SeasonResult {
  state: string;
  failure?: Failure;
  episodes: EpisodeResult[];
  /** Seconds of sound decoded and fingerprinted. */
  analysedSeconds: number;
}

export const DONE = 'готово';

export interface SeasonRunOptions {
  tools?: Tools;
  signal?: AbortSignal;
  deadlineMs?: number;
  matching?: SeasonOptions;
}

interface Heard {
  duration: number;
  opening: AudioPart;
  ending: AudioPart;
}

/** The parts of an episode of `duration` seconds that are listened to. */
export function partsOf(duration: number): { opening: Interval; ending: Interval } {
  const openingLength = Math.min(duration * OPENING_PART.share, OPENING_PART.maxSeconds);
  const endingLength = Math.min(duration * ENDING_PART.share, ENDING_PART.maxSeconds);
  return { opening: { start: 0, end: openingLength }, ending: { start: duration - endingLength, end: duration } };
}

async function listen(file: string, tools: Tools, signal: AbortSignal): Promise<({ ok: true } & Heard) | Failure> {
  const probe = await probeMedia(file, tools, signal);
  if (!probe.ok) return probe;
  const duration = probe.info.duration;
  if (duration > MAX_EPISODE_SECONDS) return failure('too-long', `${Math.round(duration)} s`);
  const parts = partsOf(duration);
  const opening = await fingerprintPart(file, parts.opening.start, parts.opening.end - parts.opening.start, tools, signal);
  if (!opening.ok) return opening;
  const ending = await fingerprintPart(file, parts.ending.start, parts.ending.end - parts.ending.start, tools, signal);
  if (!ending.ok) return ending;
  if (opening.part.silent && ending.part.silent) return failure('no-audio', 'only silence');
  return { ok: true, duration, opening: opening.part, ending: ending.part };
}

/** Confidence of a proposal: shared by how many, how densely, and edges explained by silence or a cut. */
function confidenceOf(found: Recurring, snappedEdges: number): number {
  const shared = Math.min(1, found.support / Math.max(2, Math.ceil(found.compared * 0.6)));
  return Math.round((0.6 * shared + 0.25 * found.density + 0.075 * snappedEdges) * 100) / 100;
}

/** Picture cuts of a file within one window; see sceneCuts. */
type CutsOf = (file: string, window: Interval) => Promise<number[]>;

async function propose(file: string, duration: number, part: AudioPart, found: Recurring, cutsOf: CutsOf): Promise<Proposal> {
  const raw = segmentTimes(part, found, duration);
  const edges: { time: number; snapped: boolean }[] = [];
  for (const [time, edge] of [[raw.start, 'start'], [raw.end, 'end']] as const) {
    if (raw.atFileEdge[edge]) {
      edges.push({ time, snapped: true });
      continue;
    }
    let snapped = snapEdge(time, edge, part.silences, []);
    if (!snapped.snapped) {
      const cuts = await cutsOf(file, { start: Math.max(0, time - CUT_WINDOW_SECONDS), end: time + CUT_WINDOW_SECONDS });
      snapped = snapEdge(time, edge, [], cuts);
    }
    edges.push(snapped);
  }
  const [start, end] = edges as [{ time: number; snapped: boolean }, { time: number; snapped: boolean }];
  return {
    start: round(start.time),
    end: round(end.time),
    confidence: confidenceOf(found, Number(start.snapped) + Number(end.snapped)),
  };
}

function round(t: number): number {
  return Math.round(t * 100) / 100;
}

/** `read` run once per key: the same file given to several episodes is read once. */
function oncePerKey<A extends unknown[], R>(keyOf: (...args: A) => string, read: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  const made = new Map<string, Promise<R>>();
  return (...args) => {
    const key = keyOf(...args);
    let result = made.get(key);
    if (!result) made.set(key, (result = read(...args)));
    return result;
  };
}

export async function analyseSeason(episodes: readonly EpisodeInput[], options: SeasonRunOptions = {}): Promise<SeasonResult> {
  const tools = options.tools ?? defaultTools();
  const deadline = AbortSignal.timeout(options.deadlineMs ?? SEASON_DEADLINE_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const matching = options.matching ?? SEASON_DEFAULTS;
  const heard: (Heard | null)[] = [];
  const results: EpisodeResult[] = [];
  const listenOnce = oncePerKey((file: string) => file, (file: string) => listen(file, tools, signal));
  const cutsOf = oncePerKey((file: string, w: Interval) => `${w.start}-${w.end} ${file}`, (file: string, w: Interval) => sceneCuts(file, [w], tools, signal));
  for (const episode of episodes) {
    let outcome: ({ ok: true } & Heard) | Failure;
    try {
      outcome = signal.aborted ? failure(deadline.aborted ? 'timeout' : 'aborted') : await listenOnce(episode.file);
    } catch (err) {
      outcome = failure('unreadable', (err as Error).message);
    }
    if (outcome.ok) {
      heard.push(outcome);
      results.push({ id: episode.id, state: DONE, duration: outcome.duration, opening: null, ending: null });
    } else {
      const reason = outcome.kind === 'aborted' && deadline.aborted ? failure('timeout') : outcome;
      heard.push(null);
      results.push({ id: episode.id, state: reason.message, failure: reason, opening: null, ending: null });
    }
  }
  // A file heard for several episodes was decoded once, and is compared once: against itself it
  // matched whole, and its episodes got their whole parts proposed as opening and ending.
  const files = [...new Set(heard)].filter((h): h is Heard => h !== null);
  const analysedSeconds = files.reduce((sum, h) => sum + h.opening.duration + h.ending.duration, 0);
  if (files.length < 2) {
    const tooFew = failure('too-few-episodes');
    for (const r of results) if (!r.failure) Object.assign(r, { state: tooFew.message, failure: tooFew });
    return { state: tooFew.message, failure: tooFew, episodes: results, analysedSeconds };
  }
  for (const kind of ['opening', 'ending'] as const satisfies readonly SegmentKind[]) {
    const found = recurringSegments(files.map((h) => (h[kind].silent ? null : h[kind].points)), kind, matching);
    for (let i = 0; i < results.length; i++) {
      const h = heard[i];
      const f = h ? found[files.indexOf(h)] : null;
      if (!f || !h) continue;
      try {
        results[i]![kind] = await propose(episodes[i]!.file, h.duration, h[kind], f, cutsOf);
      } catch {
        results[i]![kind] = null; // a proposal that cannot be placed is left out, never guessed
      }
    }
  }
  return { state: DONE, episodes: results, analysedSeconds };
}

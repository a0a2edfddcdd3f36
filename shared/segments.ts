/**
 * Parts of an episode a viewer may skip: the opening, the ending (credits), a recap of earlier
 * episodes and a preview of the next, each a start and an end in seconds. Editors set them on a
 * season (for all its episodes) or on one episode, which replaces the season's of the same kind.
 * The backend refuses what breaks these rules; the player reads them to offer a skip.
 */
import { clockOf } from './clock.ts';

export const SEGMENT_KINDS = ['opening', 'ending', 'recap', 'preview'] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

/** What editors and viewers call each kind. */
export const SEGMENT_NAMES: Record<SegmentKind, string> = {
  opening: 'Заставка',
  ending: 'Титры',
  recap: 'Пересказ',
  preview: 'Превью',
};

/** The player's button inside each kind. */
export const SKIP_LABELS: Record<SegmentKind, string> = {
  opening: 'Пропустить заставку',
  ending: 'Пропустить титры',
  recap: 'Пропустить пересказ',
  preview: 'Пропустить превью',
};

/** The player's notice once a kind was skipped by itself, the participle agreeing with the name. */
export const SKIPPED_NOTICES: Record<SegmentKind, string> = {
  opening: 'Заставка пропущена',
  ending: 'Титры пропущены',
  recap: 'Пересказ пропущен',
  preview: 'Превью пропущено',
};

/** Who set a segment: an editor, or the segment finder listening to the season ('auto', with a confidence). */
export const SEGMENT_SOURCES = ['editor', 'auto'] as const;
/**
 * Where a segment stands: 'confirmed' plays; 'proposed' (found by listening) plays only on a title whose
 * editors let found segments apply at once; 'rejected' never plays, and keeps the finder from proposing
 * its kind again for the same file.
 */
export const SEGMENT_STATES = ['confirmed', 'proposed', 'rejected'] as const;
export type SegmentState = (typeof SEGMENT_STATES)[number];
/** A title's search for openings and endings, as editors follow it. */
export const SEGMENT_SEARCH_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type SegmentSearchState = (typeof SEGMENT_SEARCH_STATES)[number];

/** A shorter stretch is not worth a button. */
export const MIN_SEGMENT_SECONDS = 3;

export interface Segment {
  kind: SegmentKind;
  start: number;
  end: number;
}

/** A segment as stored: on an episode or on a season; `absent` marks an episode without its season's segment. */
export interface StoredSegment extends Segment {
  episode: number | null;
  season: number | null;
  absent?: boolean | null;
}

const isKind = (v: unknown): v is SegmentKind => typeof v === 'string' && (SEGMENT_KINDS as readonly string[]).includes(v);
/** Whether a segment ending at `end` runs past an episode `length` seconds long (half a second of rounding aside). */
const runsPast = (end: number, length: number) => end > length + 0.5;

/**
 * What is wrong with one segment among the others of the same episode, in editors' words, or null.
 * `length` is the episode's length in seconds when known.
 */
export function segmentProblem(s: { kind: unknown; start: unknown; end: unknown }, others: readonly Segment[], length?: number | null): string | null {
  if (!isKind(s.kind)) return 'Выберите вид отрезка: заставка, титры, пересказ или превью';
  if (typeof s.start !== 'number' || typeof s.end !== 'number' || !Number.isFinite(s.start) || !Number.isFinite(s.end)) {
    return 'Начало и конец отрезка задаются числом секунд';
  }
  if (s.start < 0 || s.end < 0) return 'Начало и конец отрезка не могут быть меньше нуля';
  if (s.end <= s.start) return 'Конец отрезка должен быть позже его начала';
  if (s.end - s.start < MIN_SEGMENT_SECONDS) return `Отрезок должен длиться не меньше ${MIN_SEGMENT_SECONDS} секунд`;
  if (length && runsPast(s.end, length)) return `Отрезок выходит за конец серии (${clockOf(length)})`;
  const same = others.find((o) => o.kind === s.kind);
  if (same) return `У серии уже есть отрезок «${SEGMENT_NAMES[s.kind]}»`;
  const { start, end } = s;
  const met = others.find((o) => start < o.end && o.start < end);
  if (met) return `Отрезок пересекается с отрезком «${SEGMENT_NAMES[met.kind]}» (${clockOf(met.start)}–${clockOf(met.end)})`;
  return null;
}

/** What a new `length` of an episode would leave wrong among its own segments, in editors' words, or null. */
export function lengthProblem(own: readonly Segment[], length: number): string | null {
  const past = own.find((s) => runsPast(s.end, length));
  if (!past) return null;
  return `Отрезок «${SEGMENT_NAMES[past.kind]}» (${clockOf(past.start)}–${clockOf(past.end)}) выходит за новый конец серии (${clockOf(length)}): сначала поправьте его`;
}

/**
 * The segments of one episode: its own, and its season's of the kinds it does not set itself
 * (an `absent` row of the episode removes that kind), in playing order.
 */
export function episodeSegments(stored: readonly StoredSegment[], episode: number, season: number | null): Segment[] {
  const own = stored.filter((s) => s.episode === episode);
  const ownKinds = new Set(own.map((s) => s.kind));
  const fromSeason = season === null ? [] : stored.filter((s) => s.episode === null && s.season === season && !ownKinds.has(s.kind));
  return [...own, ...fromSeason]
    .filter((s) => !s.absent && isKind(s.kind))
    .map(({ kind, start, end }) => ({ kind, start, end }))
    .sort((a, b) => a.start - b.start);
}

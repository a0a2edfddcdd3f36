/**
 * When an episode counts as watched, and how a title's list marks follow what a person watched.
 * The player decides the first; the backend applies the second when a watched episode is stored,
 * so every device of the person sees the same marks.
 */
import type { MarkType } from './rules.ts';
import type { Segment } from './segments.ts';

/** The most watched episodes a browser hands to the account in one call; more go in several. */
export const WATCHED_IMPORT_MAX = 1000;

/** Past this share of its length an episode is watched, unless its ending starts earlier. */
export const WATCHED_SHARE = 0.85;

/** The second from which an episode counts as watched, or null while its length is unknown. */
export function watchedFrom(length: number | null | undefined, segments: readonly Segment[] = []): number | null {
  if (!length || !Number.isFinite(length) || length <= 0) return null;
  const ending = segments.find((s) => s.kind === 'ending');
  const share = WATCHED_SHARE * length;
  return ending && ending.start > 0 ? Math.min(share, ending.start) : share;
}

export function isWatchedAt(position: number | null | undefined, length: number | null | undefined, segments: readonly Segment[] = []): boolean {
  const from = watchedFrom(length, segments);
  return from !== null && typeof position === 'number' && position >= from;
}

export interface MarkChange {
  add: MarkType[];
  remove: MarkType[];
}

const NONE: MarkChange = { add: [], remove: [] };

/**
 * How the title's marks move when an episode is marked watched: the first one puts the title in
 * «Смотрю», the title's last episode moves it to «Смотрел» and out of «Смотрю» and «Буду смотреть».
 * A title marked «Не интересно», or a person who turned this off, keeps its marks as they are.
 */
export function marksAfterWatching(marks: readonly MarkType[], lastEpisode: boolean, follow = true): MarkChange {
  if (!follow || marks.includes('Не интересно')) return NONE;
  if (lastEpisode) {
    return {
      add: marks.includes('Смотрел') ? [] : ['Смотрел'],
      remove: marks.filter((m) => m === 'Смотрю' || m === 'Буду смотреть'),
    };
  }
  if (marks.includes('Смотрю') || marks.includes('Смотрел')) return NONE;
  return { add: ['Смотрю'], remove: marks.filter((m) => m === 'Буду смотреть') };
}

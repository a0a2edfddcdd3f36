/**
 * What the player plays, prepared from a title: a single item, or seasons of episodes. Titles
 * without seasons ('Без сезонов') get one unnamed season, so the player has one shape to show.
 */
import { assetUrl } from '../../lib/assets.ts';
import { clockOf } from '../../../shared/clock.ts';
import { episodeSegments, type SegmentKind, type StoredSegment } from '../../../shared/segments.ts';
import { isWatchedAt } from '../../../shared/watching.ts';
import { playedVideo } from '../../../shared/played-video.ts';
import { PLAYER_HEIGHT_PX } from '../../lib/constants.ts';
import type { PlayableEpisode } from '../player/index.ts';

/** An episode as the title's player plays it. */
export type Episode = PlayableEpisode;

export interface Season {
  id: number;
  name: string;
  episodes: Episode[];
}

/** An episode kept for subscribers: everyone sees its name and place, subscribers play it. */
export interface KeptEpisode {
  id: number;
  /** '7 серия', with its season's name when the title has several. */
  name: string;
}

export interface PlayerModel {
  kind: 'single' | 'series';
  height: number;
  single: Episode | null;
  seasons: Season[];
  kept: KeptEpisode[];
}

interface SegmentSource { kind: SegmentKind; start: number | null; end: number | null; absent?: boolean | null }
interface EpisodeSource {
  id: number; name?: string | null; source?: string | null; iframe?: string | null; video?: string | null; deleted?: boolean | null;
  duration?: number | null; segments?: (SegmentSource | number)[] | null;
}
interface EpisodeRow extends EpisodeSource { season?: number | { id: number } | null }
interface SeasonRow { id: number; name?: string | null; segments?: (SegmentSource | number)[] | null }
interface TitleSource extends EpisodeSource {
  typeSource?: string | null;
  /** Every episode, in order; `season` places it. */
  series?: (EpisodeRow | number)[] | null;
  /** The seasons, in order. */
  iframeSeasons?: (SeasonRow | number)[] | null;
}

const objects = <T,>(list: (T | number)[] | null | undefined): T[] => (list ?? []).filter((x): x is T => typeof x === 'object' && x !== null);

/** Segments as stored rows of one place (an episode or a season); an absent row has no times. */
const stored = (rows: SegmentSource[], at: { episode: number | null; season: number | null }): StoredSegment[] =>
  rows.map((r) => ({ kind: r.kind, start: r.start ?? 0, end: r.end ?? 0, absent: r.absent ?? false, ...at }));

/** What an episode or film plays and from where, chosen as the backend chooses it (which takes a replaced video's segments away); null when nothing. */
function sourceOf(e: EpisodeSource): { kind: Episode['kind']; src: string } | null {
  const played = playedVideo(e);
  const src = played && (played.kind === 'video' ? assetUrl(played.file) : played.address);
  return played && src ? { kind: played.kind, src } : null;
}

/** An episode or film as something playable: its chosen source, or null when it has none. */
export function toEpisode(e: EpisodeSource, fallbackName: string, season?: SeasonRow): Episode | null {
  const source = sourceOf(e);
  if (!source) return null;
  const { kind, src } = source;
  const rows = [
    ...stored(objects(e.segments), { episode: e.id, season: null }),
    ...(season ? stored(objects(season.segments), { episode: null, season: season.id }) : []),
  ];
  return { id: e.id, name: e.name || fallbackName, kind, src, segments: episodeSegments(rows, e.id, season?.id ?? null), duration: e.duration ?? null };
}

const seasonOf = (e: EpisodeRow): number | null => (typeof e.season === 'object' ? e.season?.id ?? null : e.season ?? null);

/** An episode's name, or its place in its list where it has none. */
const nameAt = (e: EpisodeRow, i: number): string => e.name || `${i + 1} серия`;

/** Episodes numbered within their list, those with nothing to play left out. */
const playable = (list: EpisodeRow[], season?: SeasonRow): Episode[] =>
  list.map((e, i) => toEpisode(e, nameAt(e, i), season)).filter((e): e is Episode => !!e);

/** The lists the player shows, in order: episodes of no season (or of one not shown) first, unnamed, then each season's. */
function episodeLists(episodes: EpisodeRow[], named: SeasonRow[]): { season?: SeasonRow; rows: EpisodeRow[] }[] {
  const shown = new Set<number | null>(named.map((s) => s.id));
  return [
    { rows: episodes.filter((e) => !shown.has(seasonOf(e))) },
    ...named.map((s) => ({ season: s, rows: episodes.filter((e) => seasonOf(e) === s.id) })),
  ];
}

/** The title's episodes kept for subscribers, in order (their sources reach subscribers alone). */
function keptOf(episodes: EpisodeRow[], seasons: { id: number; name?: string | null }[]): KeptEpisode[] {
  const seasonName = new Map(seasons.map((s) => [s.id, s.name ?? '']));
  return episodes.filter((e) => e.deleted === true).map((e) => {
    const season = seasons.length > 1 ? seasonName.get(seasonOf(e) ?? -1) : '';
    return { id: e.id, name: [season, e.name || 'Серия'].filter(Boolean).join(' · ') };
  });
}

export function playerModel(t: TitleSource): PlayerModel {
  const episodes = objects<EpisodeRow>(t.series);
  const named = objects<SeasonRow>(t.iframeSeasons);
  const kept = keptOf(episodes, named);
  const seasons: Season[] = episodeLists(episodes, named)
    .map(({ season, rows }) => ({ id: season?.id ?? 0, name: season?.name ?? '', episodes: playable(rows, season) }))
    .filter((s) => s.episodes.length > 0);

  if (seasons.length === 0 || t.typeSource === 'Одиночный') {
    return { kind: 'single', height: PLAYER_HEIGHT_PX.single, single: toEpisode(t, 'Фильм'), seasons: [], kept };
  }
  return { kind: 'series', height: PLAYER_HEIGHT_PX.series, single: null, seasons, kept };
}

/**
 * Episodes an editor listed with nothing to play yet (neither an upload nor a player's address), kept
 * for subscribers aside: the page names them as coming, so the gap they leave in the list is explained.
 * Named as the list would name them, with their season's name when the title has several.
 */
export function comingEpisodes(t: TitleSource): KeptEpisode[] {
  if (t.typeSource === 'Одиночный') return [];
  const named = objects<SeasonRow>(t.iframeSeasons);
  return episodeLists(objects<EpisodeRow>(t.series), named).flatMap(({ season, rows }) => rows.flatMap((e, i) => {
    if (e.deleted === true || sourceOf(e)) return [];
    return [{ id: e.id, name: [named.length > 1 ? season?.name : '', nameAt(e, i)].filter(Boolean).join(' · ') }];
  }));
}


/** Where a person stopped in a title, as the backend keeps it (watchProgress). */
export interface SavedProgress {
  episode: number | null;
  position: number | null;
  duration: number | null;
}

/** What the player offers to go on with: an episode (or the film) and the second to start at. */
export interface ResumePoint {
  episode: Episode;
  seasonIndex: number;
  /** The episode's number in its season; null for a film. */
  number: number | null;
  position: number;
  /** The saved episode was watched: this is the one after it. */
  next: boolean;
}

/** The saved place is past the point its episode counts as watched (shared/watching.ts). */
function isWatched(p: SavedProgress, episode: Episode | null | undefined): boolean {
  return isWatchedAt(p.position, p.duration ?? episode?.duration, episode?.segments);
}

/**
 * Where to go on from saved progress: the same episode at its second, the next episode once the
 * saved one is watched, nothing when the title is finished, the episode has left the title, or
 * the saved place is just the start of the first episode.
 */
export function resumePoint(model: PlayerModel, saved: SavedProgress | null): ResumePoint | null {
  if (!saved) return null;
  if (model.kind === 'single') {
    return model.single && saved.position && !isWatched(saved, model.single) ? { episode: model.single, seasonIndex: 0, number: null, position: saved.position, next: false } : null;
  }
  const order = model.seasons.flatMap((s, seasonIndex) => s.episodes.map((episode, i) => ({ episode, seasonIndex, number: i + 1 })));
  const at = order.findIndex((o) => o.episode.id === saved.episode);
  if (at < 0) return null;
  if (isWatched(saved, order[at].episode)) {
    const following = order[at + 1];
    return following ? { ...following, position: 0, next: true } : null;
  }
  const position = saved.position ?? 0;
  return at === 0 && position === 0 ? null : { ...order[at], position, next: false };
}

export { clockOf as clock };

/** Where a point is in words: ['серия 3', '2 сезон'] (the season's name when there are several); none for a film. */
export function placeWords(model: PlayerModel, point: ResumePoint): string[] {
  const where = point.number === null ? [] : [`серия ${point.number}`];
  const season = model.seasons.length > 1 ? model.seasons[point.seasonIndex]?.name : '';
  if (season) where.push(season);
  return where;
}

/** 'Продолжить с 12:34, серия 3' (with the season's name when there are several). */
export function resumeLabel(model: PlayerModel, point: ResumePoint): string {
  const where = placeWords(model, point);
  if (point.next) return `Смотреть дальше: ${where.join(', ')}`;
  if (point.position > 0) return [`Продолжить с ${clockOf(point.position)}`, ...where].join(', ');
  return `Продолжить: ${where.join(', ')}`;
}

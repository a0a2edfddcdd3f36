/**
 * What the player plays, prepared from a title: a single item, or seasons of episodes. Titles
 * without seasons ('Без сезонов') get one unnamed season, so the player has one shape to show.
 */
import { assetUrl } from '../../lib/assets.ts';
import { PLAYER_HEIGHT_PX } from '../../lib/constants.ts';

export interface Episode {
  id: number;
  name: string;
  kind: 'iframe' | 'video';
  src: string;
}

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

interface EpisodeSource { id: number; name?: string | null; source?: string | null; iframe?: string | null; video?: string | null; deleted?: boolean | null }
interface EpisodeRow extends EpisodeSource { season?: number | { id: number } | null }
interface TitleSource extends EpisodeSource {
  typeSource?: string | null;
  /** Every episode, in order; `season` places it. */
  series?: (EpisodeRow | number)[] | null;
  /** The seasons, in order. */
  iframeSeasons?: ({ id: number; name?: string | null } | number)[] | null;
}

/** An episode or film as something playable: its chosen source, or null when it has none. */
export function toEpisode(e: EpisodeSource, fallbackName: string): Episode | null {
  const video = assetUrl(e.video ?? null);
  const iframe = e.iframe || null;
  const kind = e.source === 'video' || (!e.source && !iframe && video) ? 'video' : 'iframe';
  const src = kind === 'video' ? video : iframe;
  return src ? { id: e.id, name: e.name || fallbackName, kind, src } : null;
}

const objects = <T,>(list: (T | number)[] | null | undefined): T[] => (list ?? []).filter((x): x is T => typeof x === 'object' && x !== null);

const seasonOf = (e: EpisodeRow): number | null => (typeof e.season === 'object' ? e.season?.id ?? null : e.season ?? null);

/** Episodes numbered within their list, those with nothing to play left out. */
const playable = (list: EpisodeRow[]): Episode[] =>
  list.map((e, i) => toEpisode(e, `${i + 1} серия`)).filter((e): e is Episode => !!e);

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
  const named = objects(t.iframeSeasons);
  const kept = keptOf(episodes, named);
  const shown = new Set<number | null>(named.map((s) => s.id));
  const seasons: Season[] = named
    .map((s) => ({ id: s.id, name: s.name ?? '', episodes: playable(episodes.filter((e) => seasonOf(e) === s.id)) }))
    .filter((s) => s.episodes.length > 0);
  // Episodes of no season (or of one not shown) play first, as an unnamed season.
  const loose = playable(episodes.filter((e) => !shown.has(seasonOf(e))));
  if (loose.length) seasons.unshift({ id: 0, name: '', episodes: loose });

  if (seasons.length === 0 || t.typeSource === 'Одиночный') {
    return { kind: 'single', height: PLAYER_HEIGHT_PX.single, single: toEpisode(t, 'Фильм'), seasons: [], kept };
  }
  return { kind: 'series', height: PLAYER_HEIGHT_PX.series, single: null, seasons, kept };
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

/** An episode counts as watched once this share of it has played. */
export const WATCHED_SHARE = 0.9;

export function isWatched(p: Pick<SavedProgress, 'position' | 'duration'>): boolean {
  return p.position !== null && !!p.duration && p.position >= WATCHED_SHARE * p.duration;
}

/**
 * Where to go on from saved progress: the same episode at its second, the next episode once the
 * saved one is watched, nothing when the title is finished, the episode has left the title, or
 * the saved place is just the start of the first episode.
 */
export function resumePoint(model: PlayerModel, saved: SavedProgress | null): ResumePoint | null {
  if (!saved) return null;
  if (model.kind === 'single') {
    return model.single && saved.position && !isWatched(saved) ? { episode: model.single, seasonIndex: 0, number: null, position: saved.position, next: false } : null;
  }
  const order = model.seasons.flatMap((s, seasonIndex) => s.episodes.map((episode, i) => ({ episode, seasonIndex, number: i + 1 })));
  const at = order.findIndex((o) => o.episode.id === saved.episode);
  if (at < 0) return null;
  if (isWatched(saved)) {
    const following = order[at + 1];
    return following ? { ...following, position: 0, next: true } : null;
  }
  const position = saved.position ?? 0;
  return at === 0 && position === 0 ? null : { ...order[at], position, next: false };
}

/** 12:34, or 1:02:03 past an hour. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const [h, m] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60)];
  return h ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

/** 'Продолжить с 12:34, серия 3' (with the season's name when there are several). */
export function resumeLabel(model: PlayerModel, point: ResumePoint): string {
  const where = point.number === null ? [] : [`серия ${point.number}`];
  const season = model.seasons.length > 1 ? model.seasons[point.seasonIndex]?.name : '';
  if (season) where.push(season);
  if (point.next) return `Смотреть дальше: ${where.join(', ')}`;
  if (point.position > 0) return [`Продолжить с ${clock(point.position)}`, ...where].join(', ');
  return `Продолжить: ${where.join(', ')}`;
}

/**
 * What the player plays, prepared from a title: a single item, or seasons of episodes. Titles
 * without seasons ('Без сезонов') get one unnamed season, so the player has one shape to show.
 */
import { assetUrl } from './assets.ts';
import { PLAYER_HEIGHT_PX } from './constants.ts';

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

export interface PlayerModel {
  kind: 'single' | 'series';
  height: number;
  single: Episode | null;
  seasons: Season[];
}

interface EpisodeSource { id: number; name?: string | null; source?: string | null; iframe?: string | null; video?: string | null }
interface TitleSource extends EpisodeSource {
  typeSource?: string | null;
  series?: (EpisodeSource | number)[] | null;
  iframeSeasons?: ({ id: number; name?: string | null; series?: (EpisodeSource | number)[] | null } | number)[] | null;
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

export function playerModel(t: TitleSource): PlayerModel {
  const seasons: Season[] = objects(t.iframeSeasons)
    .map((s) => ({
      id: s.id,
      name: s.name ?? '',
      episodes: objects<EpisodeSource>(s.series).map((e, i) => toEpisode(e, `${i + 1} серия`)).filter((e): e is Episode => !!e),
    }))
    .filter((s) => s.episodes.length > 0);
  // Episodes of a season are also episodes of the title; only those outside any season are loose.
  const inSeasons = new Set(seasons.flatMap((s) => s.episodes.map((e) => e.id)));
  const loose = objects<EpisodeSource>(t.series)
    .filter((e) => !inSeasons.has(e.id))
    .map((e, i) => toEpisode(e, `${i + 1} серия`))
    .filter((e): e is Episode => !!e);
  if (loose.length) seasons.unshift({ id: 0, name: '', episodes: loose });

  if (seasons.length === 0 || t.typeSource === 'Одиночный') {
    return { kind: 'single', height: PLAYER_HEIGHT_PX.single, single: toEpisode(t, 'Фильм'), seasons: [] };
  }
  return { kind: 'series', height: PLAYER_HEIGHT_PX.series, single: null, seasons };
}

/** Episode search within the list: by name or number, case-blind. */
export function findEpisodes(episodes: Episode[], query: string): Episode[] {
  const q = query.trim().toLowerCase();
  return q ? episodes.filter((e) => e.name.toLowerCase().includes(q)) : episodes;
}

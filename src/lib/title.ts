/**
 * The title page's facts, prepared from the reader's nested shape (relations arrive as junction
 * entries, and the SDK types allow bare ids where nothing was expanded).
 */
import { DESCRIPTION_CUT } from './constants.ts';
import { SEASON_FORMS, EPISODE_FORMS, countRu } from './plural.ts';
import { cut, yearLabel } from './text.ts';

export interface Person { slug: string; nameRu: string; nameEn: string | null; avatar: string | null }
type Entry<K extends string, V> = ({ [key in K]?: V | number | null } | number | null);

function expand<K extends string, V>(entries: Entry<K, V>[] | null | undefined, key: K): V[] {
  return (entries ?? [])
    .map((e) => (typeof e === 'object' && e ? e[key] : null))
    .filter((v): v is V => typeof v === 'object' && v !== null);
}

export const people = (entries: Entry<'actors_id', Person>[] | null | undefined): Person[] => expand(entries, 'actors_id');
export const genreNames = (entries: Entry<'genres_id', { name: string }>[] | null | undefined): string[] =>
  expand(entries, 'genres_id').map((g) => g.name);
export const tagLinks = (entries: Entry<'tags_id', { name: string; slug: string }>[] | null | undefined) =>
  expand(entries, 'tags_id').map((t) => ({ name: t.name, href: `/tag/${t.slug}` }));

interface AudioFile { id: string; title: string | null; filename_download: string }
type SoundtrackGroup = { name: string; soundtracks?: Entry<'directus_files_id', AudioFile>[] | null } | number | null;

/** The soundtrack tab: each group that holds audio files, with its tracks in their order. */
export function soundtrackGroups(groups: SoundtrackGroup[] | null | undefined): { name: string; tracks: { id: string; name: string }[] }[] {
  return (groups ?? []).flatMap((g) => {
    if (typeof g !== 'object' || !g) return [];
    const tracks = expand(g.soundtracks, 'directus_files_id').map((f) => ({ id: f.id, name: f.title ?? f.filename_download }));
    return tracks.length ? [{ name: g.name, tracks }] : [];
  });
}

/** How many of the cast the banner names. */
export const BANNER_ACTORS = 4;

export interface TitleFacts {
  year: string;
  genres: string[];
  seasons: string;
  episodes: string;
  shortDescription: string;
}

export function titleFacts(t: {
  releaseYear?: number | null; countSeasons?: number | null; countEpisodes?: number | null; description?: string | null;
  typeSource?: string | null; genres?: Entry<'genres_id', { name: string }>[] | null;
}): TitleFacts {
  const isFilm = t.typeSource === 'Одиночный';
  return {
    year: yearLabel(t.releaseYear),
    genres: genreNames(t.genres),
    seasons: !isFilm && t.countSeasons ? countRu(t.countSeasons, SEASON_FORMS) : '',
    episodes: !isFilm && t.countEpisodes ? countRu(t.countEpisodes, EPISODE_FORMS) : '',
    shortDescription: cut(t.description, DESCRIPTION_CUT.titlePage),
  };
}

/**
 * Structured data for search engines: a title as TVSeries or Movie with its cast and rating,
 * a person as Person. Built at page build time from the same data the page shows.
 */
import type { Person } from './title.ts';

const absolute = (origin: string, path: string) => new URL(path, origin).href;

export function titleJsonLd(origin: string, t: {
  slug: string; name: string; originalName?: string | null; description?: string | null; releaseYear?: number | null;
  typeSource?: string | null; genres: string[]; actors: Person[]; directors: Person[]; poster: string | null;
  countSeasons?: number | null; countEpisodes?: number | null;
}, rating: { average: number | null; count: number } | null): Record<string, unknown> {
  const isFilm = t.typeSource === 'Одиночный';
  const person = (p: Person) => ({ '@type': 'Person', name: p.nameRu, url: absolute(origin, `/actors/${p.slug}`) });
  return {
    '@context': 'https://schema.org',
    '@type': isFilm ? 'Movie' : 'TVSeries',
    name: t.name,
    ...(t.originalName ? { alternateName: t.originalName } : {}),
    url: absolute(origin, `/${t.slug}`),
    ...(t.description ? { description: t.description } : {}),
    ...(t.poster ? { image: absolute(origin, t.poster) } : {}),
    ...(t.releaseYear ? { datePublished: String(t.releaseYear) } : {}),
    genre: t.genres,
    actor: t.actors.map(person),
    director: t.directors.map(person),
    ...(!isFilm && t.countSeasons ? { numberOfSeasons: t.countSeasons } : {}),
    ...(!isFilm && t.countEpisodes ? { numberOfEpisodes: t.countEpisodes } : {}),
    ...(rating?.average != null && rating.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.average, ratingCount: rating.count, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}

export function personJsonLd(origin: string, p: {
  slug: string; nameRu: string; nameEn?: string | null; dob?: string | null; birthPlace?: string | null; career?: string | null; avatar: string | null;
}): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: p.nameRu,
    ...(p.nameEn ? { alternateName: p.nameEn } : {}),
    url: absolute(origin, `/actors/${p.slug}`),
    ...(p.avatar ? { image: absolute(origin, p.avatar) } : {}),
    ...(p.dob ? { birthDate: p.dob.slice(0, 10) } : {}),
    ...(p.birthPlace ? { birthPlace: p.birthPlace } : {}),
    ...(p.career ? { jobTitle: p.career } : {}),
  };
}

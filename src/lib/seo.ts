/**
 * What search engines read beyond a page's text: a title page's <title>, structured data (a title as TVSeries
 * or Movie with its cast and rating, a person as Person), descriptions of rich text, OpenGraph types and
 * robots.txt. Built at page build time from the same data the page shows.
 */
import type { Person } from './title.ts';
import { cut, stripHtml } from './text.ts';
import { FILTER_PARAMS } from './filter-query.ts';
import { EPISODE_PARAM } from './episode-link.ts';

const absolute = (origin: string, path: string) => new URL(path, origin).href;

/**
 * What a page without a picture of its own is shared with: the logo drawn as a PNG, since no social
 * network shows an SVG, at the 1.91:1 they all show whole (drawn by scripts/pictures.ts).
 */
export const SHARE_PICTURE = { path: '/share.png', width: 1200, height: 630 } as const;

/** The site's name, as its pages' titles, OpenGraph and the home page's WebSite name it. */
export const SITE_NAME = 'Дорамы онлайн';

/** Structured data as the text of a <script type="application/ld+json">: a `</script>` inside a value must not end it early. */
export const jsonLdText = (data: Record<string, unknown> | Record<string, unknown>[]): string => JSON.stringify(data).replace(/</g, '\\u003c');

/** How long a meta description may be before it is cut. */
export const DESCRIPTION_MAX = 160;

/** A heading of rich text, with what it holds. */
const HEADING = /<h([1-6])\b[^>]*>[\s\S]*?<\/h\1\s*>/gi;

/**
 * A meta description from rich text: its prose without its headings, which would run into the first
 * sentence («О сайте «Дорамы онлайн» — это…»); the headings' words only when there is nothing else.
 */
export function richTextDescription(html: string | null | undefined, max = DESCRIPTION_MAX): string {
  return cut(stripHtml((html ?? '').replace(HEADING, ' ')) || stripHtml(html), max);
}

/** The OpenGraph type of a title's page: a film (one video, as its JSON-LD Movie) or a series. */
export function titleOgType(t: { typeSource?: string | null }): 'video.movie' | 'video.tv_show' {
  return t.typeSource === 'Одиночный' ? 'video.movie' : 'video.tv_show';
}

/**
 * Query parameters that do not change what a crawler reads, by the path they go with (Yandex's Clean-param):
 * a title page holds every tab in its markup, and the filter screen is one frame whatever it is asked,
 * so its combinations would be a trap of endless addresses. Google reads the canonical links instead.
 */
const CLEAN_PARAMS: readonly { params: readonly string[]; path?: string }[] = [
  // `tab`: the title page's tab (title-tabs.ts), named here rather than imported into the page's inline script;
  // the episode the player opens on, of the same markup.
  { params: ['tab', EPISODE_PARAM, 'utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] },
  { params: Object.values(FILTER_PARAMS), path: '/categories/' },
];

/**
 * robots.txt: every page may be crawled but the API, so the pages that carry noindex are read and kept out of
 * the index. The pictures live under the API (/api/assets/…) and are allowed, or no poster, og:image or
 * JSON-LD image could be fetched; the longer rule wins over /api/ for Google and Yandex alike.
 */
export function robotsTxt(siteUrl: string): string {
  const clean = CLEAN_PARAMS.map(({ params, path }) => `Clean-param: ${params.join('&')}${path ? ` ${path}` : ''}`);
  return ['User-agent: *', 'Allow: /api/assets/', 'Disallow: /api/', ...clean, `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

/** A title page's <title>: 'Имя (2024) смотреть онлайн — Дорамы онлайн', the brackets only with a year. */
export function titlePageTitle(t: { name: string; releaseYear?: number | null }): string {
  return `${t.name}${t.releaseYear ? ` (${t.releaseYear})` : ''} смотреть онлайн — ${SITE_NAME}`;
}

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

/** One step of a page's breadcrumbs: its label, and its address unless it is the page itself. */
export interface Crumb { label: string; href?: string }

/**
 * The breadcrumbs a page shows as a BreadcrumbList, for the trail search engines print over a result. The
 * page itself, the last step, carries no address: search engines take the page's own.
 */
export function breadcrumbJsonLd(origin: string, items: readonly Crumb[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.label,
      ...(crumb.href && i < items.length - 1 ? { item: absolute(origin, crumb.href) } : {}),
    })),
  };
}

/**
 * The home page's WebSite: the name search engines show for the site. No SearchAction: the site's search
 * is an overlay with no address a crawler could open.
 */
export function websiteJsonLd(origin: string): Record<string, unknown> {
  return { '@context': 'https://schema.org', '@type': 'WebSite', name: SITE_NAME, url: absolute(origin, '/'), inLanguage: 'ru' };
}

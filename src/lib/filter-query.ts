/**
 * The category filter screen's state, kept in the query (genres, releaseyear, country,
 * releasestatus, category, subcategory, sort, page); the query it stands for is
 * directus/filter-titles.ts.
 * Several genres are repeated parameters (`genres=Драма&genres=Комедия`), so any genre name
 * survives and a single-genre link (the category page's genre slider) reads as before; a title
 * must have every genre chosen. A value the screen could not have put in the URL is dropped
 * rather than sent to the backend; an unknown sort is the default one.
 */
import { RELEASE_STATUSES } from '../../shared/visitor-rules.ts';

export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

/** The orders the screen offers, the first being the default. */
export const FILTER_SORTS = ['popular', 'rating', 'year', 'added'] as const;
export type FilterSort = (typeof FILTER_SORTS)[number];
export const DEFAULT_SORT: FilterSort = 'popular';

export const SORT_LABELS: Readonly<Record<FilterSort, string>> = {
  popular: 'Популярные',
  rating: 'По рейтингу',
  year: 'По году',
  added: 'Новые на сайте',
};

/** The years the year dropdown always offers; the category's other years come beside them. Here, not in constants.ts, whose chunk every page loads. */
export const FILTER_YEARS = { from: 2020, to: 2025 } as const;

/** Genres one search may require at once: each is a join, and five already leave few titles. */
export const MAX_GENRES = 5;

export interface FilterState {
  /** Every genre a title must have, in the order chosen. */
  genres: string[];
  releaseYear: number | null;
  country: string | null;
  releaseStatus: ReleaseStatus | null;
  /** A category name or slug: the route is reached both ways. */
  category: string | null;
  /** A subcategory name, as the category page links it. */
  subcategory: string | null;
  sort: FilterSort;
  page: number;
}

/** Query parameter names, by state key. */
export const FILTER_PARAMS = {
  genres: 'genres',
  releaseYear: 'releaseyear',
  country: 'country',
  releaseStatus: 'releasestatus',
  category: 'category',
  subcategory: 'subcategory',
  sort: 'sort',
  page: 'page',
} as const satisfies Record<keyof FilterState, string>;

export const EMPTY_FILTER: FilterState = {
  genres: [], releaseYear: null, country: null, releaseStatus: null, category: null, subcategory: null, sort: DEFAULT_SORT, page: 1,
};

/** Longest name a taxonomy row may have (the schema caps names at 80): longer matches nothing. */
const MAX_NAME = 80;

function name(value: string | null): string | null {
  const v = value?.replace(/\s+/g, ' ').trim() ?? '';
  return v && v.length <= MAX_NAME ? v : null;
}

/** The genres of the query: named once each, empty and overlong ones left out, at most MAX_GENRES. */
function genres(values: string[]): string[] {
  const names = values.map(name).filter((n): n is string => n !== null);
  return [...new Set(names)].slice(0, MAX_GENRES);
}

/** Any four-digit year: one the category has no titles of simply finds none. */
function year(value: string | null): number | null {
  const v = value?.trim() ?? '';
  return /^\d{4}$/.test(v) ? Number(v) : null;
}

function status(value: string | null): ReleaseStatus | null {
  const v = value?.trim() ?? '';
  return (RELEASE_STATUSES as readonly string[]).includes(v) ? (v as ReleaseStatus) : null;
}

function sort(value: string | null): FilterSort {
  const v = value?.trim() ?? '';
  return (FILTER_SORTS as readonly string[]).includes(v) ? (v as FilterSort) : DEFAULT_SORT;
}

function page(value: string | null): number {
  const v = value?.trim() ?? '';
  if (!/^\d+$/.test(v)) return 1;
  const n = Number(v);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/**
 * Reads the state from the URL. `routeCategory` is the `{slug}` or `{categoryName}` of the
 * path, and wins over a `category` parameter: the page's heading and breadcrumbs are the route's.
 */
export function parseFilterQuery(params: URLSearchParams, routeCategory?: string | null): FilterState {
  return {
    genres: genres(params.getAll(FILTER_PARAMS.genres)),
    releaseYear: year(params.get(FILTER_PARAMS.releaseYear)),
    country: name(params.get(FILTER_PARAMS.country)),
    releaseStatus: status(params.get(FILTER_PARAMS.releaseStatus)),
    category: name(routeCategory ?? null) ?? name(params.get(FILTER_PARAMS.category)),
    subcategory: name(params.get(FILTER_PARAMS.subcategory)),
    sort: sort(params.get(FILTER_PARAMS.sort)),
    page: page(params.get(FILTER_PARAMS.page)),
  };
}

/**
 * The URL form of a state: empty choices, the default sort and the first page are left out, so
 * URLs stay canonical; each genre is a parameter of its own.
 */
export function toSearchParams(state: FilterState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(FILTER_PARAMS) as (keyof FilterState)[]) {
    const value = state[key];
    if (Array.isArray(value)) {
      for (const v of value) params.append(FILTER_PARAMS[key], v);
      continue;
    }
    if (value === null || value === '' || (key === 'page' && value === 1) || (key === 'sort' && value === DEFAULT_SORT)) continue;
    params.set(FILTER_PARAMS[key], String(value));
  }
  return params;
}

/** True when any of the four dropdowns (or a subcategory) narrows the list. */
export function hasFilters(state: FilterState): boolean {
  return state.genres.length > 0 || [state.releaseYear, state.country, state.releaseStatus, state.subcategory].some((v) => v !== null);
}

/** The Reset button: every choice cleared, the category and the order kept, back to page 1. */
export function resetFilters(state: FilterState): FilterState {
  return { ...EMPTY_FILTER, category: state.category, sort: state.sort };
}

/** The release years of each category's titles, newest first: what the year dropdown offers. */
export function yearsByCategory(titles: readonly { releaseYear?: number | null; category?: { slug?: string | null } | number | null }[]): Map<string, number[]> {
  const found = new Map<string, Set<number>>();
  for (const t of titles) {
    const slug = typeof t.category === 'object' ? t.category?.slug : null;
    if (!slug || typeof t.releaseYear !== 'number') continue;
    found.set(slug, (found.get(slug) ?? new Set()).add(t.releaseYear));
  }
  return new Map([...found].map(([slug, years]) => [slug, [...years].sort((a, b) => b - a)]));
}

/** A dropdown's options, with a value the URL chose that they lack added last, so the dropdown shows what is applied. */
export function withChosen<T extends string | number>(options: readonly T[], chosen: T | null): T[] {
  return chosen === null || options.includes(chosen) ? [...options] : [...options, chosen];
}

/** The year dropdown's options, newest first: FILTER_YEARS, the category's other years, and a year the URL chose. */
export function yearOptions(years: readonly number[], chosen: number | null): number[] {
  const always = Array.from({ length: FILTER_YEARS.to - FILTER_YEARS.from + 1 }, (_, i) => FILTER_YEARS.to - i);
  return [...new Set([...always, ...withChosen(years, chosen)])].sort((a, b) => b - a);
}

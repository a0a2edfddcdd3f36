/**
 * The category filter screen's state, kept in the spec's query parameters (genres, releaseyear,
 * country, releasestatus, category, subcategory, page), and the Directus filter it stands for.
 * Every filter is one choice (the screen has dropdowns). A value the screen could not have put
 * in the URL is dropped rather than sent to the backend.
 */
import { YEAR_FILTER_OPTIONS } from './constants.ts';
import { RELEASE_STATUSES } from '../../shared/visitor-rules.ts';

export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

export interface FilterState {
  genres: string | null;
  releaseYear: number | null;
  country: string | null;
  releaseStatus: ReleaseStatus | null;
  /** A category name or slug: the route is reached both ways (spec section 2). */
  category: string | null;
  /** A subcategory name, as the category page links it. */
  subcategory: string | null;
  page: number;
}

/** Query parameter names of spec section 2, by state key. */
export const FILTER_PARAMS = {
  genres: 'genres',
  releaseYear: 'releaseyear',
  country: 'country',
  releaseStatus: 'releasestatus',
  category: 'category',
  subcategory: 'subcategory',
  page: 'page',
} as const satisfies Record<keyof FilterState, string>;

export const EMPTY_FILTER: FilterState = {
  genres: null, releaseYear: null, country: null, releaseStatus: null, category: null, subcategory: null, page: 1,
};

/** Longest name a taxonomy row may have (the schema caps names at 80): longer matches nothing. */
const MAX_NAME = 80;

function name(value: string | null): string | null {
  const v = value?.replace(/\s+/g, ' ').trim() ?? '';
  return v && v.length <= MAX_NAME ? v : null;
}

function year(value: string | null): number | null {
  const v = value?.trim() ?? '';
  if (!/^\d{4}$/.test(v)) return null;
  const n = Number(v);
  return (YEAR_FILTER_OPTIONS as readonly number[]).includes(n) ? n : null;
}

function status(value: string | null): ReleaseStatus | null {
  const v = value?.trim() ?? '';
  return (RELEASE_STATUSES as readonly string[]).includes(v) ? (v as ReleaseStatus) : null;
}

function page(value: string | null): number {
  const v = value?.trim() ?? '';
  if (!/^\d+$/.test(v)) return 1;
  const n = Number(v);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/**
 * Reads the state from the URL. `routeCategory` is the `{slug}` or `{categoryName}` of the
 * path; the `category` parameter wins when both are present, as the category page's links carry it.
 */
export function parseFilterQuery(params: URLSearchParams, routeCategory?: string | null): FilterState {
  return {
    genres: name(params.get(FILTER_PARAMS.genres)),
    releaseYear: year(params.get(FILTER_PARAMS.releaseYear)),
    country: name(params.get(FILTER_PARAMS.country)),
    releaseStatus: status(params.get(FILTER_PARAMS.releaseStatus)),
    category: name(params.get(FILTER_PARAMS.category)) ?? name(routeCategory ?? null),
    subcategory: name(params.get(FILTER_PARAMS.subcategory)),
    page: page(params.get(FILTER_PARAMS.page)),
  };
}

/** The URL form of a state: empty choices and the first page are left out, so URLs stay canonical. */
export function toSearchParams(state: FilterState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(FILTER_PARAMS) as (keyof FilterState)[]) {
    const value = state[key];
    if (value === null || value === '' || (key === 'page' && value === 1)) continue;
    params.set(FILTER_PARAMS[key], String(value));
  }
  return params;
}

/** True when any of the four dropdowns (or a subcategory) narrows the list. */
export function hasFilters(state: FilterState): boolean {
  return [state.genres, state.releaseYear, state.country, state.releaseStatus, state.subcategory].some((v) => v !== null);
}

/** The Reset button: every choice cleared, the category kept, back to page 1. */
export function resetFilters(state: FilterState): FilterState {
  return { ...EMPTY_FILTER, category: state.category };
}

/** A Directus filter object: plain JSON, as sent in the `filter` query parameter. */
export type DirectusFilter = { [key: string]: unknown };

/** Only published titles, whatever else is asked: the build may one day read with a token. */
export const PUBLISHED: DirectusFilter = { status: { _eq: 'published' } };

/** A category given by name or by slug, as the two routes of the filter screen give it. */
export function categoryFilter(category: string): DirectusFilter {
  return { _or: [{ category: { slug: { _eq: category } } }, { category: { name: { _eq: category } } }] };
}

/** The `filter` for /items/titles that shows what the state asks for (the page is not a filter). */
export function toDirectusFilter(state: FilterState): DirectusFilter {
  const and: DirectusFilter[] = [PUBLISHED];
  if (state.category) and.push(categoryFilter(state.category));
  if (state.subcategory) and.push({ subCategory: { name: { _eq: state.subcategory } } });
  if (state.genres) and.push({ genres: { _some: { genres_id: { name: { _eq: state.genres } } } } });
  if (state.country) and.push({ country: { name: { _eq: state.country } } });
  if (state.releaseYear !== null) and.push({ releaseYear: { _eq: state.releaseYear } });
  if (state.releaseStatus) and.push({ releaseStatus: { _eq: state.releaseStatus } });
  return { _and: and };
}

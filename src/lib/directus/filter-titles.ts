/**
 * The category filter screen's query: its state (filter-query.ts) as a Directus filter and order,
 * and one page of it. Kept apart from runtime.ts, which every page's islands share, so only the
 * filter screen downloads it.
 */
import { FILTER_PAGE_SIZE } from '../constants.ts';
import type { FilterSort, FilterState } from '../filter-query.ts';
import {
  BY_RELEASE, BY_VIEWS, NEWEST, PUBLISHED, readTitlePage, type DirectusFilter, type Page, type SiteClient, type TitleCard, type TitleSort,
} from './queries.ts';

/** Best rated first (the average, then how many rated), the most viewed among equals. */
export const BY_RATING: TitleSort[] = ['-ratingAverage', '-ratingCount', '-views', 'id'];

/** The screen's orders. Each ends with the id, so pages never share or skip a title. */
export const FILTER_ORDERS: Readonly<Record<FilterSort, TitleSort[]>> = {
  popular: BY_VIEWS,
  rating: BY_RATING,
  year: BY_RELEASE,
  added: NEWEST,
};

/** A category given by name or by slug, as the two routes of the filter screen give it. */
export function categoryFilter(category: string): DirectusFilter {
  return { _or: [{ category: { slug: { _eq: category } } }, { category: { name: { _eq: category } } }] };
}

/** The `filter` for /items/titles that shows what the state asks for (order and page are not filters). */
export function toDirectusFilter(state: FilterState): DirectusFilter {
  const and: DirectusFilter[] = [PUBLISHED];
  if (state.category) and.push(categoryFilter(state.category));
  if (state.subcategory) and.push({ subCategory: { name: { _eq: state.subcategory } } });
  // One condition per genre: a title has each of them.
  for (const genre of state.genres) and.push({ genres: { _some: { genres_id: { name: { _eq: genre } } } } });
  if (state.country) and.push({ country: { name: { _eq: state.country } } });
  if (state.releaseYear !== null) and.push({ releaseYear: { _eq: state.releaseYear } });
  if (state.releaseStatus) and.push({ releaseStatus: { _eq: state.releaseStatus } });
  return { _and: and };
}

/** One page of the screen (FILTER_PAGE_SIZE, in the order chosen) and the total for the pager. */
export function getFilteredTitles(client: SiteClient, state: FilterState, page: number = state.page): Promise<Page<TitleCard>> {
  return readTitlePage(client, { filter: toDirectusFilter(state), sort: FILTER_ORDERS[state.sort], pageSize: FILTER_PAGE_SIZE, page });
}

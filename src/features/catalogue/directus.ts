/**
 * The catalogue's reads a visitor's browser makes: a page of a category's titles by the first
 * letters of their names, a page of the filter screen's results, a further page of updates.
 */
import type { FilterState } from '../../lib/filter-query.ts';
import { getFilteredTitles } from '../../lib/directus/filter-titles.ts';
import { runtime } from '../../lib/directus/runtime.ts';
import { updateView } from '../../lib/updates.ts';

export const readAlphabetPage = (categorySlug: string, prefix: string, page: number) =>
  runtime().getAlphabetTitles(categorySlug, prefix, page);

export const readFilteredPage = (filters: FilterState, page: number) => getFilteredTitles(runtime().client, filters, page);

export async function readUpdatesPage(page: number) {
  return { items: (await runtime().getUpdatesPage(page)).items.map((u) => updateView(u)) };
}

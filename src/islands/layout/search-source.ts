/**
 * Where the search modal's cards come from: the runtime client's search, and for an empty box
 * the most viewed titles. The client loads when the modal first asks, not with every page.
 */
import type { TitleCard } from '../../lib/directus/queries.ts';

/** How many titles 'Часто ищут:' lists; the spec does not say, one row of a wide screen's grid pair. */
export const POPULAR_COUNT = 8;

/** Waits this long after the last keystroke before asking, so typing a word is one request. */
export const SEARCH_DEBOUNCE_MS = 300;

const directus = async () => (await import('../../lib/directus/runtime.ts')).runtime();

export async function searchTitles(query: string): Promise<TitleCard[]> {
  return (await directus()).searchTitles(query);
}

let popular: Promise<TitleCard[]> | undefined;

/** The most viewed published titles, asked once per page; a failure is asked again next time. */
export function popularTitles(): Promise<TitleCard[]> {
  popular ??= directus().then((r) => r.popularTitles(POPULAR_COUNT)).catch((err: unknown) => {
    popular = undefined;
    throw err;
  });
  return popular;
}

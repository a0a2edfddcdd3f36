/**
 * Where the search modal's cards come from: the runtime client's search, and for an empty box
 * the most viewed titles.
 */
import { runtime } from '../../lib/directus/runtime.ts';
import { BY_VIEWS, published, readTitleCards, type TitleCard } from '../../lib/directus/queries.ts';

/** How many titles 'Часто ищут:' lists; the spec does not say, one row of a wide screen's grid pair. */
export const POPULAR_COUNT = 8;

/** Waits this long after the last keystroke before asking, so typing a word is one request. */
export const SEARCH_DEBOUNCE_MS = 300;

export function searchTitles(query: string): Promise<TitleCard[]> {
  return runtime().searchTitles(query);
}

let popular: Promise<TitleCard[]> | undefined;

/** The most viewed published titles, asked once per page; a failure is asked again next time. */
export function popularTitles(): Promise<TitleCard[]> {
  popular ??= readTitleCards(runtime().client, { filter: published(), sort: BY_VIEWS, limit: POPULAR_COUNT })
    .catch((err: unknown) => {
      popular = undefined;
      throw err;
    });
  return popular;
}

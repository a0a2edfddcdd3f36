/**
 * Where the search modal's cards come from: the runtime client's search, and for an empty box
 * the most viewed titles. The client is made on first use, since it needs the page's origin.
 */
import { createRuntime, type Runtime } from '../../lib/directus/runtime.ts';
import { BY_VIEWS, published, readTitleCards, type TitleCard } from '../../lib/directus/queries.ts';

/** How many titles 'Часто ищут:' lists; the spec does not say, one row of a wide screen's grid pair. */
export const POPULAR_COUNT = 8;

/** Waits this long after the last keystroke before asking, so typing a word is one request. */
export const SEARCH_DEBOUNCE_MS = 300;

let runtime: Runtime | undefined;
const client = (): Runtime => (runtime ??= createRuntime());

export function searchTitles(query: string): Promise<TitleCard[]> {
  return client().searchTitles(query);
}

let popular: Promise<TitleCard[]> | undefined;

/** The most viewed published titles, asked once per page; a failure is asked again next time. */
export function popularTitles(): Promise<TitleCard[]> {
  popular ??= readTitleCards(client().client, { filter: published(), sort: BY_VIEWS, limit: POPULAR_COUNT })
    .catch((err: unknown) => {
      popular = undefined;
      throw err;
    });
  return popular;
}

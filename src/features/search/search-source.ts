/**
 * Where the search modal's answers come from: the runtime client's search, 'Часто ищут:' and the
 * count of titles opened from search. The client loads when the modal first asks, not with every page.
 */
import type { SearchAnswer } from '../../lib/directus/runtime.ts';
import type { TitleCard } from '../../lib/directus/queries.ts';

/** Waits this long after the last keystroke before asking, so typing a word is one request. */
export const SEARCH_DEBOUNCE_MS = 300;

const directus = async () => (await import('../../lib/directus/runtime.ts')).runtime();

export async function searchCatalogue(query: string): Promise<SearchAnswer> {
  return (await directus()).search(query);
}

let popular: Promise<TitleCard[]> | undefined;

/** 'Часто ищут:', asked once per page; a failure is asked again next time. */
export function popularTitles(): Promise<TitleCard[]> {
  popular ??= directus().then((r) => r.popularTitles()).catch((err: unknown) => {
    popular = undefined;
    throw err;
  });
  return popular;
}

/** How long leaving for a title opened from the results waits for its count to be sent. */
const OPENING_WAIT_MS = 400;

/**
 * Counts a title opened from the results; a failure only loses that count. Settles when the count is
 * answered or after OPENING_WAIT_MS, whichever is first: by then the request has left, and its
 * keepalive carries it past the page's end, whereas leaving at once could end the page before it is sent.
 */
export function noteOpened(titleId: number): Promise<void> {
  const sent = directus().then((r) => r.noteOpenedFromSearch(titleId)).catch((err: unknown) => console.error(err));
  return Promise.race([sent, new Promise<void>((resolve) => setTimeout(resolve, OPENING_WAIT_MS))]);
}

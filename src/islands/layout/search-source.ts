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

/** Counts a title opened from the results; a failure only loses that count. */
export function noteOpened(titleId: number): void {
  void directus().then((r) => r.noteOpenedFromSearch(titleId)).catch((err: unknown) => console.error(err));
}

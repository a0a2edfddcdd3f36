/**
 * The search modal's answers: for the typed text, the titles and people found and what the query
 * was understood as; for an empty box, 'Часто ищут:'. Asked after a pause in typing; only the
 * newest question's answer lands. Loaded with the modal's results, on its first opening.
 */
import { atom } from 'nanostores';
import { avatarUrl } from '../lib/assets.ts';
import { cardView, type CardView } from '../lib/card.ts';
import type { PersonCard } from '../lib/directus/runtime.ts';
import { searchQuery } from '../lib/search.ts';
import { SEARCH_DEBOUNCE_MS, noteOpened, popularTitles, searchCatalogue } from '../islands/layout/search-source.ts';

/** A person as the results show them: photo, names, a link to their page. */
export interface FoundPerson {
  id: number;
  href: string;
  name: string;
  otherName: string | null;
  photo: string;
}

export interface SearchState {
  status: 'idle' | 'loading' | 'done' | 'error';
  /** Whether the answer is for typed text ('Найдено:') rather than 'Часто ищут:'. */
  typed: boolean;
  titles: CardView[];
  people: FoundPerson[];
  understood: string | null;
}

export const $search = atom<SearchState>({ status: 'idle', typed: false, titles: [], people: [], understood: null });

const personOf = (p: PersonCard): FoundPerson => ({
  id: p.id,
  href: `/actors/${p.slug}`,
  name: p.nameRu,
  otherName: p.nameEn && p.nameEn !== p.nameRu ? p.nameEn : null,
  photo: avatarUrl(typeof p.avatar === 'object' && p.avatar ? p.avatar.id : p.avatar),
});

let asked = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Asks for `text` (or 'Часто ищут:' when it is blank) after the typing pause. */
export function searchFor(text: string): void {
  const query = searchQuery(text);
  const question = ++asked;
  clearTimeout(timer);
  $search.set({ ...$search.get(), status: 'loading' });
  timer = setTimeout(() => {
    const answer = query
      ? searchCatalogue(query).then((a) => ({ titles: a.titles, people: a.people.map(personOf), understood: a.understood }))
      : popularTitles().then((titles) => ({ titles, people: [], understood: null }));
    answer.then(
      ({ titles, people, understood }) => {
        if (question !== asked) return;
        $search.set({ status: 'done', typed: query !== null, titles: titles.map((t) => cardView(t, 'search')), people, understood });
      },
      (err: unknown) => {
        if (question !== asked) return;
        console.error(err);
        $search.set({ status: 'error', typed: query !== null, titles: [], people: [], understood: null });
      },
    );
  }, query ? SEARCH_DEBOUNCE_MS : 0);
}

/** A title chosen from the results: counted for 'Часто ищут:' when it came from a typed search; settles when it may be left for. */
export async function openedFromSearch(titleId: number): Promise<void> {
  if ($search.get().typed) await noteOpened(titleId);
}

/**
 * The search modal's answers: for the typed text, the titles and people found and what the query
 * was understood as; for an empty box, 'Часто ищут:'. Asked after a pause in typing; only the
 * newest question's answer lands. Loaded with the modal's results, on its first opening.
 */
import { atom } from 'nanostores';
import { avatarUrl } from '../../lib/assets.ts';
import { cardView, type CardView } from '../../lib/card.ts';
import type { PersonCard } from '../../lib/directus/runtime.ts';
import { DirectusRequestError } from '../../lib/directus/request-error.ts';
import { searchQuery } from '../../lib/search.ts';
import { QUERY_TOO_LONG, SEARCH_QUERY_MAX } from '../../../shared/search-limits.ts';
import { SEARCH_DEBOUNCE_MS, noteOpened, popularTitles, searchCatalogue } from './search-source.ts';

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
  /** What went wrong, with status 'error'. */
  problem: string | null;
}

export const $search = atom<SearchState>({ status: 'idle', typed: false, titles: [], people: [], understood: null, problem: null });

/** A search that did not reach the backend: worth asking again, unlike a query it refused. */
export const NO_ANSWER = 'Не удалось выполнить поиск. Проверьте подключение и попробуйте ещё раз.';

/** The backend's reason for a query it refused (4xx); anything else is a failure to reach it. */
function problemOf(err: unknown): string {
  return err instanceof DirectusRequestError && err.status !== null && err.status >= 400 && err.status < 500 && err.reason ? err.reason : NO_ANSWER;
}

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
  // Said at once and never sent: the backend would refuse it.
  if (query && query.length > SEARCH_QUERY_MAX) {
    $search.set({ status: 'error', typed: true, titles: [], people: [], understood: null, problem: QUERY_TOO_LONG });
    return;
  }
  $search.set({ ...$search.get(), status: 'loading', problem: null });
  timer = setTimeout(() => {
    const answer = query
      ? searchCatalogue(query).then((a) => ({ titles: a.titles, people: a.people.map(personOf), understood: a.understood }))
      : popularTitles().then((titles) => ({ titles, people: [], understood: null }));
    answer.then(
      ({ titles, people, understood }) => {
        if (question !== asked) return;
        $search.set({ status: 'done', typed: query !== null, titles: titles.map((t) => cardView(t, 'search')), people, understood, problem: null });
      },
      (err: unknown) => {
        if (question !== asked) return;
        console.error(err);
        $search.set({ status: 'error', typed: query !== null, titles: [], people: [], understood: null, problem: problemOf(err) });
      },
    );
  }, query ? SEARCH_DEBOUNCE_MS : 0);
}

/** A title chosen from the results: counted for 'Часто ищут:' when it came from a typed search; settles when it may be left for. */
export async function openedFromSearch(titleId: number): Promise<void> {
  if ($search.get().typed) await noteOpened(titleId);
}

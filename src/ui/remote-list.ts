/**
 * One way to show a list that pages ('Показать еще', a pager, history): the items shown so far and
 * whether the list is loading, failed, empty or has more. A failure is never shown as an empty
 * list, and a retry repeats what failed. Only the newest question's answer lands: an answer to a
 * query the person has already changed is dropped.
 */
import { atom, type ReadableAtom } from 'nanostores';

export type ListStatus = 'idle' | 'loading' | 'loading-more' | 'ready' | 'error';

export interface ListState<T> {
  items: T[];
  /** How many there are in all, when the backend said. */
  total: number | null;
  /** The last page shown, from 1. */
  page: number;
  status: ListStatus;
  /** A further page exists. */
  more: boolean;
}

export interface PageAnswer<T> {
  items: T[];
  total?: number | null;
}

export interface RemoteList<T, Q> {
  $state: ReadableAtom<ListState<T>>;
  /** Shows page `page` of `query` in place of what was shown. */
  show(query: Q, page?: number): Promise<void>;
  /** Appends the next page. */
  more(): Promise<void>;
  /** Repeats what failed. */
  retry(): Promise<void>;
  /** Empties the list (a cleared search). */
  clear(): void;
  /**
   * Takes out of the list the items the person removed (their marks, favourites): the total
   * shrinks, and the next page still starts right after the last item shown.
   */
  drop(match: (item: T) => boolean): void;
}

const empty = <T>(): ListState<T> => ({ items: [], total: null, page: 0, status: 'idle', more: false });

/**
 * `load` answers page `page` (from 1) of `query`. `removed` counts the items dropped from the pages
 * shown so far: a loader paging by offset starts at `(page - 1) * pageSize - removed`.
 */
export function remoteList<T, Q>(
  load: (query: Q, page: number, removed: number) => Promise<PageAnswer<T>>,
  o: { pageSize: number; initial?: { query: Q; items: T[]; total?: number | null; page?: number; more?: boolean } },
): RemoteList<T, Q> {
  const initial = o.initial;
  let removed = 0;
  const $state = atom<ListState<T>>(initial
    ? { items: initial.items, total: initial.total ?? null, page: initial.page ?? 1, status: 'ready', more: initial.more ?? hasMore(initial.items.length, initial.total ?? null, initial.page ?? 1) }
    : empty<T>());
  let query: Q | undefined = initial?.query;
  let ticket = 0;
  let lastAttempt: () => Promise<void> = async () => undefined;

  function hasMore(received: number, total: number | null, page: number): boolean {
    return total !== null ? page * o.pageSize - removed < total : received >= o.pageSize;
  }

  async function fetchPage(q: Q, page: number, append: boolean): Promise<void> {
    const mine = ++ticket;
    query = q;
    lastAttempt = () => fetchPage(q, page, append);
    if (!append) removed = 0;
    $state.set({ ...$state.get(), ...(append ? {} : { items: [], total: null }), status: append ? 'loading-more' : 'loading' });
    try {
      const answer = await load(q, page, removed);
      if (mine !== ticket) return;
      const total = answer.total ?? null;
      $state.set({
        items: append ? [...$state.get().items, ...answer.items] : answer.items,
        total, page, status: 'ready', more: hasMore(answer.items.length, total, page),
      });
    } catch (err) {
      console.error(err);
      if (mine === ticket) $state.set({ ...$state.get(), status: 'error' });
    }
  }

  return {
    $state,
    show: (q, page = 1) => fetchPage(q, page, false),
    more: async () => {
      const s = $state.get();
      if (query === undefined || !s.more || s.status === 'loading-more') return;
      await fetchPage(query, s.page + 1, true);
    },
    retry: () => lastAttempt(),
    clear: () => {
      ticket++;
      removed = 0;
      $state.set(empty<T>());
    },
    drop: (match) => {
      const s = $state.get();
      const items = s.items.filter((item) => !match(item));
      const gone = s.items.length - items.length;
      if (!gone) return;
      removed += gone;
      const total = s.total === null ? null : Math.max(0, s.total - gone);
      $state.set({ ...s, items, total, more: s.more && (total === null || s.page * o.pageSize - removed < total) });
    },
  };
}

/**
 * The lists' store for everyone: the pages of a 'new' or tag screen's grid after the first, which
 * was built with the page ('Показать еще'). Hiding titles marked 'Не интересно' is signed-in
 * code's, in signed-in-store.ts.
 */
import { cardView, type CardView, type CardVariant } from '../../lib/card.ts';
import { LIST_QUERIES, runtime, type ListSpec } from '../../lib/directus/runtime.ts';
import { remoteList } from '../../ui/remote-list.ts';

export function showMoreList(list: ListSpec, initial: CardView[], total: number, variant: CardVariant) {
  return remoteList(
    async (spec: ListSpec, page) => ({ items: (await runtime().getListPage(spec, page)).map((t) => cardView(t, variant)), total }),
    { pageSize: LIST_QUERIES[list.kind](list.key).pageSize, initial: { query: list, items: initial, total } },
  );
}

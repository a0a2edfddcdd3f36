/**
 * A grid of film cards whose first page was built with the page and whose next pages load on
 * 'Показать еще' (the 'new' and tag screens). Without JavaScript the first page still shows.
 */
import FilmCard from '../../components/cards/FilmCard.tsx';
import { cardView, type CardView, type CardVariant } from '../../lib/card.ts';
import { LIST_QUERIES, runtime, type ListSpec } from '../../lib/directus/runtime.ts';
import { remoteList } from '../../ui/remote-list.ts';
import ListFooter from '../../ui/ListFooter.tsx';
import { useRemoteList } from '../../ui/use-remote-list.ts';

interface Props {
  list: ListSpec;
  initial: CardView[];
  total: number;
  variant?: CardVariant;
}

export default function ShowMoreGrid({ list, initial, total, variant = 'list' }: Props) {
  const [state, pages] = useRemoteList(() => remoteList(
    async (spec: ListSpec, page) => ({ items: (await runtime().getListPage(spec, page)).map((t) => cardView(t, variant)), total }),
    { pageSize: LIST_QUERIES[list.kind](list.key).pageSize, initial: { query: list, items: initial, total } },
  ));

  return (
    <div className="show-more-grid">
      <div className="card-grid">{state.items.map((c, i) => <FilmCard key={c.id} card={c} variant={variant} eager={i < 4} />)}</div>
      <ListFooter state={state} list={pages} />
    </div>
  );
}

/**
 * A grid of film cards whose first page was built with the page and whose next pages load on
 * 'Показать еще' (the 'new' and tag screens). Without JavaScript the first page still shows.
 */
import FilmCard from '../../components/cards/FilmCard.tsx';
import type { CardView, CardVariant } from '../../lib/card.ts';
import type { ListSpec } from '../../lib/directus/runtime.ts';
import ListFooter from '../../ui/ListFooter.tsx';
import { useRemoteList } from '../../ui/use-remote-list.ts';
import { showMoreList } from './store.ts';

interface Props {
  list: ListSpec;
  initial: CardView[];
  total: number;
  variant?: CardVariant;
}

export default function ShowMoreGrid({ list, initial, total, variant = 'list' }: Props) {
  const [state, pages] = useRemoteList(() => showMoreList(list, initial, total, variant));

  return (
    <div className="show-more-grid">
      <div className="card-grid">{state.items.map((c, i) => <FilmCard key={c.id} card={c} variant={variant} eager={i < 4} />)}</div>
      <ListFooter state={state} list={pages} />
    </div>
  );
}

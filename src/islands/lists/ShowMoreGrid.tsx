/**
 * A grid of film cards whose first page was built with the page and whose next pages load on
 * 'Показать еще' (the 'new' and tag screens). Without JavaScript the first page still shows.
 */
import { useState } from 'react';
import FilmCard from '../../components/cards/FilmCard.tsx';
import { cardView, type CardView, type CardVariant } from '../../lib/card.ts';
import { runtime, type ListSpec } from '../../lib/directus/runtime.ts';

interface Props {
  list: ListSpec;
  initial: CardView[];
  total: number;
  variant?: CardVariant;
}

export default function ShowMoreGrid({ list, initial, total, variant = 'list' }: Props) {
  const [cards, setCards] = useState(initial);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const more = async () => {
    setLoading(true);
    setFailed(false);
    try {
      const next = await runtime().getListPage(list, page + 1);
      setCards((prev) => [...prev, ...next.map((t) => cardView(t, variant))]);
      setPage(page + 1);
    } catch (err) {
      console.error(err);
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="show-more-grid">
      <div className="card-grid">{cards.map((c, i) => <FilmCard key={c.id} card={c} variant={variant} eager={i < 4} />)}</div>
      {failed && <p role="alert">Не удалось загрузить. Попробуйте ещё раз.</p>}
      {cards.length < total && (
        <button type="button" className="show-more" disabled={loading} onClick={() => void more()}>Показать еще</button>
      )}
    </div>
  );
}

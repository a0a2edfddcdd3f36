/**
 * The home page's 'Продолжить просмотр' row for a signed-in person (mounted by their signed-in
 * code; visitors never download it): the titles they stopped in, newest first, each saying where
 * it goes on and opening the player there. Nothing shows while it loads or when there is nothing
 * to go on with; a failed load says so with a retry.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import FilmCard from '../../components/cards/FilmCard.tsx';
import { cardView } from '../../lib/card.ts';
import { resumeLabel } from './player.ts';
import { $continueRow, loadContinueRow, type ContinueItem } from './signed-in-store.ts';
import './continue-watching.css';

const HEADING = 'Продолжить просмотр';

function Item({ item }: { item: ContinueItem }) {
  const { title, model, point } = item;
  const saved = point.next ? 0 : point.position;
  const length = point.next ? null : item.duration;
  const card = { ...cardView(title, 'list'), href: `/${title.slug}?tab=seasons#player` };
  return (
    <li className="continue-row__item">
      <FilmCard card={card} variant="list" />
      <p className="continue-row__where">{resumeLabel(model, point)}</p>
      {length ? <span className="continue-row__bar" aria-hidden="true"><span style={{ width: `${Math.min(100, (saved / length) * 100)}%` }} /></span> : null}
    </li>
  );
}

export default function ContinueWatching() {
  const row = useStore($continueRow);
  useEffect(() => { void loadContinueRow(); }, []);

  if (row.status === 'error') {
    return (
      <section className="continue-row" aria-label={HEADING}>
        <h2 className="continue-row__heading">{HEADING}</h2>
        <p className="list-status list-status--error" role="alert">
          Не удалось загрузить. <button type="button" className="list-status__retry" onClick={() => void loadContinueRow()}>Повторить</button>
        </p>
      </section>
    );
  }
  if (!row.items.length) return null;
  return (
    <section className="continue-row" aria-labelledby="continue-row-heading">
      <h2 className="continue-row__heading" id="continue-row-heading">{HEADING}</h2>
      <ul className="continue-row__grid card-grid">{row.items.map((item) => <Item key={item.title.id} item={item} />)}</ul>
    </section>
  );
}

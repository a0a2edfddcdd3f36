/**
 * One film card for every variant. Rendered to HTML at build time on static pages and
 * inside islands (search, filter, favourites) alike, from a prepared `CardView`.
 * The link is the card's name alone, so a screen reader names it by the title; its ::after
 * stretches over the card (film-card.css), so a click anywhere on the card still opens it.
 */
import type { CardVariant, CardView } from '../../lib/card.ts';
import './film-card.css';

interface Props {
  card: CardView;
  variant: CardVariant;
  /** Posters below the fold load lazily; the first row does not. */
  eager?: boolean;
  onOpen?: (href: string) => void;
}

export default function FilmCard({ card, variant, eager = false, onOpen }: Props) {
  const meta = [card.genres.join(', '), card.country, card.status].filter(Boolean);
  return (
    <article className={`film-card film-card--${variant}`} data-title-id={card.id}>
      <span className="film-card__poster">
        {/* The name follows as the card's link: an alt would make screen readers say it twice. */}
        <img src={card.poster} alt="" width={300} height={450} loading={eager ? 'eager' : 'lazy'} decoding="async" />
        {card.ageRating && <span className="film-card__age" aria-label={`Возраст ${card.ageRating}`}>{card.ageRating}</span>}
      </span>
      <span className="film-card__body">
        <a
          className="film-card__link film-card__name"
          href={card.href}
          onClick={onOpen ? (e) => { e.preventDefault(); onOpen(card.href); } : undefined}
        >{card.name}</a>
        {card.year && <span className="film-card__year">{card.year}</span>}
        {meta.length > 0 && <span className="film-card__meta">{meta.join(' · ')}</span>}
        {card.description && <span className="film-card__description">{card.description}</span>}
        <span className="film-card__stats">
          <span className="counter counter--views" title="Просмотры" aria-label={`Просмотры: ${card.views}`} role="img">{card.views}</span>
          <span className="counter counter--comments" title="Комментарии" aria-label={`Комментарии: ${card.comments}`} role="img">{card.comments}</span>
        </span>
      </span>
      {card.details && (
        <span className="film-card__panel" aria-hidden="true">
          <span className="film-card__name">{card.name}</span>
          {meta.length > 0 && <span className="film-card__meta">{meta.join(' · ')}</span>}
          <span>{card.details}</span>
        </span>
      )}
    </article>
  );
}

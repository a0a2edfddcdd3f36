/**
 * Film cards one after another, rendered in one go: a static page's grid of cards is one call of
 * React's renderer rather than one a card (each call and each component Astro hands over costs
 * its own share, on every page of the build). The HTML is the same as the cards' one by one.
 */
import type { CardVariant, CardView } from '../../lib/card.ts';
import FilmCard from './FilmCard.tsx';

interface Props {
  cards: CardView[];
  variant: CardVariant;
}

export default function FilmCards({ cards, variant }: Props) {
  return <>{cards.map((card) => <FilmCard key={card.id} card={card} variant={variant} />)}</>;
}

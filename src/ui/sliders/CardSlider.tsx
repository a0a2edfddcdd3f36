/**
 * The slider variant of film cards: looped, arrows, clickable dots, speed 500,
 * one card on narrow screens, 2 from 600 px, 3 from 1024 px, 4 from 1200 px. Server-rendered; the
 * page's start-sliders.ts makes it slide (slider-options.ts says how). Until then, and with no
 * script, the cards already stand in those rows (card-slider.css), the rest a sideways scroll away.
 */
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import './card-slider.css';
import FilmCard from '../../components/cards/FilmCard.tsx';
import StillSwiper from './StillSwiper.tsx';
import { cardRowsCss } from './slider-options.ts';
import type { CardView } from '../../lib/card.ts';

/** Built once: the rows' media queries come from the same breakpoints as Swiper's. */
const ROWS_CSS = cardRowsCss('.card-slider');

export default function CardSlider({ cards, label }: { cards: CardView[]; label: string }) {
  const slides = cards.map((card, i) => <FilmCard key={card.id} card={card} variant="slider" eager={i < 4} />);
  return (
    <>
      <style dangerouslySetInnerHTML={{ __html: ROWS_CSS }} />
      <StillSwiper className="card-slider" label={label} navigation pagination slider="cards">{slides}</StillSwiper>
    </>
  );
}

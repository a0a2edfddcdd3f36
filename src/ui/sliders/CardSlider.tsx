/**
 * The slider variant of film cards: looped, arrows, clickable dots, speed 500,
 * one card on narrow screens, 2 from 600 px, 3 from 1024 px, 4 from 1200 px. Server-rendered; the
 * page's start-sliders.ts makes it slide (slider-options.ts says how).
 */
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import FilmCard from '../../components/cards/FilmCard.tsx';
import StillSwiper from './StillSwiper.tsx';
import type { CardView } from '../../lib/card.ts';

export default function CardSlider({ cards, label }: { cards: CardView[]; label: string }) {
  const slides = cards.map((card, i) => <FilmCard key={card.id} card={card} variant="slider" eager={i < 4} />);
  return <StillSwiper className="card-slider" label={label} navigation pagination slider="cards">{slides}</StillSwiper>;
}

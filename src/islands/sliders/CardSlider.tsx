/**
 * The slider variant of film cards (spec section 2): looped, arrows, clickable dots, speed 500,
 * one card on narrow screens, 2 from 600 px, 3 from 1024 px, 4 from 1200 px.
 */
import { Swiper, SwiperSlide } from 'swiper/react';
import { Navigation, Pagination, A11y } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import FilmCard from '../../components/cards/FilmCard.tsx';
import { useHydrated } from '../layout/use-hydrated.ts';
import StillSwiper from './StillSwiper.tsx';
import type { CardView } from '../../lib/card.ts';
import { SLIDER } from '../../lib/constants.ts';

const [SMALL_GAP, LARGE_GAP] = SLIDER.gaps;

/** Breakpoints from the constants: slides per view, and the wider gap once three fit. */
const BREAKPOINTS = Object.fromEntries(
  Object.entries(SLIDER.breakpoints).map(([width, slides]) => [width, { slidesPerView: slides, spaceBetween: slides >= 3 ? LARGE_GAP : SMALL_GAP }]),
);

export default function CardSlider({ cards, label }: { cards: CardView[]; label: string }) {
  const hydrated = useHydrated();
  const slides = cards.map((card, i) => <FilmCard key={card.id} card={card} variant="slider" eager={i < 4} />);
  if (!hydrated) return <StillSwiper className="card-slider" label={label} navigation pagination>{slides}</StillSwiper>;
  return (
    <Swiper
      className="card-slider"
      modules={[Navigation, Pagination, A11y]}
      loop={cards.length > 4}
      speed={SLIDER.speed}
      navigation
      pagination={{ clickable: true }}
      slidesPerView={1}
      spaceBetween={SMALL_GAP}
      breakpoints={BREAKPOINTS}
      a11y={{ prevSlideMessage: 'Назад', nextSlideMessage: 'Вперёд', paginationBulletMessage: 'Слайд {{index}}' }}
      aria-label={label}
    >
      {slides.map((slide) => <SwiperSlide key={slide.key}>{slide}</SwiperSlide>)}
    </Swiper>
  );
}

/**
 * Pictures that advance on their own (spec section 9, 'Banner auto-advance': 1.5 s on the title
 * page, 3 s on actor photos). Decorative pictures (the title banner's frames behind its text) fade
 * and are hidden from assistive technology; the actor's photos slide, with clickable dots. Visitors
 * who ask their system for less motion get still pictures they can page through.
 */
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay, EffectFade, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/effect-fade';
import 'swiper/css/pagination';
import { SLIDER } from '../../lib/constants.ts';
import { useHydrated } from '../layout/use-hydrated.ts';
import StillSwiper from './StillSwiper.tsx';
import './auto-slider.css';

interface Props {
  images: string[];
  delayMs: number;
  className: string;
  width: number;
  height: number;
  /** Alt text of each picture; omitted for decorative pictures. */
  alts?: string[];
}

const prefersLessMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export default function AutoSlider({ images, delayMs, className, width, height, alts }: Props) {
  const decorative = !alts;
  const hydrated = useHydrated();
  const slides = images.map((src, i) => (
    <img key={src} src={src} alt={alts?.[i] ?? ''} width={width} height={height} loading={i === 0 ? 'eager' : 'lazy'} />
  ));
  const slider = !hydrated ? <StillSwiper pagination={!decorative}>{slides}</StillSwiper> : (
    <Swiper
      modules={[Autoplay, A11y, ...(decorative ? [EffectFade] : [Pagination])]}
      effect={decorative ? 'fade' : 'slide'}
      loop={images.length > 1}
      speed={SLIDER.speed}
      autoplay={prefersLessMotion() ? false : { delay: delayMs, disableOnInteraction: false }}
      pagination={decorative ? false : { clickable: true }}
      allowTouchMove={!decorative}
    >
      {slides.map((slide) => <SwiperSlide key={slide.key}>{slide}</SwiperSlide>)}
    </Swiper>
  );
  return <div className={className} aria-hidden={decorative || undefined}>{slider}</div>;
}

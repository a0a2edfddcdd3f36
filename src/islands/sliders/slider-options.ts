/**
 * How the site's card and banner sliders behave (spec section 2), as Swiper settings for a slider
 * of `slides` slides. The markup is the server's (StillSwiper); start-sliders.ts starts Swiper on it.
 */
import type { SwiperOptions } from 'swiper/types';
import { SLIDER } from '../../lib/constants.ts';

export type SliderKind = 'banner' | 'cards';

/** The home page does not fix a pace; slow enough to read a slide. */
export const HOME_AUTOPLAY_MS = 6000;

const A11Y = { prevSlideMessage: 'Назад', nextSlideMessage: 'Вперёд', paginationBulletMessage: 'Слайд {{index}}' };

const [SMALL_GAP, LARGE_GAP] = SLIDER.gaps;

/** Breakpoints from the constants: slides per view, and the wider gap once three fit. */
const CARD_BREAKPOINTS = Object.fromEntries(
  Object.entries(SLIDER.breakpoints).map(([width, perView]) => [width, { slidesPerView: perView, spaceBetween: perView >= 3 ? LARGE_GAP : SMALL_GAP }]),
);

/** Looped while there is more than fits; arrows and clickable dots on both. */
export function sliderOptions(kind: SliderKind, slides: number): SwiperOptions {
  const common: SwiperOptions = { speed: SLIDER.speed, a11y: A11Y };
  if (kind === 'banner') {
    return {
      ...common,
      loop: slides > 1,
      autoplay: { delay: HOME_AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false },
    };
  }
  return { ...common, loop: slides > 4, slidesPerView: 1, spaceBetween: SMALL_GAP, breakpoints: CARD_BREAKPOINTS };
}

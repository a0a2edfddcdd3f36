/**
 * How the site's sliders behave: home's banner, the card sliders and an
 * actor's photos, as Swiper settings for a slider of `slides` slides. The markup is the server's
 * (StillSwiper); start-sliders.ts starts Swiper on it.
 */
import type { SwiperOptions } from 'swiper/types';
import { BANNER_AUTOPLAY_MS, SLIDER } from '../../lib/constants.ts';

export type SliderKind = 'banner' | 'cards' | 'photos';

/** The home page does not fix a pace; slow enough to read a slide. */
export const HOME_AUTOPLAY_MS = 6000;

const A11Y = { prevSlideMessage: 'Назад', nextSlideMessage: 'Вперёд', paginationBulletMessage: 'Слайд {{index}}' };

const [SMALL_GAP, LARGE_GAP] = SLIDER.gaps;

/** A card slider's row: slides per view and the gap between them, the wider one once three fit. */
const cardRow = (perView: number) => ({ slidesPerView: perView, spaceBetween: perView >= 3 ? LARGE_GAP : SMALL_GAP });

/** Breakpoints from the constants (min-width: row). */
const CARD_BREAKPOINTS = Object.fromEntries(Object.entries(SLIDER.breakpoints).map(([width, perView]) => [width, cardRow(perView)]));

/**
 * Looped while there is more than fits; the banner and the photos advance on their own, except for
 * people who ask their system for less motion, who page through them and see each slide at once
 * (speed 0: Swiper then waits for no transition's end).
 */
export function sliderOptions(kind: SliderKind, slides: number, { lessMotion = false } = {}): SwiperOptions {
  const common: SwiperOptions = { speed: lessMotion ? 0 : SLIDER.speed, a11y: A11Y };
  const advancing = (delay: number, pauseOnMouseEnter: boolean): SwiperOptions =>
    (lessMotion ? {} : { autoplay: { delay, pauseOnMouseEnter, disableOnInteraction: false } });
  if (kind === 'banner') return { ...common, loop: slides > 1, ...advancing(HOME_AUTOPLAY_MS, true) };
  if (kind === 'photos') return { ...common, loop: slides > 1, ...advancing(BANNER_AUTOPLAY_MS.actorPhotos, false) };
  return { ...common, loop: slides > 4, ...cardRow(1), breakpoints: CARD_BREAKPOINTS };
}

/**
 * The card slider's row before Swiper starts, and with no script: the same cards per row and gaps as
 * Swiper's breakpoints, as custom properties card-slider.css lays the slides out by.
 */
export function cardRowsCss(selector: string): string {
  const row = (r: ReturnType<typeof cardRow>) => `${selector}{--cards-per-view:${r.slidesPerView};--cards-gap:${r.spaceBetween}px}`;
  return [row(cardRow(1)), ...Object.entries(CARD_BREAKPOINTS).map(([width, r]) => `@media (min-width:${width}px){${row(r)}}`)].join('');
}

/**
 * Starts Swiper on the sliders the server rendered (`data-slider`, StillSwiper's markup): plain
 * Swiper, no island, so a page whose only moving part is a slider loads no React.
 */
import Swiper from 'swiper';
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules';
import { sliderOptions, type SliderKind } from './slider-options.ts';

const lessMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

for (const el of document.querySelectorAll<HTMLElement>('[data-slider]')) {
  const options = sliderOptions(el.dataset.slider as SliderKind, el.querySelectorAll('.swiper-slide').length, { lessMotion });
  const prevEl = el.querySelector<HTMLElement>('.swiper-button-prev');
  const nextEl = el.querySelector<HTMLElement>('.swiper-button-next');
  new Swiper(el, {
    ...options,
    modules: [Pagination, A11y, ...(prevEl && nextEl ? [Navigation] : []), ...(options.autoplay ? [Autoplay] : [])],
    ...(prevEl && nextEl ? { navigation: { prevEl, nextEl } } : {}),
    pagination: { el: el.querySelector<HTMLElement>('.swiper-pagination'), clickable: true },
  });
}

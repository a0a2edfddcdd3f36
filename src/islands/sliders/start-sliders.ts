/**
 * Starts Swiper on the card and banner sliders the server rendered (`data-slider`, StillSwiper's
 * markup): plain Swiper, no island, so a page whose only moving part is a slider loads no React.
 */
import Swiper from 'swiper';
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules';
import { sliderOptions, type SliderKind } from './slider-options.ts';

for (const el of document.querySelectorAll<HTMLElement>('[data-slider]')) {
  const options = sliderOptions(el.dataset.slider as SliderKind, el.querySelectorAll('.swiper-slide').length);
  new Swiper(el, {
    ...options,
    modules: options.autoplay ? [Navigation, Pagination, Autoplay, A11y] : [Navigation, Pagination, A11y],
    navigation: { prevEl: el.querySelector<HTMLElement>('.swiper-button-prev'), nextEl: el.querySelector<HTMLElement>('.swiper-button-next') },
    pagination: { el: el.querySelector<HTMLElement>('.swiper-pagination'), clickable: true },
  });
}

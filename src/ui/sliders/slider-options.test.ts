import { describe, expect, it } from 'vitest';
import { HOME_AUTOPLAY_MS, cardRowsCss, sliderOptions } from './slider-options.ts';
import { BANNER_AUTOPLAY_MS, SLIDER } from '../../lib/constants.ts';

describe('slider options', () => {
  it('loops the home banner when it has more than one slide, and advances it on its own, pausing under the pointer', () => {
    expect(sliderOptions('banner', 1).loop).toBe(false);
    const banner = sliderOptions('banner', 3);
    expect(banner.loop).toBe(true);
    expect(banner.autoplay).toEqual({ delay: HOME_AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false });
    expect(banner.speed).toBe(SLIDER.speed);
  });

  it('loops a card slider only when more cards than the widest view shows, and never advances it alone', () => {
    const widest = Math.max(...Object.values(SLIDER.breakpoints));
    expect(sliderOptions('cards', widest).loop).toBe(false);
    expect(sliderOptions('cards', widest + 1).loop).toBe(true);
    expect(sliderOptions('cards', 8).autoplay).toBeUndefined();
  });

  it('shows one card on narrow screens and more from each breakpoint, with the wider gap once three fit', () => {
    const cards = sliderOptions('cards', 8);
    expect(cards.slidesPerView).toBe(1);
    expect(cards.spaceBetween).toBe(SLIDER.gaps[0]);
    for (const [width, perView] of Object.entries(SLIDER.breakpoints)) {
      expect(cards.breakpoints?.[width], width).toEqual({ slidesPerView: perView, spaceBetween: perView >= 3 ? SLIDER.gaps[1] : SLIDER.gaps[0] });
    }
  });

  it('advances an actor\'s photos every 3 s, looped when there are two', () => {
    expect(sliderOptions('photos', 1).loop).toBe(false);
    const photos = sliderOptions('photos', 2);
    expect(photos.loop).toBe(true);
    expect(photos.autoplay).toEqual({ delay: BANNER_AUTOPLAY_MS.actorPhotos, pauseOnMouseEnter: false, disableOnInteraction: false });
  });

  it('lets people who ask for less motion page through the banner and the photos themselves', () => {
    for (const kind of ['banner', 'photos'] as const) expect(sliderOptions(kind, 3, { lessMotion: true }).autoplay, kind).toBeUndefined();
  });

  it('moves every slider at once for people who ask for less motion', () => {
    for (const kind of ['banner', 'cards', 'photos'] as const) expect(sliderOptions(kind, 8, { lessMotion: true }).speed, kind).toBe(0);
  });

  it('lays the cards out before Swiper starts in the rows Swiper will make, from the same breakpoints', () => {
    const cards = sliderOptions('cards', 8);
    const row = (o: { slidesPerView?: number | 'auto'; spaceBetween?: number | string }) => `.x{--cards-per-view:${o.slidesPerView};--cards-gap:${o.spaceBetween}px}`;
    expect(cardRowsCss('.x')).toBe([
      row(cards),
      ...Object.entries(cards.breakpoints!).map(([width, o]) => `@media (min-width:${width}px){${row(o)}}`),
    ].join(''));
  });

  it('names the arrows and dots in Russian on all', () => {
    for (const kind of ['banner', 'cards', 'photos'] as const) {
      expect(sliderOptions(kind, 5).a11y).toMatchObject({ prevSlideMessage: 'Назад', nextSlideMessage: 'Вперёд', paginationBulletMessage: 'Слайд {{index}}' });
    }
  });
});

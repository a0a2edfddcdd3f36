/**
 * Swiper's markup before it starts: slides, arrows and the dots' place, rendered without starting
 * Swiper (a Swiper instance made only to render it copies every default setting). With `slider`,
 * the page's start-sliders.ts starts plain Swiper on it (no island).
 */
import { Children, type ReactNode } from 'react';
import type { SliderKind } from './slider-options.ts';

interface Props {
  className?: string;
  label?: string;
  navigation?: boolean;
  pagination?: boolean;
  /** Which slider start-sliders.ts makes of it. */
  slider?: SliderKind;
  /** One element per slide, each with its key. */
  children: ReactNode;
}

export default function StillSwiper({ className, label, navigation = false, pagination = false, slider, children }: Props) {
  return (
    <div className={className ? `swiper ${className}` : 'swiper'} aria-label={label} data-slider={slider}>
      <div className="swiper-wrapper">
        {Children.map(children, (slide) => <div className="swiper-slide">{slide}</div>)}
      </div>
      {navigation && <><div className="swiper-button-prev" /><div className="swiper-button-next" /></>}
      {pagination && <div className="swiper-pagination" />}
    </div>
  );
}

/**
 * The markup Swiper's React component renders before it starts, rendered without starting it: on
 * the server and in the browser's first render, so hydration matches. A Swiper instance made only
 * to render that markup cost more than the rest of a page's islands together (it copies every
 * default setting); the browser swaps in the real slider as soon as the island is hydrated.
 */
import { Children, type ReactNode } from 'react';

interface Props {
  className?: string;
  label?: string;
  navigation?: boolean;
  pagination?: boolean;
  /** One element per slide, each with its key. */
  children: ReactNode;
}

export default function StillSwiper({ className, label, navigation = false, pagination = false, children }: Props) {
  return (
    <div className={className ? `swiper ${className}` : 'swiper'} aria-label={label}>
      <div className="swiper-wrapper">
        {Children.map(children, (slide) => <div className="swiper-slide">{slide}</div>)}
      </div>
      {navigation && <><div className="swiper-button-prev" /><div className="swiper-button-next" /></>}
      {pagination && <div className="swiper-pagination" />}
    </div>
  );
}

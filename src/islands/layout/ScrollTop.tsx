/** The scroll-to-top button: shown once the page is scrolled more than SCROLL_TOP_AFTER_PX. */
import { useEffect, useState } from 'react';
import { SCROLL_TOP_AFTER_PX } from '../../lib/constants.ts';
import { ArrowUpIcon } from './icons.tsx';
import './scroll-top.css';

export default function ScrollTop() {
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const update = () => setShown(window.scrollY > SCROLL_TOP_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  return (
    <button
      type="button"
      className={shown ? 'scroll-top scroll-top--shown' : 'scroll-top'}
      aria-label="Наверх"
      title="Наверх"
      tabIndex={shown ? 0 : -1}
      aria-hidden={!shown}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUpIcon />
    </button>
  );
}

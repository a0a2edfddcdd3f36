/**
 * The cookie notice (spec section 2): shown while localStorage `cookiesAccepted` is not 'true';
 * accepting fades it out over COOKIE_NOTICE.fadeMs and sets the flag. Rendered only after mount,
 * so a visitor who already accepted never sees it flash.
 */
import { useEffect, useState } from 'react';
import { COOKIE_NOTICE } from '../../lib/constants.ts';
import { FRAME_LINKS } from '../../components/layout/links.ts';
import { readItem, writeItem } from '../../stores/storage.ts';
import './cookie-notice.css';

type State = 'hidden' | 'shown' | 'leaving';

export default function CookieNotice() {
  const [state, setState] = useState<State>('hidden');

  useEffect(() => {
    if (readItem(COOKIE_NOTICE.key) !== 'true') setState('shown');
  }, []);

  useEffect(() => {
    if (state !== 'leaving') return;
    const timer = setTimeout(() => setState('hidden'), COOKIE_NOTICE.fadeMs);
    return () => clearTimeout(timer);
  }, [state]);

  if (state === 'hidden') return null;

  const accept = () => {
    writeItem(COOKIE_NOTICE.key, 'true');
    setState('leaving');
  };

  return (
    <section
      className={state === 'leaving' ? 'cookie-notice cookie-notice--leaving' : 'cookie-notice'}
      style={{ transitionDuration: `${COOKIE_NOTICE.fadeMs}ms` }}
      aria-label="Уведомление о cookie"
    >
      <p className="cookie-notice__text">
        Мы используем файлы cookie, чтобы сайт работал удобнее. Продолжая пользоваться сайтом, вы соглашаетесь
        с <a href={FRAME_LINKS.privacy}>политикой конфиденциальности</a>.
      </p>
      <button type="button" className="btn" onClick={accept} disabled={state === 'leaving'}>Принять</button>
    </section>
  );
}

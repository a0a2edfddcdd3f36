/**
 * The head's line that marks <html> with `cookie-ask` while the cookie notice is not accepted, so
 * the notice (CookieNotice.astro) is drawn with the page's first paint. In the head, before the
 * style sheets: a script in the body would hold the parser until they arrived, and the first paint
 * would come without the page's content.
 */
import { COOKIE_NOTICE } from '../../lib/constants.ts';

export function cookieNoticeBootScript(): string {
  return `try{if(localStorage.getItem(${JSON.stringify(COOKIE_NOTICE.key)})!=='true')document.documentElement.classList.add('cookie-ask')}catch(e){}`;
}

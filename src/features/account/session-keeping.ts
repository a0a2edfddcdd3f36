/**
 * What stores the session and forgets it: sign-in, refresh, sign-out and a refused token. Only
 * signed-in code needs it, so it stays out of the small module every visitor's page reads.
 */
import { $session, BROWSER_SESSION_COOKIE, SESSION_KEY, UNAUTHORISED_EVENT, type Session } from './session.ts';
import { removeItem, writeItem } from '../../lib/storage.ts';

/** Keeps a session in the browser-run cookie. */
function keepForBrowserRun(session: Session): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${BROWSER_SESSION_COOKIE}=${encodeURIComponent(JSON.stringify(session))}; path=/; SameSite=Strict${secure}`;
}

function forgetBrowserRun(): void {
  document.cookie = `${BROWSER_SESSION_COOKIE}=; max-age=0; path=/`;
}

/** Stores the tokens of a sign-in or refresh. */
export function setSession(session: Session): void {
  $session.set(session);
  if (session.remember) {
    writeItem(SESSION_KEY, JSON.stringify(session));
    forgetBrowserRun();
  } else {
    keepForBrowserRun(session);
    writeItem(SESSION_KEY, JSON.stringify({ remember: false, expires_at: session.expires_at }));
  }
}

/** Forgets both tokens. */
export function clearSession(): void {
  $session.set(null);
  removeItem(SESSION_KEY);
  forgetBrowserRun();
}

/** The backend refused the token: clear it and tell the page (the caller reloads). */
export function signalUnauthorised(): void {
  clearSession();
  globalThis.dispatchEvent?.(new Event(UNAUTHORISED_EVENT));
}

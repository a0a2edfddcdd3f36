/**
 * The signed-in session: access and refresh tokens and their expiry. A remembered session is kept in
 * localStorage, which every tab shares and which outlasts the browser. With 'Запомнить меня'
 * unchecked, the tokens are kept in a cookie without an expiry instead, which the browser forgets
 * when it closes, so they are never left on disk for whoever uses the computer next; localStorage
 * then holds a note without tokens, whose change tells the other tabs to read the cookie again.
 * This module is small on purpose: every page reads it; what stores a session and forgets it
 * (session-keeping.ts) loads only for signed-in people.
 */
import { atom, computed } from 'nanostores';
import { SESSION_KEY } from './session-key.ts';
import { readItem, removeItem } from '../../lib/storage.ts';

export interface Session {
  access_token: string;
  refresh_token: string;
  /** Lifetime of the access token in ms, as /auth/login answers it. */
  expires: number;
  /** When the access token expires, ms since the epoch. */
  expires_at: number;
  /** Survives closing the browser. */
  remember: boolean;
}

export { SESSION_KEY };

/** The cookie holding a session that ends with the browser: without an expiry, it goes when the browser closes. */
export const BROWSER_SESSION_COOKIE = 'browser_session';

/** Fired on window when the backend refuses the stored token (a 401 loading the profile). */
export const UNAUTHORISED_EVENT = 'unauthorised';

/** The browser-run cookie's value, null when there is none. */
function browserRunCookie(): string | null {
  const found = new RegExp(`(?:^|; )${BROWSER_SESSION_COOKIE}=([^;]+)`).exec(document.cookie);
  return found ? decodeURIComponent(found[1]!) : null;
}

/** A well-formed session, or null. */
export function parseSession(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Partial<Session> | null;
    if (!s || typeof s.access_token !== 'string' || typeof s.refresh_token !== 'string') return null;
    if (typeof s.expires !== 'number' || typeof s.expires_at !== 'number') return null;
    return { access_token: s.access_token, refresh_token: s.refresh_token, expires: s.expires, expires_at: s.expires_at, remember: s.remember !== false };
  } catch {
    return null;
  }
}

/**
 * The session this browser holds: the remembered one, else the one of this browser run. What is left
 * in localStorage of a session that ended with the browser (its note, or the tokens an older version
 * of the site kept there) is removed, so that pages no longer take the browser for a signed-in one.
 */
export function storedSession(): Session | null {
  // A session of the browser run leaves its note here too (session-keeping.ts): nothing here, no session.
  const kept = readItem(SESSION_KEY);
  if (kept === null) return null;
  const remembered = parseSession(kept);
  const session = remembered?.remember ? remembered : parseSession(browserRunCookie());
  if (!session) removeItem(SESSION_KEY);
  return session;
}

export const $session = atom<Session | null>(storedSession());
export const $isSignedIn = computed($session, (s) => s !== null);

/** Another tab signed in, refreshed or signed out: follow it. */
globalThis.addEventListener?.('storage', (event) => {
  if (event.key === SESSION_KEY || event.key === null) $session.set(storedSession());
});

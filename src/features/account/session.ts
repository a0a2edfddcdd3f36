/**
 * The signed-in session: access and refresh tokens and their expiry, kept
 * in localStorage so every tab shares them. 'Remember me' unchecked ties the session to this run
 * of the browser: it names a cookie without an expiry, and once the browser has closed (the
 * cookie is gone) the stored tokens no longer count. This module is small on purpose: every page
 * reads it; what signs in, refreshes and signs out loads only for signed-in people.
 */
import { atom, computed } from 'nanostores';
import { SESSION_KEY } from './session-key.ts';
import { readItem, removeItem, writeItem } from '../../lib/storage.ts';

export interface Session {
  access_token: string;
  refresh_token: string;
  /** Lifetime of the access token in ms, as /auth/login answers it. */
  expires: number;
  /** When the access token expires, ms since the epoch. */
  expires_at: number;
  /** Survives closing the browser. */
  remember: boolean;
  /** For a session that ends with the browser: the id of the browser run it belongs to. */
  browserRun: string | null;
}

export { SESSION_KEY };

/** The cookie naming this run of the browser: without an expiry, it goes when the browser closes. */
export const BROWSER_RUN_COOKIE = 'browser_run';

/** Fired on window when the backend refuses the stored token (a 401 loading the profile). */
export const UNAUTHORISED_EVENT = 'unauthorised';

function cookie(name: string): string | null {
  const jar = (globalThis as { document?: Document }).document?.cookie ?? '';
  const found = jar.split('; ').find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

/** The id of this run of the browser, made on first use. */
export function browserRun(): string {
  const existing = cookie(BROWSER_RUN_COOKIE);
  if (existing) return existing;
  const id = crypto.randomUUID();
  document.cookie = `${BROWSER_RUN_COOKIE}=${id}; path=/; SameSite=Lax`;
  return id;
}

/** A stored session that still counts: well formed, and either remembered or of this browser run. */
export function parseSession(raw: string | null, currentRun: string | null = cookie(BROWSER_RUN_COOKIE)): Session | null {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Partial<Session> | null;
    if (!s || typeof s.access_token !== 'string' || typeof s.refresh_token !== 'string') return null;
    if (typeof s.expires !== 'number' || typeof s.expires_at !== 'number') return null;
    const remember = s.remember !== false;
    if (!remember && (!s.browserRun || s.browserRun !== currentRun)) return null;
    return { access_token: s.access_token, refresh_token: s.refresh_token, expires: s.expires, expires_at: s.expires_at, remember, browserRun: remember ? null : s.browserRun ?? null };
  } catch {
    return null;
  }
}

export const $session = atom<Session | null>(parseSession(readItem(SESSION_KEY)));

export const $isSignedIn = computed($session, (s) => s !== null);

/** Stores the tokens of a sign-in or refresh. */
export function setSession(session: Session): void {
  $session.set(session);
  writeItem(SESSION_KEY, JSON.stringify(session));
}

/** Forgets both tokens. */
export function clearSession(): void {
  $session.set(null);
  removeItem(SESSION_KEY);
}

/** The backend refused the token: clear it and tell the page (the caller reloads). */
export function signalUnauthorised(): void {
  clearSession();
  if (typeof window !== 'undefined' && typeof window.dispatchEvent === 'function') {
    window.dispatchEvent(new Event(UNAUTHORISED_EVENT));
  }
}

/** Another tab signed in, refreshed or signed out: follow it. */
if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_KEY || event.key === null) $session.set(parseSession(readItem(SESSION_KEY)));
  });
}

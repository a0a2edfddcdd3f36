/**
 * The signed-in session (spec sections 3 and 4): access and refresh tokens and their expiry,
 * stored in localStorage so a reload keeps the visitor signed in. This issue gives the shape and
 * the plumbing; logging in, refreshing 30 s before expiry and logging out come with the login issue.
 */
import { atom, computed } from 'nanostores';
import { readItem, removeItem, writeItem } from './storage.ts';

export interface Session {
  access_token: string;
  refresh_token: string | null;
  /** Lifetime of the access token in ms, as /auth/login answers it. */
  expires: number | null;
  /** When the access token expires, ms since the epoch. */
  expires_at: number | null;
}

/** Storage key of the whole session (one JSON value, so tokens are written and cleared together). */
export const SESSION_KEY = 'session';

/** Fired on window when the backend refuses the stored token (a 401 loading the profile). */
export const UNAUTHORISED_EVENT = 'unauthorised';

function parseSession(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Partial<Session> | null;
    if (!s || typeof s.access_token !== 'string' || !s.access_token) return null;
    return {
      access_token: s.access_token,
      refresh_token: typeof s.refresh_token === 'string' ? s.refresh_token : null,
      expires: typeof s.expires === 'number' ? s.expires : null,
      expires_at: typeof s.expires_at === 'number' ? s.expires_at : null,
    };
  } catch {
    return null;
  }
}

export const $session = atom<Session | null>(parseSession(readItem(SESSION_KEY)));

export const $isSignedIn = computed($session, (s) => s !== null);

/** Stores the tokens of a login or refresh. */
export function setSession(session: Session): void {
  $session.set(session);
  writeItem(SESSION_KEY, JSON.stringify(session));
}

/** Forgets both tokens. */
export function clearSession(): void {
  $session.set(null);
  removeItem(SESSION_KEY);
}

/** The backend refused the token: clear it and tell the page (the caller reloads, spec section 4). */
export function signalUnauthorised(): void {
  clearSession();
  if (typeof window !== 'undefined' && typeof window.dispatchEvent === 'function') {
    window.dispatchEvent(new Event(UNAUTHORISED_EVENT));
  }
}

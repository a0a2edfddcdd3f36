/**
 * Refreshing the session, for signed-in people only (loaded when needed). One refresh at a time
 * across the browser's tabs (Web Locks): a tab that waited finds the tokens another tab stored and
 * takes them instead of spending the refresh token again, which the backend allows once (and
 * again only for a few seconds, so that an answer lost to a page change does not sign anyone out).
 */
import { createDirectus, isDirectusError, refresh, rest } from '@directus/sdk';
import { $session, storedSession, type Session } from '../../features/account/session.ts';
import { clearSession, setSession } from '../../features/account/session-keeping.ts';
import { SESSION_REFRESH_BEFORE_MS } from '../constants.ts';
import { sameOriginApi } from './client.ts';
import type { Schema } from './schema.ts';

/** A bare client for the refresh call itself: it must not wait on the session it is renewing. */
const authClient = () => createDirectus<Schema>(sameOriginApi()).with(rest({ credentials: 'omit' }));

let inFlight: Promise<Session | null> | null = null;

async function withLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  return locks ? await locks.request('session-refresh', work) : work();
}

/**
 * A fresh session after `seen` (the one whose token ran out or was refused), or null when the
 * backend has ended it (signed out elsewhere, password changed): then the session is cleared.
 * `force` refreshes even a token that looks fresh, for a request the backend answered with 401.
 */
export function refreshSession(seen: Session, o: { force?: boolean } = {}): Promise<Session | null> {
  inFlight ??= withLock(() => renew(seen, o.force === true)).finally(() => { inFlight = null; });
  return inFlight;
}

async function renew(seen: Session, force: boolean): Promise<Session | null> {
  const stored = storedSession();
  if (!stored) {
    clearSession();
    return null;
  }
  const renewedElsewhere = stored.access_token !== seen.access_token && stored.expires_at - Date.now() > SESSION_REFRESH_BEFORE_MS;
  if (renewedElsewhere || (!force && stored.expires_at - Date.now() > SESSION_REFRESH_BEFORE_MS)) {
    $session.set(stored);
    return stored;
  }
  try {
    const tokens = await authClient().request(refresh({ mode: 'json', refresh_token: stored.refresh_token }));
    if (!tokens.access_token || !tokens.refresh_token || !tokens.expires) throw new Error('The refresh answered without tokens');
    const next: Session = {
      ...stored, access_token: tokens.access_token, refresh_token: tokens.refresh_token, expires: tokens.expires, expires_at: Date.now() + tokens.expires,
    };
    setSession(next);
    return next;
  } catch (err) {
    // A refused refresh token means the session is over; a network failure leaves it for the next try.
    if (isDirectusError(err) && err.response instanceof Response && [400, 401, 403].includes(err.response.status)) {
      clearSession();
      return null;
    }
    throw err;
  }
}

/**
 * A signed-in person's websocket (live-socket.ts), signed in by handshake: the page's kept socket
 * (kept-socket.ts) is one. The SDK itself re-authenticates on TOKEN_EXPIRED with a fresh token from
 * `getToken`, closes on AUTH_TIMEOUT, and on AUTH_FAILED warns (and stops reconnecting in public mode).
 */
import { realtime } from '@directus/sdk';
import { SESSION_REFRESH_BEFORE_MS } from '../constants.ts';
import { LIVE_SETTINGS, liveClient, liveSocketUrl, type LiveSocket } from './live-socket.ts';
import { $session } from '../../features/account/session.ts';

/**
 * A fresh access token: the stored one, refreshed first when it is about to expire or has. Never
 * throws: the SDK awaits it in the socket's event handlers, where a failure would go unhandled. A
 * refresh that got no answer gives no token, so this connection attempt fails and is tried again.
 */
async function freshToken(): Promise<string | null> {
  const session = $session.get();
  if (!session) return null;
  if (session.expires_at - Date.now() > SESSION_REFRESH_BEFORE_MS) return session.access_token;
  try {
    const { refreshSession } = await import('./session-refresh.ts');
    return (await refreshSession(session))?.access_token ?? null;
  } catch (err) {
    console.error(err);
    return null;
  }
}

/** `signedInWith` hears each token the socket signs in with, so a later renewal can sign it in again. */
export function createSignedInSocket(signedInWith: (token: string | null) => void): LiveSocket {
  return liveClient()
    .with(() => ({ getToken: () => freshToken().then((token) => (signedInWith(token), token)) }))
    .with(realtime({ url: liveSocketUrl(), authMode: 'handshake', ...LIVE_SETTINGS }));
}

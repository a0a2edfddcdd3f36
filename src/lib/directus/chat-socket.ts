/**
 * The chat's websocket: @directus/sdk's realtime client at /api/websocket on the site's origin,
 * with the spec's settings (section 9): handshake auth, heartbeat (a ping is answered with pong),
 * reconnect after 1000 ms (never under 100 ms) up to 10 times. The SDK itself re-authenticates
 * on TOKEN_EXPIRED with a fresh token from `getToken`, closes on AUTH_TIMEOUT, and on AUTH_FAILED
 * warns (and stops reconnecting in public mode); its warnings are kept, its chatter is not.
 */
import { createDirectus, realtime, type WebSocketClient } from '@directus/sdk';
import { $session } from '../../stores/session.ts';
import { WEBSOCKET } from '../chat-constants.ts';
import { SESSION_REFRESH_BEFORE_MS } from '../constants.ts';
import { sameOriginApi } from './client.ts';
import type { Schema } from './schema.ts';

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

const quietLogger = { ...console, info: () => undefined, log: () => undefined };

export type ChatSocket = WebSocketClient<Schema>;

export function createChatSocket(): ChatSocket {
  const api = new URL(sameOriginApi());
  api.protocol = api.protocol === 'https:' ? 'wss:' : 'ws:';
  return createDirectus<Schema>(sameOriginApi(), { globals: { logger: quietLogger } })
    .with(() => ({ getToken: freshToken }))
    .with(realtime({
      url: `${api.href}/websocket`,
      authMode: 'handshake',
      heartbeat: true,
      debug: true,
      reconnect: { delay: Math.max(WEBSOCKET.minReconnectDelayMs, WEBSOCKET.reconnectDelayMs), retries: WEBSOCKET.retries },
    }));
}

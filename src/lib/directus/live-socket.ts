/**
 * The site's realtime clients: @directus/sdk's realtime() at /api/websocket on the site's origin,
 * with these settings: heartbeat (a ping is answered with pong), reconnect after
 * 1000 ms (never under 100 ms) up to 10 times; its warnings are kept, its chatter is not. The chat
 * signs in on its socket (features/chat/directus.ts); reviews, which anyone may read, need no sign-in.
 */
import { createDirectus, realtime, type WebSocketClient } from '@directus/sdk';
import { WEBSOCKET } from '../chat-constants.ts';
import { sameOriginApi } from './client.ts';
import type { Schema } from './schema.ts';

export type LiveSocket = WebSocketClient<Schema>;

const quietLogger = { ...console, info: () => undefined, log: () => undefined };

export function liveSocketUrl(): string {
  const api = new URL(sameOriginApi());
  api.protocol = api.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${api.href}/websocket`;
}

export const LIVE_SETTINGS = {
  heartbeat: true,
  debug: true,
  reconnect: { delay: Math.max(WEBSOCKET.minReconnectDelayMs, WEBSOCKET.reconnectDelayMs), retries: WEBSOCKET.retries },
} as const;

export const liveClient = () => createDirectus<Schema>(sameOriginApi(), { globals: { logger: quietLogger } });

/** A socket that reads as a visitor: for what everyone may read. */
export function createPublicSocket(): LiveSocket {
  return liveClient().with(realtime({ url: liveSocketUrl(), authMode: 'public', ...LIVE_SETTINGS }));
}

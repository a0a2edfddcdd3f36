/**
 * The largest frame the realtime socket takes. Directus's socket server keeps its library's default of
 * 100 MiB, and reads a frame whole before it parses it: a visitor's 50 MB frame was read, parsed and
 * answered. The site's frames (a sign-in, a subscription with its query, a room's command) stay under
 * a few kilobytes; a larger one closes the connection with 1009 (message too big), as the WebSocket
 * protocol says, before it is read.
 */
import { getWebSocketController } from '../../shared/directus-internals.ts';
import type { Register } from './types.ts';

export const MAX_SOCKET_FRAME_BYTES = 64 * 1024;

export function registerSocketFrameLimit({ action }: Register): void {
  // The socket server exists once Directus's HTTP server does, before it listens.
  action('server.start', () => {
    const controller = getWebSocketController();
    if (controller) controller.server.options.maxPayload = MAX_SOCKET_FRAME_BYTES;
  });
}

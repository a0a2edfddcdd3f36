/**
 * Frames nested deeper than MAX_NESTING are refused before Directus reads them. Directus's listener
 * parses each frame and logs it with JSON.stringify before any filter of `websocket.message` runs;
 * stringify recurses, so one visitor's frame of a few thousand nested brackets overflowed the stack
 * inside that async listener, and the unhandled rejection ended the process.
 *
 * A listener of our own, even prepended, cannot stop the others: the socket calls every listener of
 * a frame. So the listeners the socket has when it connects (Directus's own) are wrapped, and a frame
 * too deep reaches none of them: it is answered with an error frame naming its subscription (TOO_DEEP),
 * and the socket stays open. Listeners added later (the address's pace, socket-pace.ts) still hear
 * every frame, so refused frames count against the address like every other.
 */
import { handleWebSocketError, WebSocketError } from '../../shared/directus-internals.ts';
import { TOO_DEEP } from '../../shared/nesting.ts';
import { textNestsDeeperThan } from './frame-depth.ts';

type Listener = (data: unknown, isBinary: boolean) => void;

export interface DepthGuardedSocket {
  listeners(event: 'message'): Listener[];
  off(event: 'message', listener: Listener): unknown;
  on(event: 'message', listener: Listener): unknown;
  send(data: string): void;
}

/** The refusal of a frame too deep, naming its type and uid when it has them, as a filter's refusal would. */
function refusal(text: string): WebSocketError {
  let frame: unknown = null;
  try {
    // JSON.parse builds the value without recursion: only walking it afterwards is unsafe.
    frame = JSON.parse(text);
  } catch { /* not JSON: a refusal with no name */ }
  const { type, uid } = frame !== null && typeof frame === 'object' ? (frame as { type?: unknown; uid?: unknown }) : {};
  return new WebSocketError(typeof type === 'string' ? type : 'server', 'INVALID_PAYLOAD', TOO_DEEP, typeof uid === 'string' || typeof uid === 'number' ? uid : undefined);
}

export function guardFrameDepth(socket: DepthGuardedSocket): void {
  for (const listener of socket.listeners('message')) {
    socket.off('message', listener);
    socket.on('message', function guarded(this: unknown, data, isBinary) {
      // What Directus parses: the frame as text.
      const text = String(data);
      if (textNestsDeeperThan(text)) handleWebSocketError(socket, refusal(text), 'server');
      else listener.call(this, data, isBinary);
    });
  }
}

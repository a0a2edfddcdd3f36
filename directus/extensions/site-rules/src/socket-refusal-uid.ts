/**
 * Every refusal of a socket frame names the frame's uid, so a client with several requests open can
 * tell which one failed. Directus names its own refusals, but a rule's (a Directus error thrown while
 * it serves a `subscribe` or `items` frame: the query guard's deep filters, a chat rule) becomes an
 * error frame with no uid. Directus serves a frame within the socket's 'parsed-message' listener and
 * what it awaits: that listener is wrapped to run in a context naming the frame, and an error frame of
 * the frame's type this socket sends in that context without a uid is given it. What the socket is
 * sent in other contexts (events of other people's writes) is left as it is.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

type Listener = (this: unknown, message: unknown) => unknown;

export interface UidNamingSocket {
  listeners(event: 'parsed-message'): Listener[];
  off(event: 'parsed-message', listener: Listener): unknown;
  on(event: 'parsed-message', listener: Listener): unknown;
  send(data: string): void;
}

/** The frame being served, and on which socket. */
interface Serving { socket: UidNamingSocket; type: string; uid: string }

const serving = new AsyncLocalStorage<Serving>();

/** A frame's uid as Directus echoes it (text), or undefined. */
function uidOf(frame: unknown): string | undefined {
  const uid = frame !== null && typeof frame === 'object' ? (frame as { uid?: unknown }).uid : undefined;
  return typeof uid === 'string' || typeof uid === 'number' ? String(uid) : undefined;
}

/**
 * An error frame answering a frame of `type` given that frame's uid, unless it names one already; any other
 * data as it was. Directus gives a refusal its frame's type, or `server` when a filter of the frame refused it.
 */
export function namingUid(data: string, type: string, uid: string): string {
  if (!data.includes('"error"')) return data;
  let frame: unknown;
  try {
    frame = JSON.parse(data);
  } catch {
    return data;
  }
  if (frame === null || typeof frame !== 'object' || Array.isArray(frame)) return data;
  const { status, type: answered, error } = frame as { status?: unknown; type?: unknown; error?: { code?: unknown } };
  if (status !== 'error' || 'uid' in frame || (answered !== type && answered !== 'server')) return data;
  // The token's expiry answers no frame: its timer, set while a sign-in frame was served, keeps that frame's context.
  if (error?.code === 'TOKEN_EXPIRED') return data;
  return JSON.stringify({ ...frame, uid });
}

export function nameRefusals(socket: UidNamingSocket): void {
  for (const listener of socket.listeners('parsed-message')) {
    socket.off('parsed-message', listener);
    socket.on('parsed-message', function named(this: unknown, message: unknown) {
      const uid = uidOf(message);
      const type = (message as { type?: unknown } | null)?.type;
      return uid === undefined || typeof type !== 'string' ? listener.call(this, message) : serving.run({ socket, type, uid }, () => listener.call(this, message));
    });
  }
  const send = socket.send;
  socket.send = function sendNamed(this: unknown, data: string, ...rest: unknown[]) {
    const served = serving.getStore();
    const named = served?.socket === socket && typeof data === 'string' ? namingUid(data, served.type, served.uid) : data;
    return (send as (...args: unknown[]) => void).call(this, named, ...rest);
  };
}

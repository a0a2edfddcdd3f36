/**
 * The page's one signed-in websocket, shared by every feature that listens as the person (the chat,
 * watched marks, a room of watching together): opened when the first listener comes, closed when the
 * last one goes or the person signs out. Every listener hears every frame and is told each time the
 * socket opens, to subscribe or join there. The SDK reconnects on its own; once its retries are
 * spent the socket is tried again every few seconds while anyone listens, when the tab comes back and
 * when the network returns. A renewed session (a refresh, or a payment's new role) signs the open
 * socket in again at once: the backend ends the old token, and the socket would go on as its role.
 */
import { atom } from 'nanostores';
import type { LiveSocket } from './live-socket.ts';
import { connectionAfter, type Connection } from './kept-connection.ts';
import { createSignedInSocket } from './signed-in-socket.ts';
import { $session } from '../../features/account/session.ts';

export type KeptSocketStatus = 'closed' | 'connecting' | 'open';

export const $keptSocket = atom<KeptSocketStatus>('closed');

export type { Connection };

/** What screens tell the person of the socket (a room's alert, the chat's notice); see kept-connection.ts. */
export const $keptConnection = atom<Connection>('connecting');
$keptSocket.listen((status) => $keptConnection.set(connectionAfter($keptConnection.get(), status)));

/** A frame the socket heard, as Directus's JSON: each listener reads what it knows of it. */
export type SocketFrame = Record<string, unknown>;

export interface SocketListener {
  /** The socket is open and signed in: subscribe or join here. `again`: this listener heard it open before. */
  opened(again: boolean): void;
  heard(frame: SocketFrame): void;
}

/** While the socket is away with listeners waiting, a new attempt this often. */
const RETRY_MS = 5_000;

let socket: LiveSocket | null = null;
/** The current connection attempt, settled either way: closed while the SDK awaits its sign-in, its own promise would fail unhandled. */
let attempt: Promise<void> = Promise.resolve();
/** The token the socket last signed in with. */
let signedInWith: string | null = null;
/** Each listener, and whether it has heard the socket open. */
const listeners = new Map<SocketListener, { heardOpen: boolean }>();
let retry: ReturnType<typeof setInterval> | undefined;

function tellOpened(listener: SocketListener): void {
  const seen = listeners.get(listener);
  if (!seen) return;
  const again = seen.heardOpen;
  seen.heardOpen = true;
  listener.opened(again);
}

function followSession(s: LiveSocket): void {
  const token = $session.get()?.access_token;
  if (!token || token === signedInWith) return;
  signedInWith = token;
  s.sendMessage({ type: 'auth', access_token: token });
}

function make(): LiveSocket {
  const s = createSignedInSocket((token) => { signedInWith = token; });
  const current = () => socket === s;
  // 'open' fires once the handshake's sign-in succeeded (with a token that may have been renewed since).
  s.onWebSocket('open', () => {
    if (!current()) return;
    $keptSocket.set('open');
    followSession(s);
    for (const listener of [...listeners.keys()]) tellOpened(listener);
  });
  s.onWebSocket('close', () => { if (current()) $keptSocket.set('closed'); });
  s.onWebSocket('error', () => { if (current()) $keptSocket.set('closed'); });
  s.onWebSocket('message', (frame: SocketFrame) => {
    if (current()) for (const listener of [...listeners.keys()]) listener.heard(frame);
  });
  return s;
}

/** Connects when someone listens and the person is signed in; each retry calls it again. */
function connectKeptSocket(): void {
  if (!listeners.size || !$session.get() || $keptSocket.get() !== 'closed') return;
  const s = (socket ??= make());
  $keptSocket.set('connecting');
  attempt = s.connect().then(() => undefined, (err: unknown) => {
    console.warn('live socket:', err);
    if (socket !== s) return;
    // The SDK keeps an attempt that timed out as "connecting" for good: the next try starts a new client.
    s.disconnect();
    socket = null;
    $keptSocket.set('closed');
  });
}

function disconnect(): void {
  const s = socket;
  socket = null;
  signedInWith = null;
  $keptSocket.set('closed');
  if (s) void attempt.then(() => s.disconnect());
}

const retryNow = connectKeptSocket;
const retryWhenVisible = () => { if (document.visibilityState === 'visible') connectKeptSocket(); };

/** Starts listening (the socket opens if it is not); the answer stops it. */
export function listenOnKeptSocket(listener: SocketListener): () => void {
  listeners.set(listener, { heardOpen: false });
  if ($keptSocket.get() === 'open') tellOpened(listener);
  else connectKeptSocket();
  if (!retry) {
    retry = setInterval(retryNow, RETRY_MS);
    window.addEventListener('online', retryNow);
    document.addEventListener('visibilitychange', retryWhenVisible);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size) return;
    clearInterval(retry);
    retry = undefined;
    window.removeEventListener('online', retryNow);
    document.removeEventListener('visibilitychange', retryWhenVisible);
    disconnect();
  };
}

/** Sends a frame; false when the socket is not open to send it on. */
export function sendOnKeptSocket(frame: SocketFrame): boolean {
  if (!socket || $keptSocket.get() !== 'open') return false;
  socket.sendMessage(frame);
  return true;
}

$session.listen((session) => {
  if (!socket) return;
  if (!session) disconnect();
  else if ($keptSocket.get() === 'open') followSession(socket);
});

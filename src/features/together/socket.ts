/**
 * The room's live connection: one signed-in websocket a page (createSignedInSocket), which sends
 * the room's commands as `{ type: 'together', room, ...command }` and hears its events. The SDK
 * reconnects on its own; when its retries are spent the socket is tried again every few seconds,
 * when the tab comes back and when the network returns. Each time it opens the store is told, and
 * joins the room's news again (after an absence, it reads what it missed first).
 */
import { atom } from 'nanostores';
import type { RoomCommand, RoomEvent } from '../../../shared/together.ts';
import type { LiveSocket } from '../../lib/directus/live-socket.ts';
import { createSignedInSocket } from '../../lib/directus/signed-in-socket.ts';
import { $session } from '../account/session.ts';

export type Connection = 'connecting' | 'open' | 'lost';

export const $connection = atom<Connection>('connecting');

/** While the socket is away, a new attempt this often. */
const RETRY_MS = 5_000;

interface Frame { type?: string; room?: string | { code?: unknown }; event?: string }

/**
 * The room a frame is about: its `room`, except in a 'room' event, where the event's own `room` (the
 * RoomView) takes the frame's key, and the view's code says it.
 */
const roomOfFrame = (frame: Frame): unknown => (typeof frame.room === 'object' && frame.room !== null ? frame.room.code : frame.room);

interface Handlers {
  /** The socket opened (`again`: it had been open before). */
  opened: (again: boolean) => void;
  event: (event: RoomEvent) => void;
}

let socket: LiveSocket | null = null;
let attempt: Promise<void> = Promise.resolve();
let room: string | null = null;
let handlers: Handlers | null = null;
let wasOpen = false;
let retry: ReturnType<typeof setInterval> | undefined;
let signedInWith: string | null = null;

function followSession(s: LiveSocket): void {
  const token = $session.get()?.access_token;
  if (!token || token === signedInWith) return;
  signedInWith = token;
  s.sendMessage({ type: 'auth', access_token: token });
}

function make(): LiveSocket {
  const s = createSignedInSocket((token) => { signedInWith = token; });
  const current = () => socket === s;
  s.onWebSocket('open', () => {
    if (!current()) return;
    $connection.set('open');
    followSession(s);
    const again = wasOpen;
    wasOpen = true;
    handlers?.opened(again);
  });
  s.onWebSocket('close', () => { if (current() && room) $connection.set('lost'); });
  s.onWebSocket('error', () => { if (current() && room) $connection.set('lost'); });
  s.onWebSocket('message', (frame: Frame) => {
    if (!current() || frame.type !== 'together' || roomOfFrame(frame) !== room || typeof frame.event !== 'string') return;
    handlers?.event(frame as unknown as RoomEvent);
  });
  return s;
}

function connect(): void {
  if (!room || !$session.get()) return;
  const status = $connection.get();
  if (status === 'open' || (status === 'connecting' && socket)) return;
  const s = (socket ??= make());
  $connection.set('connecting');
  attempt = s.connect().then(() => undefined, (err: unknown) => {
    console.warn('together socket:', err);
    if (socket !== s) return;
    // An attempt that timed out stays "connecting" in the SDK for good: the next try makes a new client.
    s.disconnect();
    socket = null;
    $connection.set('lost');
  });
}

const retryNow = () => { if ($connection.get() === 'lost') connect(); };

/** Follows one room on this page. */
export function openRoomSocket(code: string, h: Handlers): void {
  room = code;
  handlers = h;
  connect();
  retry ??= setInterval(retryNow, RETRY_MS);
  window.addEventListener('online', retryNow);
  document.addEventListener('visibilitychange', retryNow);
}

/** Sends a command of the room; false when there is no connection to send it on. */
export function sendRoomCommand(command: RoomCommand): boolean {
  if (!socket || !room || $connection.get() !== 'open') return false;
  socket.sendMessage({ type: 'together', room, ...command });
  return true;
}

/** Stops following the room (removed, or the page is done with it). */
export function closeRoomSocket(): void {
  room = null;
  handlers = null;
  clearInterval(retry);
  retry = undefined;
  window.removeEventListener('online', retryNow);
  document.removeEventListener('visibilitychange', retryNow);
  const s = socket;
  socket = null;
  $connection.set('lost');
  if (s) void attempt.then(() => s.disconnect());
}

$session.listen((session) => {
  if (!socket) return;
  if (session) {
    if ($connection.get() === 'open') followSession(socket);
    return;
  }
  closeRoomSocket();
});

/**
 * A signed-in person's watched marks as their other tabs and devices change them, within a moment:
 * one socket a page, subscribed to the news of the person's own marks, which the backend tells them
 * alone (site-rules, watched-live.ts); news of the open title reads its marks again. Each time the
 * subscription is in place (at first, and after the socket was away) they are read again too, so
 * nothing changed meanwhile is missed. A socket that gave up is tried again when the tab comes back
 * or the network returns; signing out closes it.
 */
import type { LiveSocket } from '../../lib/directus/live-socket.ts';
import { createSignedInSocket } from '../../lib/directus/signed-in-socket.ts';
import { $session } from '../account/session.ts';
import { watchedChangedElsewhere } from './watched-store.ts';

const UID = 'watched';

interface Frame { type?: string; event?: string; uid?: string; data?: unknown; error?: { message?: string } }

function receive(frame: Frame): void {
  if (frame.uid !== UID) return;
  if (frame.error) console.warn('watched subscription:', frame.error.message);
  if (frame.type !== 'subscription') return;
  if (frame.event === 'init') watchedChangedElsewhere();
  else if (Array.isArray(frame.data)) {
    for (const row of frame.data as unknown[]) {
      const title = (row as { title?: unknown } | null)?.title;
      if (typeof title === 'number') watchedChangedElsewhere(title);
    }
  }
}

let socket: LiveSocket | null = null;
let status: 'closed' | 'connecting' | 'open' = 'closed';
/** The current connection attempt, settled either way: closed while the SDK awaits its sign-in, its own promise would fail unhandled. */
let attempt: Promise<void> = Promise.resolve();

function make(): LiveSocket {
  const s = createSignedInSocket(() => undefined);
  const current = () => socket === s;
  s.onWebSocket('open', () => {
    if (!current()) return;
    status = 'open';
    s.sendMessage({ type: 'subscribe', collection: 'watchedEpisodes', uid: UID });
  });
  s.onWebSocket('close', () => { if (current()) status = 'closed'; });
  s.onWebSocket('message', (frame: Frame) => current() && receive(frame));
  return s;
}

/** Connects, once a page, for a signed-in person; calling it again retries a socket that gave up. */
function connect(): void {
  if (!$session.get() || status !== 'closed') return;
  const s = (socket ??= make());
  status = 'connecting';
  attempt = s.connect().then(() => undefined, (err: unknown) => {
    console.warn('watched socket:', err);
    if (socket !== s) return;
    // An attempt that timed out stays "connecting" in the SDK for good: the next try makes a new client.
    s.disconnect();
    socket = null;
    status = 'closed';
  });
}

let following = false;

/** Follows the person's marks made elsewhere, from now on (once a page). */
export function followWatchedLive(): void {
  if (following) return;
  following = true;
  connect();
  window.addEventListener('online', connect);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && connect());
  $session.listen((session) => {
    if (session || !socket) return;
    const s = socket;
    socket = null;
    status = 'closed';
    void attempt.then(() => s.disconnect());
  });
}

/**
 * A signed-in person's watched marks as their other tabs and devices change them, within a moment:
 * on the page's kept socket, subscribed to the news of the person's own marks, which the backend
 * tells them alone (site-rules, watched-live.ts); news of the open title reads its marks again. Each
 * time the subscription is in place (at first, and after the socket was away) they are read again
 * too, so nothing changed meanwhile is missed.
 */
import { listenOnKeptSocket, sendOnKeptSocket, type SocketFrame } from '../../lib/directus/kept-socket.ts';
import { watchedChangedElsewhere } from './watched-store.ts';

const UID = 'watched';

function heard(frame: SocketFrame): void {
  if (frame.uid !== UID) return;
  const error = frame.error as { message?: string } | undefined;
  if (error) console.warn('watched subscription:', error.message);
  if (frame.type !== 'subscription') return;
  if (frame.event === 'init') watchedChangedElsewhere();
  else if (Array.isArray(frame.data)) {
    for (const row of frame.data as unknown[]) {
      const title = (row as { title?: unknown } | null)?.title;
      if (typeof title === 'number') watchedChangedElsewhere(title);
    }
  }
}

let following = false;

/** Follows the person's marks made elsewhere, from now on (once a page). */
export function followWatchedLive(): void {
  if (following) return;
  following = true;
  listenOnKeptSocket({
    opened: () => void sendOnKeptSocket({ type: 'subscribe', collection: 'watchedEpisodes', uid: UID }),
    heard,
  });
}

/**
 * The open title's reviews as others write them, without a reload: a socket that reads as a
 * visitor (reviews are public, so nobody signs in on it) subscribed to reviews and to likes and
 * dislikes, created and changed, and to reviews deleted outright (by an editor: the backend names
 * only those a visitor could read), site-wide with one query, so the backend reads each event once
 * for all its listeners. It tells its listener when every subscription is in place (at first, and after
 * the socket was away) and when it went away, and passes on each change; what is done with them is
 * reading.ts's. Loaded with the first page of reviews.
 */
import { queryToParams } from '@directus/sdk';
import { COMMENT_FIELDS } from '../../lib/directus/fields.ts';
import { createPublicSocket, type LiveSocket } from '../../lib/directus/live-socket.ts';
import type { DeletedRow } from '../../../shared/deleted-rows.ts';
import type { LiveChange, LiveReview, ReactionSource } from './reviews-live.ts';

interface Frame { type?: string; event?: string; uid?: string; data?: unknown; error?: { message?: string } }

export interface ReviewListener {
  /** Every subscription is in place: changes from now on come here. */
  subscribed(): void;
  /** The socket closed or could not open: changes may go unheard until `subscribed` again. */
  away(): void;
  change(change: LiveChange): void;
}

const FEEDS = [
  // Every reaction of a review: one taken back comes in as its review, read again whole (site-rules, reaction-removals.ts).
  { uid: 'reviews', collection: 'comments', query: queryToParams({ fields: [...COMMENT_FIELDS], filter: { title: { _nnull: true } }, deep: { reactions: { _limit: -1 } } }), events: ['create', 'update', 'delete'] },
  // No deletions: a like taken back comes as its review (above), and one on a review deleted outright goes with it.
  { uid: 'review-reactions', collection: 'reactions', query: queryToParams({ fields: ['id', 'type', 'comment'], filter: { comment: { _nnull: true } } }), events: ['create', 'update'] },
] as const;
const SUBSCRIPTIONS = FEEDS.reduce((n, feed) => n + feed.events.length, 0);

let socket: LiveSocket | null = null;

function subscribe(s: LiveSocket): void {
  for (const feed of FEEDS) {
    for (const event of feed.events) {
      s.sendMessage({ type: 'subscribe', collection: feed.collection, event, query: feed.query, uid: `${feed.uid}-${event}` });
    }
  }
}

/** Listens for reviews, once a page; a socket that gave up is tried again when the tab comes back. */
export function watchReviews(listener: ReviewListener): void {
  if (socket) return;
  const s = (socket = createPublicSocket());
  /** The subscriptions the backend confirmed on this connection. */
  let confirmed = new Set<string>();

  function receive(frame: Frame): void {
    if (frame.type === 'subscribe' && frame.error) {
      // A refused subscription would leave the first page waiting for nothing.
      console.warn('reviews subscription:', frame.error.message);
      listener.away();
    }
    if (frame.type !== 'subscription' || typeof frame.uid !== 'string') return;
    if (frame.event === 'init') {
      confirmed.add(frame.uid);
      if (confirmed.size === SUBSCRIPTIONS) listener.subscribed();
      return;
    }
    if (!Array.isArray(frame.data)) return;
    listener.change(frame.uid.startsWith(`${FEEDS[1].uid}-`)
      ? { kind: 'reactions', data: frame.data as ReactionSource[] }
      : frame.event === 'delete' ? { kind: 'deleted', data: frame.data as DeletedRow[] }
        : { kind: 'reviews', event: frame.event === 'create' ? 'create' : 'update', data: frame.data as LiveReview[] });
  }

  const connect = () => s.connect().catch((err: unknown) => {
    console.warn('reviews socket:', err);
    listener.away();
  });
  s.onWebSocket('open', () => {
    confirmed = new Set();
    subscribe(s);
  });
  s.onWebSocket('close', () => listener.away());
  s.onWebSocket('message', receive);
  void connect();
  const retry = () => void s.isConnected().then((open) => {
    if (!open) void connect();
  });
  window.addEventListener('online', retry);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && retry());
}

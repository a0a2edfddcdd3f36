/**
 * The open title's reviews as others write them, without a reload: a socket that reads as a
 * visitor (reviews are public, so nobody signs in on it) subscribed to reviews and to likes and
 * dislikes, created and changed, site-wide with one query, so the backend reads each event once for
 * all its listeners; the ones of this title are merged into `$reviewRows` by id, and the counts
 * follow. Each time the subscriptions are in place (at first, and after the socket was away) the
 * reviews are read afresh, so nothing said meanwhile is missed. Loaded only when the reviews come
 * into view.
 */
import { queryToParams } from '@directus/sdk';
import { COMMENT_FIELDS } from '../../lib/directus/fields.ts';
import { createPublicSocket, type LiveSocket } from '../../lib/directus/live-socket.ts';
import type { CommentSource } from './reviews.ts';
import { afterRead, mergeReactions, mergeReviews, reviewsOf, type ReactionSource } from './reviews-live.ts';
import { runtime } from '../../lib/directus/runtime.ts';
import { $reviewRows } from './store.ts';

interface Frame { type?: string; event?: string; uid?: string; data?: unknown; error?: { message?: string } }

const FEEDS = [
  // Every reaction of a review: one taken back comes in as its review, read again whole (site-rules, reaction-removals.ts).
  { uid: 'reviews', collection: 'comments', query: queryToParams({ fields: [...COMMENT_FIELDS], filter: { title: { _nnull: true } }, deep: { reactions: { _limit: -1 } } }) },
  { uid: 'review-reactions', collection: 'reactions', query: queryToParams({ fields: ['id', 'type', 'comment'], filter: { comment: { _nnull: true } } }) },
] as const;
const EVENTS = ['create', 'update'] as const;

let socket: LiveSocket | null = null;

function subscribe(s: LiveSocket): void {
  for (const feed of FEEDS) {
    for (const event of EVENTS) {
      s.sendMessage({ type: 'subscribe', collection: feed.collection, event, query: feed.query, uid: `${feed.uid}-${event}` });
    }
  }
}

/** Reviews changed live while the reviews are being read again (see `afterRead`); null when no read is on its way. */
let changedDuringRead: Set<number> | null = null;

/**
 * The reviews read again behind the ones shown, which stay while it reads and when it fails. A
 * visitor's read may be seconds old (the site server shares them), and it may have left before a
 * change that came in live meanwhile: those reviews, and what the read does not have yet, stay as
 * they came.
 */
function readAfresh(titleId: number): void {
  const changed = (changedDuringRead = new Set());
  runtime().getComments(titleId).then((read) => {
    $reviewRows.set({ status: 'ready', rows: afterRead($reviewRows.get().rows, read, changed) });
  }, (err: unknown) => console.error(err)).finally(() => {
    if (changedDuringRead === changed) changedDuringRead = null;
  });
}

function receive(titleId: number, frame: Frame): void {
  if (frame.type === 'subscribe' && frame.error) console.warn('reviews subscription:', frame.error.message);
  if (frame.type !== 'subscription' || typeof frame.uid !== 'string') return;
  if (frame.event === 'init' && frame.uid === `${FEEDS[0].uid}-create`) readAfresh(titleId);
  if (frame.event === 'init' || !Array.isArray(frame.data)) return;
  const reactions = frame.uid.startsWith(`${FEEDS[1].uid}-`);
  for (const id of reviewsOf({ reactions, data: frame.data })) changedDuringRead?.add(id);
  const state = $reviewRows.get();
  if (state.status !== 'ready') return;
  const rows = reactions
    ? mergeReactions(state.rows, frame.data as ReactionSource[])
    : mergeReviews(state.rows, frame.data as CommentSource[], titleId);
  if (rows !== state.rows) $reviewRows.set({ ...state, rows });
}

function connect(s: LiveSocket): void {
  s.connect().catch((err: unknown) => console.warn('reviews socket:', err));
}

/** Listens for the title's reviews, once a page; a socket that gave up is tried again when the tab comes back. */
export function watchReviews(titleId: number): void {
  if (socket) return;
  const s = (socket = createPublicSocket());
  s.onWebSocket('open', () => subscribe(s));
  s.onWebSocket('message', (frame: Frame) => receive(titleId, frame));
  connect(s);
  const retry = () => void s.isConnected().then((open) => open || connect(s));
  window.addEventListener('online', retry);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && retry());
}

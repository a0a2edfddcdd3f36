/**
 * The open title's reviews as the page reads them, a page at a time, and keeps them live (loaded with
 * the first page, once the reviews come into view).
 *
 * One read a view, and nothing missed: the live feed subscribes first, and the first page is read
 * only once every subscription is in place, so a change the read does not hold is one the feed
 * brings. Changes heard while a read is on its way, and in the few seconds before it was sent (a
 * visitor's read may be answered from the site server's shared copy that old), are replayed over its
 * answer (change-log.ts). Only when a read went out with no subscription in place (the feed was away,
 * or slower than SUBSCRIBE_WAIT_MS) are the reviews shown read again once it is back.
 */
import { pageClient } from '../../lib/directus/client.ts';
import { readReplies, readReviewCount, readReviewPage, type ReviewKey, type ReviewPageItem, type ReviewRange } from '../../lib/directus/review-reads.ts';
import { MAX_READ_ROWS } from '../../../shared/rules.ts';
import { SHARED_READ_MAX_AGE_MS } from '../../../shared/shared-read-age.ts';
import { REPLIES_FOLDED_AFTER, REVIEWS_PAGE_SIZE } from '../../lib/constants.ts';
import type { PageAnswer } from '../../ui/remote-list.ts';
import { changeLog } from './change-log.ts';
import { watchReviews } from './live.ts';
import type { CommentSource } from './reviews.ts';
import {
  applyLive, compareKeys, deletedBy, keyOf, mergeReviews, missingReplies, pageRows, withRead, type LiveChange,
} from './reviews-live.ts';
import { $openThreads, $reviewRows, $reviewTally, noteGone } from './store.ts';

/** How long the first page waits for the live feed's subscriptions before it is read without them. */
const SUBSCRIBE_WAIT_MS = 3_000;

const log = changeLog<LiveChange>(SHARED_READ_MAX_AGE_MS);
/** The page's title; its reviews are watched from the first read on. */
export let titleId: number | null = null;
/** The subscriptions are in place (the first page waits for this, or for the wait to run out). */
let listening: Promise<void> = Promise.resolve();
let subscribed = false;
/** Some read went out: a subscription made after it reads again what is shown. */
let readSent = false;
/** Reads on their way: a read again waits for them, so an older answer never lands over a newer one. */
const underWay = new Set<Promise<unknown>>();
/** The oldest review a page brought: the next page starts after it. */
let oldest: ReviewKey | null = null;
/** For a thread not read whole, the last of its replies read: the rest start after it. */
const repliesReadTo = new Map<number, ReviewKey>();

function listen(id: number): void {
  if (titleId !== null) return;
  titleId = id;
  let ready = () => {};
  listening = new Promise((resolve) => { ready = resolve; });
  setTimeout(ready, SUBSCRIBE_WAIT_MS);
  watchReviews({
    subscribed() {
      subscribed = true;
      ready();
      if (readSent) void readShownAgain(id);
    },
    away() {
      subscribed = false;
      ready();
    },
    change: take,
  });
}

/**
 * A change the live feed told, or one a refusal revealed (signed-in-store.ts): kept for the reads on
 * their way, counted, and laid over the rows.
 */
export function take(change: LiveChange): void {
  log.note(change);
  for (const gone of deletedBy(change, $reviewRows.get(), titleId!)) noteGone(gone);
  $reviewRows.set(applyLive($reviewRows.get(), change, titleId!));
}

/** Sends a read; once it is over, its answer laid over the rows with the changes to replay. */
async function read<T>(send: () => Promise<T>, lay: (answer: T, rows: CommentSource[]) => CommentSource[]): Promise<T> {
  readSent = true;
  const replay = log.reading();
  let changes: LiveChange[] = [];
  const reading = send().finally(() => {
    underWay.delete(reading);
    changes = replay();
  });
  underWay.add(reading);
  const answer = await reading;
  let rows = lay(answer, $reviewRows.get());
  for (const change of changes) rows = applyLive(rows, change, titleId!);
  $reviewRows.set(rows);
  return answer;
}

/** The count, with when it was asked (deletions heard after it are taken off). */
async function tally(id: number) {
  const askedAt = Date.now();
  return { ...(await readReviewCount(pageClient(), id)), askedAt };
}

/** Notes where each review's replies were read to: past its first few, the rest are read on demand. */
function noteReplies(rows: CommentSource[]): void {
  const last = new Map<number, CommentSource>();
  for (const r of rows) if (typeof r.comment === 'number') last.set(r.comment, r);
  for (const review of rows) {
    if (review.comment !== null || !review.replyIds || review.replyIds.length <= REPLIES_FOLDED_AFTER) continue;
    const reply = last.get(review.id);
    const before = repliesReadTo.get(review.id);
    if (reply && (!before || compareKeys(before, keyOf(reply)) < 0)) repliesReadTo.set(review.id, keyOf(reply));
  }
}

/**
 * Reads up to `limit` reviews in `range` (the count too when `counted`) and takes the first `shows`
 * of them: the rows within the range they cover are the read's from then on.
 */
async function readReviews(id: number, range: ReviewRange, o: { limit: number; shows: number; counted: boolean }): Promise<{ shown: ReviewPageItem[]; more: boolean }> {
  const [answer, count] = await read(
    () => Promise.all([readReviewPage(pageClient(), id, range, o.limit), o.counted ? tally(id) : null]),
    ([answer], rows) => {
      const taken = answer.slice(0, o.shows);
      const last = taken[taken.length - 1];
      // Cut short (more came than it shows, or as many as asked): it covers down to its last; else to where it was asked to.
      const downTo = last && (answer.length > taken.length || answer.length === o.limit) ? keyOf(last) : range.notOlderThan ?? null;
      const read = pageRows(taken);
      noteReplies(read);
      return withRead(rows, read, { olderThan: range.olderThan ?? null, downTo });
    },
  );
  if (count) $reviewTally.set(count);
  return { shown: answer.slice(0, o.shows), more: answer.length > o.shows };
}

/** Page `page` of the title's reviews (the first once the live feed listens), for the shared list loader. */
export async function readPage(id: number, page: number): Promise<PageAnswer<ReviewPageItem>> {
  listen(id);
  if (page === 1) {
    await listening;
    oldest = null;
  }
  // One more than a page is asked for: when it comes, there is a next page.
  const limit = REVIEWS_PAGE_SIZE + 1;
  const { shown, more } = await readReviews(id, oldest ? { olderThan: oldest } : {}, { limit, shows: REVIEWS_PAGE_SIZE, counted: page === 1 });
  if (shown.length) oldest = keyOf(shown[shown.length - 1]!);
  return { items: shown, total: (page - 1) * REVIEWS_PAGE_SIZE + shown.length + (more ? 1 : 0) };
}

/** The reviews shown, and the count, read again once the live feed listens after a read went out without it. */
async function readShownAgain(id: number): Promise<void> {
  await Promise.allSettled([...underWay]);
  if (!subscribed) return;
  const range = oldest ? { notOlderThan: oldest } : {};
  const limit = oldest ? MAX_READ_ROWS : REVIEWS_PAGE_SIZE + 1;
  try {
    await readReviews(id, range, { limit, shows: oldest ? limit : REVIEWS_PAGE_SIZE, counted: true });
  } catch (err) {
    console.error(err);
  }
}

/** A thread shown whole: the replies not at hand read first (those after the last read, oldest first). */
export async function showReplies(threadId: number): Promise<void> {
  if (missingReplies($reviewRows.get(), threadId) > 0) {
    await read(() => readReplies(pageClient(), threadId, repliesReadTo.get(threadId) ?? null), (replies, rows) => {
      const merged = mergeReviews(rows, replies.map((r) => ({ ...r, comment: threadId })), titleId!);
      if (replies.length < MAX_READ_ROWS) {
        // Read to the end: the replies at hand are all of them.
        repliesReadTo.delete(threadId);
        return merged.map((r) => (r.id === threadId ? { ...r, replyIds: null } : r));
      }
      repliesReadTo.set(threadId, keyOf(replies[replies.length - 1]!));
      return merged;
    });
  }
  $openThreads.set(new Set($openThreads.get()).add(threadId));
}

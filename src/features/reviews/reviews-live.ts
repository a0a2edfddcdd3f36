/**
 * The rows the title page holds (store.ts), as reads and the live feed change them: a page read
 * laid over them, a live change merged in, and what a thread still lacks. Apart from reviews.ts, so
 * a visitor's page carries it only once the reviews are read.
 */
import type { DeletedRow } from '../../../shared/deleted-rows.ts';
import { changeReactions } from '../../lib/reaction-list.ts';
import type { ReviewKey, ReviewPageItem } from '../../lib/directus/review-reads.ts';
import { parentId, type CommentSource } from './reviews.ts';

/** A like or dislike as the live feed brings it: the review it is on, by id or as a row. */
export interface ReactionSource { id: number; type: string; comment?: { id: number } | number | null }

/** A review as the live feed brings it, with the title it is under. */
export type LiveReview = CommentSource & { title?: { id: number } | number | null };

/** What one frame of the live feed says. */
export type LiveChange =
  | { kind: 'reviews'; event: 'create' | 'update'; data: LiveReview[] }
  | { kind: 'reactions'; data: ReactionSource[] }
  | { kind: 'deleted'; data: DeletedRow[] };

const keyOfRef = (ref: { id: number } | number | null | undefined) => (typeof ref === 'object' && ref ? ref.id : ref ?? null);

/** Where a row stands in the order reviews are shown. */
export const keyOf = (c: Pick<CommentSource, 'id' | 'date_created'>): ReviewKey => ({ date: c.date_created ?? '', id: c.id });

/** Negative when `a` comes before `b` in time (by date, then id). */
export function compareKeys(a: ReviewKey, b: ReviewKey): number {
  return (Date.parse(a.date) || 0) - (Date.parse(b.date) || 0) || a.id - b.id;
}

/**
 * The title's rows with reviews that came in: new ones added, changed ones (an edit, a deletion)
 * replacing their old copy; another title's, or a post's, left out.
 */
export function mergeReviews(rows: CommentSource[], incoming: LiveReview[], titleId: number): CommentSource[] {
  const mine = incoming.filter((c) => keyOfRef(c.title) === titleId);
  if (mine.length === 0) return rows;
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const c of mine) byId.set(c.id, { ...byId.get(c.id), ...c });
  return [...byId.values()];
}

/**
 * The rows with likes and dislikes that came in live, each counted once however it arrived: a new
 * one added, a known one (a like turned dislike) taking its new type.
 */
export function mergeReactions(rows: CommentSource[], incoming: ReactionSource[]): CommentSource[] {
  const byReview = new Map<number, ReactionSource[]>();
  for (const r of incoming) {
    const review = keyOfRef(r.comment);
    if (review !== null) (byReview.get(review) ?? byReview.set(review, []).get(review)!).push(r);
  }
  let changed = false;
  const next = rows.map((row) => {
    const known = (r: ReactionSource) => (row.reactions ?? []).some((have) => typeof have === 'object' && have.id === r.id && have.type === r.type);
    const mine = (byReview.get(row.id) ?? []).filter((r) => !known(r));
    if (mine.length === 0) return row;
    changed = true;
    return { ...row, reactions: mine.reduce((list, { id, type }) => changeReactions(list, null, { id, type }), row.reactions ?? []) };
  });
  return changed ? next : rows;
}

/**
 * The rows with a live change: a new review or reply added (a reply to a review no page brought yet
 * waits unseen for it), a change to a row at hand or to a reply of a review at hand (a folded one,
 * edited or deleted, so the thread counts right) taken; a change to anything else is left to the read
 * that brings it, over which it is replayed (reading.ts).
 */
export function applyLive(rows: CommentSource[], change: LiveChange, titleId: number): CommentSource[] {
  if (change.kind === 'reactions') return mergeReactions(rows, change.data);
  if (change.kind === 'deleted') return withoutRows(rows, new Set(change.data.map((c) => c.id)));
  if (change.event === 'create') return mergeReviews(rows, change.data, titleId);
  const known = new Set(rows.map((r) => r.id));
  return mergeReviews(rows, change.data.filter((c) => known.has(c.id) || known.has(parentId(c) ?? NaN)), titleId);
}

/**
 * The rows without those deleted outright and the replies under them (the database takes them too),
 * and without their ids in a review's count of replies; the same rows when none was there.
 */
export function withoutRows(rows: CommentSource[], ids: ReadonlySet<number>): CommentSource[] {
  let changed = false;
  const next = rows.flatMap((r) => {
    if (ids.has(r.id) || ids.has(parentId(r) ?? NaN)) return (changed = true, []);
    if (!r.replyIds?.some((id) => ids.has(id))) return [r];
    changed = true;
    return [{ ...r, replyIds: r.replyIds.filter((id) => !ids.has(id)) }];
  });
  return changed ? next : rows;
}

/**
 * The title's reviews and replies a change deletes: marked deleted (those at hand already deleted are
 * not news), or deleted outright while still shown (the feed names all of them, those not at hand too).
 */
export function deletedBy(change: LiveChange, rows: CommentSource[], titleId: number): number[] {
  if (change.kind === 'deleted') return change.data.filter((c) => c.title === titleId && !c.deleted).map((c) => c.id);
  if (change.kind !== 'reviews' || change.event !== 'update') return [];
  const gone = new Set(rows.filter((r) => r.deleted).map((r) => r.id));
  return change.data.filter((c) => c.deleted && keyOfRef(c.title) === titleId && !gone.has(c.id)).map((c) => c.id);
}

/** A page's reviews as rows: each review, with the ids of its replies, and the replies it came with. */
export function pageRows(page: ReviewPageItem[]): CommentSource[] {
  return page.flatMap(({ replies, replyIds, ...review }) => [
    { ...review, comment: null, replyIds: replyIds.map((r) => r.id) },
    ...replies.map((reply) => ({ ...reply, comment: review.id })),
  ]);
}

/** The reviews a read covered: from the newest of all, or from just before `olderThan`, down to `downTo` (included), or to the oldest of all when null. */
export interface ReadScope { olderThan: ReviewKey | null; downTo: ReviewKey | null }

/**
 * The rows after a read: the read's rows in place of those at hand; within the range it covered, a
 * review it did not bring is gone (deleted meanwhile), and so is a reply of a review it brought that
 * is no longer among that review's replies.
 */
export function withRead(rows: CommentSource[], read: CommentSource[], scope: ReadScope): CommentSource[] {
  const readIds = new Set(read.map((r) => r.id));
  const threads = new Map(read.filter((r) => parentId(r) === null).map((r) => [r.id, new Set(r.replyIds ?? [])]));
  const covered = (c: CommentSource) => (scope.olderThan === null || compareKeys(keyOf(c), scope.olderThan) < 0)
    && (scope.downTo === null || compareKeys(keyOf(c), scope.downTo) >= 0);
  const kept = rows.filter((r) => {
    if (readIds.has(r.id)) return false;
    const parent = parentId(r);
    if (parent === null) return !covered(r);
    const replies = threads.get(parent);
    return !replies || replies.has(r.id);
  });
  return [...kept, ...read];
}

/** How many of a thread's replies are not at hand: read with it (`replyIds`) but not loaded yet. */
export function missingReplies(rows: CommentSource[], threadId: number): number {
  const review = rows.find((r) => r.id === threadId);
  if (!review?.replyIds) return 0;
  const held = new Set(rows.filter((r) => parentId(r) === threadId).map((r) => r.id));
  return review.replyIds.filter((id) => !held.has(id)).length;
}

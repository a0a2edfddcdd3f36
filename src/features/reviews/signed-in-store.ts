/**
 * What a signed-in person does to the open title's reviews (state in `store.ts`): a review
 * or reply written, their own edited or deleted, a like or dislike (pressed again, taken back),
 * and which ones they pressed. Each change shows once the backend accepted it (counters never
 * rise before); a refusal reaches the caller with the backend's reason.
 */
import { atom } from 'nanostores';
import { REVIEW_GONE } from '../../../shared/review-refusals.ts';
import * as calls from '../../lib/directus/reviews.ts';
import { DirectusRequestError } from '../../lib/directus/request-error.ts';
import { changeReactions, pressedReaction } from '../../lib/reaction-list.ts';
import { parentId as parentOf, type CommentSource } from './reviews.ts';
import { mergeReviews } from './reviews-live.ts';
import { $reviewRows, noteGone } from './store.ts';
import { taskPerKey } from '../../ui/task.ts';

const replaceRow = (id: number, change: (row: CommentSource) => CommentSource) =>
  $reviewRows.set($reviewRows.get().map((r) => (r.id === id ? change(r) : r)));

/** Whether a refusal says the review or reply it named is no longer there. */
const saysGone = (err: unknown, reason: string) => err instanceof DirectusRequestError && err.reason === reason;

/**
 * A review or reply the backend says is gone (deleted outright, or its title hidden) leaves the page
 * with its replies, and the count follows: as if the live feed had told it, which a page whose socket
 * was away may have missed.
 */
async function dropGone(id: number): Promise<void> {
  const live = await import('./reading.ts');
  const rows = $reviewRows.get();
  const gone = rows.filter((r) => r.id === id || parentOf(r) === id).map((r) => ({ id: r.id, deleted: !!r.deleted }));
  for (const reply of rows.find((r) => r.id === id)?.replyIds ?? []) gone.push({ id: reply, deleted: false });
  live.take({ kind: 'deleted', data: gone.map((r) => ({ ...r, title: live.titleId })) });
}

/** What each form sent last (by the review it answers; null for a new review): the page shows it where it landed. */
const sent = new Map<number | null, number>();
export const lastSent = (parentId: number | null): number | null => sent.get(parentId) ?? null;

/** Reviews a reply was refused to because they are gone: each leaves the page once its reply form closes. */
const goneWhileAnswered = new Set<number>();

/**
 * A new review (no parent) or a reply to a review; the text is sent trimmed, a blank one never. A
 * reply to a review that is gone is refused at its form, which keeps the text; the review leaves the
 * page when the form closes (`closeReply`).
 */
export async function writeReview(titleId: number, parentId: number | null, text: string): Promise<void> {
  const trimmed = text.trim();
  if (!trimmed) return;
  const created = await calls.writeReview(titleId, parentId, trimmed).catch((err: unknown) => {
    if (parentId !== null && saysGone(err, REVIEW_GONE.answered)) goneWhileAnswered.add(parentId);
    throw err;
  });
  sent.set(parentId, created.id);
  // The live feed may have brought it already: merged by id, it shows once.
  $reviewRows.set(mergeReviews($reviewRows.get(), [created], titleId));
}

/** A reply form on `threadId` closed: a review found gone while it was open leaves the page now. */
export async function closeReply(threadId: number): Promise<void> {
  if (goneWhileAnswered.delete(threadId)) await dropGone(threadId);
}

export async function editReview(id: number, text: string): Promise<void> {
  const trimmed = text.trim();
  if (!trimmed) return;
  const edited = await calls.editReview(id, trimmed);
  replaceRow(id, (row) => ({ ...row, text: edited.text }));
}

export async function deleteReview(id: number): Promise<void> {
  await calls.deleteReview(id);
  noteGone(id);
  replaceRow(id, (row) => ({ ...row, text: '', deleted: true }));
}

/** The person's own like or dislike of each review and reply of the open title, by its id. */
export const $myReactions = atom<ReadonlyMap<number, calls.ReactionType>>(new Map());

/** Reads which reviews the person liked or disliked; until then (or when it fails) none shows pressed. */
export async function loadMyReactions(titleId: number): Promise<void> {
  const mine = await calls.myReactions({ title: titleId });
  $myReactions.set(new Map(mine.flatMap((r) => (r.comment === null ? [] : [[r.comment, r.type] as const]))));
}

/**
 * A like or dislike pressed: the person's own pressed again is taken back, the other one replaces
 * it. The counts change once the backend took it, by the reaction it says went and came. One on a
 * review or reply that is gone takes it off the page instead.
 */
export async function reactToReview(id: number, type: calls.ReactionType): Promise<void> {
  const answer = await calls.setReaction({ comment: id }, pressedReaction($myReactions.get().get(id), type)).catch((err: unknown) => {
    if (saysGone(err, REVIEW_GONE.reacted)) return null;
    throw err;
  });
  // Gone: it leaves the page, and no alert is left beside it.
  if (!answer) return dropGone(id);
  const { before, after } = answer;
  replaceRow(id, (row) => ({ ...row, reactions: changeReactions(row.reactions, before?.id ?? null, after) }));
  const mine = new Map($myReactions.get());
  if (after) mine.set(id, after.type);
  else mine.delete(id);
  $myReactions.set(mine);
}

/** A like or dislike of a review, each review on its own. */
export const reviewReacting = taskPerKey(reactToReview, 'Не удалось поставить реакцию');

/** Sending a form: a review (key null) or a reply to a thread (its id), one at a time each. */
export const reviewWriting = taskPerKey((parentId: number | null, titleId: number, text: string) => writeReview(titleId, parentId, text), 'Не удалось отправить комментарий');

/** Saving an edit, each review on its own. */
export const reviewEditing = taskPerKey(editReview, 'Не удалось сохранить комментарий');

/**
 * What a signed-in person does to the open title's reviews (state in `title-reviews.ts`): a review
 * or reply written, their own edited or deleted, a like or dislike. Each change shows once the
 * backend accepted it (counters never rise before); a refusal reaches the caller with the
 * backend's reason.
 */
import * as calls from '../lib/directus/reviews.ts';
import type { CommentSource } from '../lib/reviews.ts';
import { mergeReactions, mergeReviews } from '../lib/reviews-live.ts';
import { $reviewRows } from './title-reviews.ts';

const replaceRow = (id: number, change: (row: CommentSource) => CommentSource) =>
  $reviewRows.set({ ...$reviewRows.get(), rows: $reviewRows.get().rows.map((r) => (r.id === id ? change(r) : r)) });

/** A new review (no parent) or a reply to a review; the text is sent trimmed, a blank one never. */
export async function writeReview(titleId: number, parentId: number | null, text: string): Promise<void> {
  const trimmed = text.trim();
  if (!trimmed) return;
  const created = await calls.writeReview(titleId, parentId, trimmed);
  // The live feed may have brought it already: merged by id, it shows once.
  $reviewRows.set({ ...$reviewRows.get(), rows: mergeReviews($reviewRows.get().rows, [created], titleId) });
}

export async function editReview(id: number, text: string): Promise<void> {
  const trimmed = text.trim();
  if (!trimmed) return;
  const edited = await calls.editReview(id, trimmed);
  replaceRow(id, (row) => ({ ...row, text: edited.text }));
}

export async function deleteReview(id: number): Promise<void> {
  await calls.deleteReview(id);
  replaceRow(id, (row) => ({ ...row, text: '', deleted: true }));
}

/** One like or dislike per person, no undo; the count rises once the backend took it. */
export async function reactToReview(id: number, type: calls.ReactionType): Promise<void> {
  const reaction = await calls.react({ comment: id }, type);
  $reviewRows.set({ ...$reviewRows.get(), rows: mergeReactions($reviewRows.get().rows, [{ ...reaction, comment: id }]) });
}

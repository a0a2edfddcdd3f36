/**
 * What a signed-in person writes under a title: a review or a reply, an edit of their own, a
 * deletion (the backend marks it deleted: the text goes, replies to it stay). Reactions go
 * through `setReaction` of reactions.ts, as on profile posts.
 */
import { createItem, updateItem } from '@directus/sdk';
import { pageClient } from './client.ts';
import { COMMENT_FIELDS } from './fields.ts';
import { send } from './queries.ts';
import type { CommentItem } from './review-reads.ts';

export { myReactions, setReaction, type ReactionType } from './reactions.ts';

/** A review of the title, or a reply to one of its reviews (it lands under the same title). */
export function writeReview(titleId: number, parentId: number | null, text: string): Promise<CommentItem> {
  const target = parentId === null ? { title: titleId } : { comment: parentId };
  return send(pageClient(), createItem('comments', { text, ...target }, { fields: COMMENT_FIELDS }), 'review') as Promise<CommentItem>;
}

/** Changes the text of the person's own review; the backend refuses anyone else's. */
export function editReview(id: number, text: string): Promise<CommentItem> {
  return send(pageClient(), updateItem('comments', id, { text }, { fields: COMMENT_FIELDS }), 'review edit') as Promise<CommentItem>;
}

/** Deletes the person's own review by marking it. */
export async function deleteReview(id: number): Promise<void> {
  await send(pageClient(), updateItem('comments', id, { deleted: true }, { fields: ['id'] }), 'review deletion');
}

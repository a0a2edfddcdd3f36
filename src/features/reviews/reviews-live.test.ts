import { describe, expect, it } from 'vitest';
import { afterRead, mergeReactions, reviewsOf } from './reviews-live.ts';
import type { CommentSource } from './reviews.ts';

const review = (id: number, likes: number[] = []): CommentSource => ({
  id, text: `Отзыв ${id}`, reactions: likes.map((like) => ({ id: like, type: 'like' })),
});

describe('a read of every review, after live changes', () => {
  it('takes the read, and keeps what the read does not have yet', () => {
    const shown = [review(1), review(2)];
    const read = [review(1, [10])];
    expect(afterRead(shown, read, new Set())).toEqual([review(1, [10]), review(2)]);
  });

  it('does not undo a like heard live while the read was on its way', () => {
    const before = [review(1), review(2)];
    const liked = mergeReactions(before, [{ id: 10, type: 'like', comment: 1 }]);
    // The read left before the like: it has none.
    const read = [review(1), review(2)];
    expect(afterRead(liked, read, new Set([1]))).toEqual([review(2), review(1, [10])]);
  });

  it('takes the read of a review changed live but not shown yet', () => {
    expect(afterRead([], [review(1, [10])], new Set([1]))).toEqual([review(1, [10])]);
  });
});

describe('the reviews a live frame is about', () => {
  it('names a review by its id, and a like or dislike by the review it is on', () => {
    expect(reviewsOf({ reactions: false, data: [{ id: 3 }, { id: 4 }] })).toEqual([3, 4]);
    expect(reviewsOf({ reactions: true, data: [{ id: 10, type: 'like', comment: 3 }, { id: 11, type: 'like', comment: { id: 4 } }] })).toEqual([3, 4]);
  });

  it('skips what names no review', () => {
    expect(reviewsOf({ reactions: true, data: [null, 'x', { id: 12, type: 'like', comment: null }] })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { formatDateTime, reviewThreads } from '../../src/features/reviews/reviews.ts';
import { mergeReactions, mergeReviews } from '../../src/features/reviews/reviews-live.ts';

const ann = { id: 'u1', login: 'sakura_fan', avatar: 'a1', nameColor: { nameColor: '#ff0080' } };
const bob = { id: 'u2', login: 'anime_ren', avatar: null, nameColor: null };

describe('review threads', () => {
  const threads = reviewThreads([
    { id: 1, text: 'Старый отзыв', date_created: '2026-01-01T10:00:00Z', user_created: ann, reactions: [{ type: 'like' }, { type: 'like' }, { type: 'dislike' }] },
    { id: 2, text: 'Новый отзыв', date_created: '2026-02-01T10:00:00Z', user_created: bob, reactions: [] },
    { id: 4, text: 'Второй ответ', date_created: '2026-01-03T10:00:00Z', user_created: ann, comment: { id: 1 } },
    { id: 3, text: 'Первый ответ', date_created: '2026-01-02T10:00:00Z', user_created: bob, comment: 1 },
  ], 'UTC');

  it('puts the newest review first and replies in the order they were written', () => {
    expect(threads.map((t) => t.id)).toEqual([2, 1]);
    expect(threads[1].replies.map((r) => r.text)).toEqual(['Первый ответ', 'Второй ответ']);
  });

  it('counts likes and dislikes', () => {
    expect([threads[1].likes, threads[1].dislikes]).toEqual([2, 1]);
    expect([threads[0].likes, threads[0].dislikes]).toEqual([0, 0]);
  });

  it('links the author to their profile, in their colour, with a default avatar when none', () => {
    expect(threads[1].author).toEqual({
      id: 'u1', login: 'sakura_fan', href: '/profile/sakura_fan', avatar: '/api/assets/a1?key=avatar', frame: null, name: { paint: '#ff0080', effect: 'none' },
    });
    expect(threads[0].author.avatar).toBe('/default-avatar.svg');
  });

  it('writes dates as day.month.year and time', () => {
    expect(formatDateTime('2026-01-02T10:05:00Z', 'UTC')).toBe('02.01.2026, 10:05');
    expect(formatDateTime(null)).toBe('');
  });
});

import { updateView } from '../../src/lib/updates.ts';

describe('update lines', () => {
  it('show the date, the title link and the description', () => {
    expect(updateView({ id: 1, date_created: '2026-03-05T12:00:00Z', description: 'Добавлена 7 серия', title: { name: 'Икс', slug: 'iks' } }, 'UTC'))
      .toEqual({ id: 1, date: '05.03.2026', titleName: 'Икс', href: '/iks', description: 'Добавлена 7 серия' });
  });
});

describe('reviews coming in live', () => {
  const rows = [
    { id: 1, text: 'Отзыв', title: 7, date_created: '2026-01-01T10:00:00Z', user_created: ann, reactions: [{ id: 10, type: 'like' }] },
    { id: 2, text: 'Ответ', title: 7, date_created: '2026-01-02T10:00:00Z', user_created: bob, comment: { id: 1 }, reactions: [] },
  ];

  it('adds a new review or reply of the title and counts it', () => {
    const merged = mergeReviews(rows, [{ id: 3, text: 'Ещё ответ', title: 7, date_created: '2026-01-03T10:00:00Z', user_created: ann, comment: 1 }], 7);
    expect(merged.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(reviewThreads(merged)[0].replyCount).toBe(reviewThreads(rows)[0].replyCount + 1);
  });

  it('replaces a changed review: an edit, or a deletion that leaves its reply under «Комментарий удалён»', () => {
    const edited = mergeReviews(rows, [{ id: 1, text: 'Исправленный отзыв', title: 7 }], 7);
    expect(edited.find((r) => r.id === 1)?.text).toBe('Исправленный отзыв');
    expect(edited.find((r) => r.id === 1)?.user_created).toEqual(ann);
    const deleted = reviewThreads(mergeReviews(rows, [{ id: 1, text: '', deleted: true, title: { id: 7 } }], 7));
    expect(deleted[0].deleted).toBe(true);
    expect(deleted[0].replies.map((r) => r.text)).toEqual(['Ответ']);
  });

  it('leaves out another title\'s reviews and a post\'s comments, keeping the same rows', () => {
    const incoming = [{ id: 5, text: 'Другой тайтл', title: 8 }, { id: 6, text: 'К записи', title: null }];
    expect(mergeReviews(rows, incoming, 7)).toBe(rows);
  });

  it('counts a like that came in once, however many times it arrives', () => {
    const once = mergeReactions(rows, [{ id: 11, type: 'like', comment: 1 }, { id: 12, type: 'dislike', comment: { id: 2 } }]);
    const twice = mergeReactions(once, [{ id: 11, type: 'like', comment: 1 }, { id: 10, type: 'like', comment: 1 }]);
    expect(twice).toBe(once);
    const [review] = reviewThreads(twice);
    expect([review.likes, review.dislikes, review.replies[0].dislikes]).toEqual([2, 0, 1]);
  });

  it('takes a review read again whole with its reactions as they now are: a like taken back is gone', () => {
    const liked = mergeReactions(rows, [{ id: 11, type: 'like', comment: 1 }]);
    expect(reviewThreads(liked)[0].likes).toBe(reviewThreads(rows)[0].likes + 1);
    const again = mergeReviews(liked, [{ id: 1, text: rows[0].text, title: 7, reactions: [] }], 7);
    expect(reviewThreads(again)[0].likes).toBe(0);
  });

  it('counts a like turned dislike once, as a dislike', () => {
    const liked = mergeReactions(rows, [{ id: 11, type: 'like', comment: 1 }]);
    const switched = mergeReactions(liked, [{ id: 11, type: 'dislike', comment: 1 }]);
    const [review] = reviewThreads(switched);
    expect([review.likes, review.dislikes]).toEqual([1, 1]);
  });
});

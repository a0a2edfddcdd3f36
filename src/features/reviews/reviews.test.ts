import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, reviewThreads, shownCount, type CommentSource } from './reviews.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

/** `reviews` reviews, the i-th with `replies` replies, rows shuffled the way a feed interleaves them. */
function title(reviews: number, replies: number): CommentSource[] {
  const rows: CommentSource[] = [];
  let id = 0;
  for (let r = 0; r < reviews; r++) {
    const review = ++id;
    rows.push({ id: review, text: `Отзыв ${review}`, date_created: at(review) });
    for (let k = 0; k < replies; k++) rows.push({ id: ++id, text: `Ответ ${id}`, date_created: at(review + k + 1), comment: review });
  }
  return rows.reverse();
}

/** The rows behind a proxy that counts how many of them are looked at. */
function counted(rows: CommentSource[]): { rows: CommentSource[]; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(rows, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { rows: proxy, reads: () => reads };
}

afterEach(() => vi.restoreAllMocks());

describe('building threads', () => {
  it('looks at each row once, however many reviews there are (one pass grouping by the review answered)', () => {
    for (const [reviews, replies] of [[10, 9], [200, 9]] as const) {
      const { rows, reads } = counted(title(reviews, replies));
      const threads = reviewThreads(rows, 'UTC');
      expect(threads).toHaveLength(reviews);
      expect(reads()).toBeLessThanOrEqual(reviews * (replies + 1));
    }
  });

  it('makes one date formatter for all the rows, not one a row', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const rows = title(50, 9);
    const threads = reviewThreads(rows, 'Asia/Tokyo');
    expect(threads[0]!.date).toBe(formatDateTime(rows.find((r) => r.id === threads[0]!.id)!.date_created, 'Asia/Tokyo'));
    expect(made.mock.calls.length).toBeLessThanOrEqual(1);
  });

  it('puts the newest review first, each with its replies oldest first, same date by id', () => {
    const threads = reviewThreads([
      { id: 5, text: 'Ответ позже', date_created: at(9), comment: 1 },
      { id: 1, text: 'Старый', date_created: at(1) },
      { id: 4, text: 'Ответ раньше', date_created: at(2), comment: { id: 1 } },
      { id: 3, text: 'Новый', date_created: at(5) },
      { id: 2, text: 'Тот же миг', date_created: at(5) },
      { id: 6, text: 'Ответ в тот же миг', date_created: at(2), comment: 1 },
    ], 'UTC');
    expect(threads.map((t) => t.id)).toEqual([3, 2, 1]);
    expect(threads[2]!.replies.map((r) => r.id)).toEqual([4, 6, 5]);
    expect(threads.map((t) => t.replyCount)).toEqual([0, 0, 3]);
  });

  it('keeps a deleted review only while a reply that is not deleted hangs under it', () => {
    const threads = reviewThreads([
      { id: 1, text: '', deleted: true },
      { id: 2, text: 'Ответ', comment: 1 },
      { id: 3, text: '', deleted: true },
      { id: 4, text: '', deleted: true, comment: 3 },
    ]);
    expect(threads.map((t) => [t.id, t.deleted, t.replyCount])).toEqual([[1, true, 1]]);
  });

  it('counts replies read with the review but not loaded, those come since, less those deleted', () => {
    const [thread] = reviewThreads([
      { id: 1, text: 'Отзыв', replyIds: [2, 3, 4, 5, 6] },
      { id: 2, text: 'Первый', comment: 1 },
      { id: 3, text: '', deleted: true, comment: 1 },
      { id: 9, text: 'Новый', comment: 1 },
    ]);
    expect(thread!.replies.map((r) => r.id)).toEqual([2, 9]);
    expect(thread!.replyCount).toBe(5);
  });
});

describe('the count of a title\'s reviews', () => {
  const tally = { count: 10, upTo: 50, askedAt: 1_000 };

  it('adds what came after the tally, not deleted, and takes off what it counted that went since', () => {
    const rows: CommentSource[] = [{ id: 40, text: 'Старый' }, { id: 51, text: 'Новый' }, { id: 52, text: '', deleted: true }];
    expect(shownCount(rows, tally, new Map())).toBe(11);
    expect(shownCount(rows, tally, new Map([[40, 2_000], [30, 500], [51, 2_000]]))).toBe(10);
  });
});

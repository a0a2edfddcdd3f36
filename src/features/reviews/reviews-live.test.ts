import { describe, expect, it } from 'vitest';
import { applyLive, deletedBy, missingReplies, pageRows, withRead } from './reviews-live.ts';
import type { CommentSource } from './reviews.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
const review = (id: number, extra: Partial<CommentSource> = {}): CommentSource => ({ id, text: `Отзыв ${id}`, date_created: at(id), comment: null, ...extra });
const reply = (id: number, to: number, extra: Partial<CommentSource> = {}): CommentSource => ({ id, text: `Ответ ${id}`, date_created: at(id), comment: to, ...extra });
const ids = (rows: CommentSource[]) => rows.map((r) => r.id).sort((a, b) => a - b);

describe('a page of reviews as rows', () => {
  it('gives each review the ids of its replies and each reply its review', () => {
    const item = (id: number) => ({ id, text: `Текст ${id}`, date_created: at(id), title: 7, deleted: false, user_created: null, images: [], reactions: [] });
    const rows = pageRows([{ ...item(1), replies: [item(2)], replyIds: [{ id: 2 }, { id: 3 }] }]);
    expect(rows.map((r) => [r.id, r.comment, r.replyIds ?? null])).toEqual([[1, null, [2, 3]], [2, 1, null]]);
  });
});

describe('a read laid over the rows at hand', () => {
  it('takes the read, and keeps what lies outside the range it covered', () => {
    const shown = [review(30), review(20), review(10), review(5)];
    const read = [review(20, { text: 'Исправлен' })];
    const after = withRead(shown, read, { olderThan: { date: at(30), id: 30 }, downTo: { date: at(15), id: 15 } });
    expect(ids(after)).toEqual([5, 10, 20, 30]);
    expect(after.find((r) => r.id === 20)?.text).toBe('Исправлен');
  });

  it('drops a review of its range it did not bring (deleted meanwhile), and replies no longer among a review\'s', () => {
    const shown = [review(30), review(20, { replyIds: [21, 22, 23] }), reply(21, 20), reply(22, 20), reply(23, 20)];
    const read = [review(20, { replyIds: [21, 23] }), reply(21, 20)];
    expect(ids(withRead(shown, read, { olderThan: null, downTo: { date: at(20), id: 20 } }))).toEqual([20, 21, 23]);
  });
});

describe('live changes', () => {
  const rows = [review(1), reply(2, 1)];

  it('adds a new review or reply, even to a review no page brought yet', () => {
    const after = applyLive(rows, { kind: 'reviews', event: 'create', data: [{ ...reply(9, 100), title: 7 }, { ...review(10), title: 7 }] }, 7);
    expect(ids(after)).toEqual([1, 2, 9, 10]);
  });

  it('takes a change to a row at hand or to a reply of a review at hand, and leaves others to the read that brings them', () => {
    const after = applyLive(rows, { kind: 'reviews', event: 'update', data: [
      { ...review(1), text: 'Исправлен', title: 7 }, { ...reply(3, 1), title: 7 }, { ...review(50), title: 7 }, { ...reply(51, 50), title: 7 },
    ] }, 7);
    expect(ids(after)).toEqual([1, 2, 3]);
    expect(after.find((r) => r.id === 1)?.text).toBe('Исправлен');
  });

  it('counts a like once however often it comes', () => {
    const like = { kind: 'reactions' as const, data: [{ id: 40, type: 'like', comment: 1 }] };
    const once = applyLive(rows, like, 7);
    expect(applyLive(once, like, 7)).toBe(once);
    expect(once.find((r) => r.id === 1)?.reactions).toEqual([{ id: 40, type: 'like' }]);
  });

  it('names the title\'s reviews a change deletes, not another title\'s, nor one already deleted', () => {
    const held = [review(1), review(4, { deleted: true })];
    const change = { kind: 'reviews' as const, event: 'update' as const, data: [
      { ...review(1), deleted: true, title: 7 }, { ...review(3), deleted: true, title: 8 }, { ...review(4), deleted: true, title: 7 }, { ...review(5), title: 7 },
    ] };
    expect(deletedBy(change, held, 7)).toEqual([1]);
  });
});

describe('reviews deleted outright', () => {
  const gone = (...rows: [number, number | null, boolean?][]) => ({ kind: 'deleted' as const, data: rows.map(([id, title, deleted]) => ({ id, title, deleted: !!deleted })) });

  it('leave with their replies, and a folded reply leaves its review\'s count', () => {
    const held = [review(1, { replyIds: [2, 3] }), reply(2, 1), review(10, { replyIds: [11, 12, 13, 14] }), reply(11, 10), review(20)];
    const after = applyLive(held, gone([1, 7], [2, 7], [12, 7]), 7);
    expect(ids(after)).toEqual([10, 11, 20]);
    expect(after.find((r) => r.id === 10)?.replyIds).toEqual([11, 13, 14]);
  });

  it('change nothing when none of them is at hand', () => {
    const held = [review(1), reply(2, 1)];
    expect(applyLive(held, gone([30, 8], [31, 7]), 7)).toBe(held);
  });

  it('count off the title\'s rows that counted, at hand or not: not another title\'s, nor one its author had deleted', () => {
    expect(deletedBy(gone([1, 7], [2, 7, true], [3, 8], [4, null], [5, 7]), [review(1)], 7)).toEqual([1, 5]);
  });
});

describe('a thread\'s replies not at hand', () => {
  it('are those read with it and not loaded', () => {
    expect(missingReplies([review(1, { replyIds: [2, 3, 4] }), reply(2, 1), reply(5, 1)], 1)).toBe(2);
    expect(missingReplies([review(1), reply(2, 1)], 1)).toBe(0);
  });
});

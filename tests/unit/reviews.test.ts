import { describe, expect, it } from 'vitest';
import { formatDateTime, reviewThreads } from '../../src/lib/reviews.ts';

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

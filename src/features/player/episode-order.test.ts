import { describe, expect, it } from 'vitest';
import { cardFrom, CARD_BEFORE_END_SECONDS, episodeAfter, episodeBefore, watchingOrder } from './episode-order.ts';

const model = { seasons: [{ episodes: [{ id: 1 }, { id: 2 }] }, { episodes: [{ id: 10 }] }] };

describe('episodes in watching order', () => {
  it('cross seasons both ways', () => {
    expect(episodeAfter(model, 2)).toEqual({ episode: { id: 10 }, seasonIndex: 1, number: 1 });
    expect(episodeBefore(model, 10)).toEqual({ episode: { id: 2 }, seasonIndex: 0, number: 2 });
  });
  it('end at the last and begin at the first', () => {
    expect(episodeAfter(model, 10)).toBeNull();
    expect(episodeBefore(model, 1)).toBeNull();
    expect(episodeAfter(model, 99)).toBeNull();
    expect(watchingOrder(model).map((p) => p.episode.id)).toEqual([1, 2, 10]);
  });
});

describe('the next-episode card', () => {
  it('comes at the ending\'s start, or 30 s before the end', () => {
    expect(cardFrom(1400, [{ kind: 'ending', start: 1300, end: 1400 }])).toBe(1300);
    expect(cardFrom(1400, [])).toBe(1400 - CARD_BEFORE_END_SECONDS);
    expect(cardFrom(40, [])).toBe(40);
    expect(cardFrom(null, [])).toBeNull();
  });
});

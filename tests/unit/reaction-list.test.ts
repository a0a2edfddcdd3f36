/** One person's reaction, or one the live feed brought, changing a list of likes and dislikes: each listed once. */
import { describe, expect, it } from 'vitest';
import { changeReactions, pressedReaction, reactionKey } from '../../src/lib/reaction-list.ts';

const list = [{ id: 1, type: 'like' }, { id: 2, type: 'dislike' }];

describe('reaction list', () => {
  it('adds a new reaction, takes one back by id, and turns a like into a dislike in place of the old', () => {
    expect(changeReactions(list, null, { id: 3, type: 'like' })).toEqual([...list, { id: 3, type: 'like' }]);
    expect(changeReactions(list, 1, null)).toEqual([{ id: 2, type: 'dislike' }]);
    expect(changeReactions(list, 1, { id: 1, type: 'dislike' })).toEqual([{ id: 2, type: 'dislike' }, { id: 1, type: 'dislike' }]);
  });

  it('lists a reaction once however often it arrives, and a missing list starts empty', () => {
    const once = changeReactions(list, null, { id: 2, type: 'dislike' });
    expect(changeReactions(once, null, { id: 2, type: 'dislike' })).toEqual(once);
    expect(once.filter((r) => typeof r === 'object' && r.id === 2)).toHaveLength(1);
    expect(changeReactions(null, 5, null)).toEqual([]);
    expect(changeReactions([7, 8], 7, { id: 9, type: 'like' })).toEqual([8, { id: 9, type: 'like' }]);
  });

  it('a pressed reaction that is one\'s own is taken back, another replaces it', () => {
    expect(pressedReaction(null, 'like')).toBe('like');
    expect(pressedReaction(undefined, 'dislike')).toBe('dislike');
    expect(pressedReaction('like', 'like')).toBeNull();
    expect(pressedReaction('like', 'dislike')).toBe('dislike');
  });

  it('keys posts and comments apart', () => {
    expect(reactionKey({ post: 4 })).toBe('post:4');
    expect(reactionKey({ comment: 4 })).toBe('comment:4');
  });
});

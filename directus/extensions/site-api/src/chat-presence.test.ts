import { describe, expect, it } from 'vitest';
import { chatShown } from './chat-presence.ts';

// Carl opened a chat with Bella: each sees it with the other as `other`.
const forCarl = { creator: 'carl', other: 'bella' };
const forBella = { creator: 'carl', other: 'carl' };

describe('what a private chat shows', () => {
  it('an empty chat: listed to its creator alone, with no presence for anyone', () => {
    expect(chatShown(forCarl, 'carl', new Set())).toEqual({ listed: true, presence: false });
    expect(chatShown(forBella, 'bella', new Set())).toEqual({ listed: false, presence: false });
  });

  it('once its creator has written: listed to both, the creator\'s presence shown to the invited person only', () => {
    expect(chatShown(forCarl, 'carl', new Set(['carl']))).toEqual({ listed: true, presence: false });
    expect(chatShown(forBella, 'bella', new Set(['carl']))).toEqual({ listed: true, presence: true });
  });

  it('once both have written: each sees the other\'s presence', () => {
    expect(chatShown(forCarl, 'carl', new Set(['bella', 'carl']))).toEqual({ listed: true, presence: true });
    expect(chatShown(forBella, 'bella', new Set(['bella', 'carl']))).toEqual({ listed: true, presence: true });
  });
});

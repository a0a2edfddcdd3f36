import { describe, expect, it } from 'vitest';
import { FRIEND_MESSAGES, existingRefusal, pairKey } from './friendship-rules.ts';

const A = '0f4c1c52-0000-4000-8000-00000000000a';
const B = '7a9d2e10-0000-4000-8000-00000000000b';

describe('friend request rules', () => {
  it('keys a pair the same whichever of the two asked', () => {
    expect(pairKey(A, B)).toBe(pairKey(B, A));
    expect(pairKey(A, B)).toBe(`${A}:${B}`);
    expect(pairKey(A, B)).not.toBe(pairKey(A, A));
  });

  it('lets a request through only where the pair has none yet', () => {
    expect(existingRefusal(null, A)).toBeNull();
    expect(existingRefusal(undefined, A)).toBeNull();
  });

  it('says what stands in the way: friends already, one’s own request, or theirs to accept', () => {
    expect(existingRefusal({ requester: B, status: 'accepted' }, A)).toBe(FRIEND_MESSAGES.alreadyFriends);
    expect(existingRefusal({ requester: A, status: 'accepted' }, A)).toBe(FRIEND_MESSAGES.alreadyFriends);
    expect(existingRefusal({ requester: A, status: 'pending' }, A)).toBe(FRIEND_MESSAGES.alreadySent);
    expect(existingRefusal({ requester: B, status: 'pending' }, A)).toBe(FRIEND_MESSAGES.theyAsked);
  });
});

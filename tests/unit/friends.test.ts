import { describe, expect, it } from 'vitest';
import { circleOf, friendsFirst, relationWith, type FriendshipLike } from '../../src/lib/friends.ts';

const person = (id: string) => ({ id, login: id });
const row = (id: number, from: string, to: string, status: 'pending' | 'accepted'): FriendshipLike<{ id: string; login: string } | null> =>
  ({ id, status, requester: person(from), addressee: person(to) });

const rows = [
  row(1, 'me', 'ann', 'accepted'),
  row(2, 'bob', 'me', 'accepted'),
  row(3, 'cat', 'me', 'pending'),
  row(4, 'me', 'dan', 'pending'),
  // Someone else's friendship (a public list read on the viewer's behalf): not the viewer's.
  row(5, 'ann', 'bob', 'accepted'),
];

describe('where the viewer stands with a person', () => {
  it('tells friends, requests either way and nothing, whoever asked', () => {
    expect(relationWith(rows, 'me', 'ann')).toEqual({ kind: 'friends', friendship: 1 });
    expect(relationWith(rows, 'me', 'bob')).toEqual({ kind: 'friends', friendship: 2 });
    expect(relationWith(rows, 'me', 'cat')).toEqual({ kind: 'incoming', friendship: 3 });
    expect(relationWith(rows, 'me', 'dan')).toEqual({ kind: 'outgoing', friendship: 4 });
    expect(relationWith(rows, 'me', 'eve')).toEqual({ kind: 'none' });
  });

  it('reads people given as bare ids as well', () => {
    expect(relationWith([{ id: 9, status: 'pending', requester: 'eve', addressee: 'me' }], 'me', 'eve')).toEqual({ kind: 'incoming', friendship: 9 });
  });
});

describe('the viewer’s circle', () => {
  it('splits friends, requests to answer and requests sent, with the other person of each', () => {
    const circle = circleOf(rows, 'me');
    expect(circle.friends).toEqual([{ friendship: 1, person: person('ann') }, { friendship: 2, person: person('bob') }]);
    expect(circle.incoming).toEqual([{ friendship: 3, person: person('cat') }]);
    expect(circle.outgoing).toEqual([{ friendship: 4, person: person('dan') }]);
  });

  it('leaves out rows whose other person is gone (an account removed or hidden)', () => {
    expect(circleOf([{ id: 7, status: 'accepted', requester: person('me'), addressee: null }], 'me').friends).toEqual([]);
  });
});

describe('the chat sidebar, friends first', () => {
  const chat = (id: number, withId: string | null) => ({ id, with: withId ? { id: withId } : null });

  it('puts the chats with friends first, then friends without a chat, then the other chats, each in order', () => {
    const chats = [chat(10, 'zoe'), chat(11, 'bob'), chat(12, null), chat(13, 'ann')];
    const { friendChats, friendsWithoutChat, otherChats } = friendsFirst(chats, [person('ann'), person('bob'), person('cat')]);
    expect(friendChats.map((c) => c.id)).toEqual([11, 13]);
    expect(friendsWithoutChat.map((p) => p.id)).toEqual(['cat']);
    expect(otherChats.map((c) => c.id)).toEqual([10, 12]);
  });

  it('keeps the chats as they were without friends', () => {
    const chats = [chat(1, 'x'), chat(2, 'y')];
    expect(friendsFirst(chats, [])).toEqual({ friendChats: [], friendsWithoutChat: [], otherChats: chats });
  });
});

/**
 * The friends of the person whose profile is open, as everyone may read them: loading, the list, or
 * failed with a retry. Visitors' pages load this store; the signed-in person's own friendships
 * and requests live in friends.ts.
 */
import { atom } from 'nanostores';
import { readFriendshipsOf, type FriendshipRow } from '../lib/directus/friends.ts';
import { circleOf } from '../lib/friends.ts';

export type FriendPerson = NonNullable<Exclude<FriendshipRow['requester'], string>>;

export type PersonFriendsState =
  | { status: 'loading' | 'error'; personId: string }
  | { status: 'ready'; personId: string; friends: FriendPerson[] };

export const $personFriends = atom<PersonFriendsState | null>(null);

let ticket = 0;

export async function showFriendsOf(personId: string): Promise<void> {
  const mine = ++ticket;
  const current = $personFriends.get();
  // A reload keeps the list on screen until the new one lands.
  if (current?.personId !== personId || current.status !== 'ready') $personFriends.set({ status: 'loading', personId });
  try {
    const rows = await readFriendshipsOf(personId);
    if (mine === ticket) $personFriends.set({ status: 'ready', personId, friends: circleOf(rows, personId).friends.map((t) => t.person) });
  } catch (err) {
    console.error(err);
    if (mine === ticket) $personFriends.set({ status: 'error', personId });
  }
}

/** Reads the open profile's friends again once a friendship of theirs changed. */
export function refreshPersonFriends(): void {
  const current = $personFriends.get();
  if (current) void showFriendsOf(current.personId);
}

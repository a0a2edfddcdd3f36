/**
 * The people feature's store for everyone who opens a profile: the profile open at
 * /profile/{login} (loading, found, missing — the page then becomes the 404 page — or failed with a
 * retry) and the friends of that person as everyone may read them. The signed-in person's own
 * friendships and requests live in friends-store.ts, the message written from a profile in
 * message-store.ts.
 */
import { atom } from 'nanostores';
import { circleOf } from '../../lib/friends.ts';
import { readFriendshipsOf, readPublicProfile, type FriendshipRow, type PublicProfile } from './directus.ts';

export type ProfileState =
  | { status: 'loading' }
  | { status: 'ready'; profile: PublicProfile }
  | { status: 'missing' }
  | { status: 'error' };

export const $publicProfile = atom<ProfileState>({ status: 'loading' });

let ticket = 0;

export async function openProfile(login: string): Promise<void> {
  const mine = ++ticket;
  $publicProfile.set({ status: 'loading' });
  try {
    const profile = await readPublicProfile(login);
    if (mine === ticket) $publicProfile.set(profile ? { status: 'ready', profile } : { status: 'missing' });
  } catch (err) {
    console.error(err);
    if (mine === ticket) $publicProfile.set({ status: 'error' });
  }
}

export type FriendPerson = NonNullable<Exclude<FriendshipRow['requester'], string>>;

export type PersonFriendsState =
  | { status: 'loading' | 'error'; personId: string }
  | { status: 'ready'; personId: string; friends: FriendPerson[] };

export const $personFriends = atom<PersonFriendsState | null>(null);

let friendsTicket = 0;

export async function showFriendsOf(personId: string): Promise<void> {
  const mine = ++friendsTicket;
  const current = $personFriends.get();
  // A reload keeps the list on screen until the new one lands.
  if (current?.personId !== personId || current.status !== 'ready') $personFriends.set({ status: 'loading', personId });
  try {
    const rows = await readFriendshipsOf(personId);
    if (mine === friendsTicket) $personFriends.set({ status: 'ready', personId, friends: circleOf(rows, personId).friends.map((t) => t.person) });
  } catch (err) {
    console.error(err);
    if (mine === friendsTicket) $personFriends.set({ status: 'error', personId });
  }
}

/** Reads the open profile's friends again once a friendship of theirs changed. */
export function refreshPersonFriends(): void {
  const current = $personFriends.get();
  if (current) void showFriendsOf(current.personId);
}

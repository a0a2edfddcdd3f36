/**
 * Friends: a person's accepted friendships (public, for their profile), the signed-in person's
 * own friendships and requests both ways, and asking, accepting and ending one (declining,
 * cancelling and removing are all ending). Every call goes through the page's one client.
 */
import { createItem, deleteItem, readItems, updateItem, type ReadItemOutput } from '@directus/sdk';
import { pageClient } from './client.ts';
import { FRIENDSHIP_FIELDS } from './fields.ts';
import { send } from './queries.ts';
import type { Schema } from './schema.ts';

export type FriendshipRow = ReadItemOutput<Schema, 'friendships', { fields: typeof FRIENDSHIP_FIELDS }>;

const ME = '$CURRENT_USER';
const involving = (personId: string) => ({ _or: [{ requester: { _eq: personId } }, { addressee: { _eq: personId } }] });

/** Everyone the person is friends with, as anyone may read it: accepted friendships only. */
export function readFriendshipsOf(personId: string): Promise<FriendshipRow[]> {
  return send(pageClient(), readItems('friendships', {
    fields: FRIENDSHIP_FIELDS,
    filter: { _and: [{ status: { _eq: 'accepted' } }, involving(personId)] },
    sort: ['-id'],
    limit: -1,
  }), 'friends') as Promise<FriendshipRow[]>;
}

/** The signed-in person's friendships and requests, sent and received. */
export function readOwnFriendships(): Promise<FriendshipRow[]> {
  return send(pageClient(), readItems('friendships', {
    fields: FRIENDSHIP_FIELDS,
    filter: involving(ME),
    sort: ['-id'],
    limit: -1,
  }), 'own friendships') as Promise<FriendshipRow[]>;
}

export async function askFriendship(personId: string): Promise<void> {
  await send(pageClient(), createItem('friendships', { addressee: personId }, { fields: ['id'] }), 'friend request');
}

export async function acceptFriendship(id: number): Promise<void> {
  await send(pageClient(), updateItem('friendships', id, { status: 'accepted' }, { fields: ['id'] }), 'friend request acceptance');
}

/** Declines or cancels a request, or removes a friend: the row goes either way. */
export async function endFriendship(id: number): Promise<void> {
  await send(pageClient(), deleteItem('friendships', id), 'friendship end');
}

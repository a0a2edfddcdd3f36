/**
 * The signed-in person's friendships and requests both ways, and asking, accepting and ending one
 * (declining, cancelling and removing are all ending). Every call goes through the page's one client;
 * signed-in code only.
 */
import { createItem, deleteItem, readItems, updateItem } from '@directus/sdk';
import { pageClient } from '../../lib/directus/client.ts';
import { FRIENDSHIP_FIELDS } from '../../lib/directus/fields.ts';
import { everyPage } from '../../lib/directus/every-page.ts';
import { send } from '../../lib/directus/queries.ts';
import { involving, type FriendshipRow } from './directus.ts';

const ME = '$CURRENT_USER';

/** The signed-in person's friendships and requests, sent and received. */
export function readOwnFriendships(): Promise<FriendshipRow[]> {
  return everyPage((at) => send(pageClient(), readItems('friendships', {
    fields: FRIENDSHIP_FIELDS,
    filter: involving(ME),
    sort: ['-id'],
    ...at,
  }), 'own friendships')) as Promise<FriendshipRow[]>;
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

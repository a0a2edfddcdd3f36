/**
 * A person's accepted friendships, as everyone may read them for their profile. The signed-in
 * person's own friendships and the writes live in own-friends.ts, so visitors' pages never load them.
 */
import { readItems, type ReadItemOutput } from '@directus/sdk';
import { pageClient } from './client.ts';
import { FRIENDSHIP_FIELDS } from './fields.ts';
import { send } from './queries.ts';
import type { Schema } from './schema.ts';

export type FriendshipRow = ReadItemOutput<Schema, 'friendships', { fields: typeof FRIENDSHIP_FIELDS }>;

/** Friendships the person is in, whichever of the two they are. */
export const involving = (personId: string) => ({ _or: [{ requester: { _eq: personId } }, { addressee: { _eq: personId } }] });

/** Everyone the person is friends with, as everyone may read it: accepted friendships only. */
export function readFriendshipsOf(personId: string): Promise<FriendshipRow[]> {
  return send(pageClient(), readItems('friendships', {
    fields: FRIENDSHIP_FIELDS,
    filter: { _and: [{ status: { _eq: 'accepted' } }, involving(personId)] },
    sort: ['-id'],
    limit: -1,
  }), 'friends') as Promise<FriendshipRow[]>;
}

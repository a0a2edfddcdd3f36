/**
 * The people feature's calls everyone may make: the public profile by login, a person's
 * friends, profile posts with their pictures, reactions and comments (the writes among them the
 * backend allows signed-in people only). The signed-in person's own friendships are in
 * friends-directus.ts, so visitors' pages never load them.
 */
import {
  aggregate, createItem, deleteFiles, deleteItem, readItems, readUsers, type QueryFilter, type ReadItemOutput,
} from '@directus/sdk';
import { LOGIN_PATTERN } from '../../../shared/rules.ts';
import { pageClient } from '../../lib/directus/client.ts';
import { COMMENT_FIELDS, FRIENDSHIP_FIELDS, POST_FIELDS, PROFILE_FIELDS } from '../../lib/directus/fields.ts';
import { everyPage } from '../../lib/directus/every-page.ts';
import { wholeLists } from '../../lib/directus/whole-lists.ts';
import { send } from '../../lib/directus/queries.ts';
import type { Post, Schema } from '../../lib/directus/schema.ts';
import type { Target } from '../../lib/directus/reactions.ts';

export type PublicProfile = ReadItemOutput<Schema, 'directus_users', { fields: typeof PROFILE_FIELDS }>;
export type PostItem = ReadItemOutput<Schema, 'posts', { fields: typeof POST_FIELDS }>;
export type PostComment = ReadItemOutput<Schema, 'comments', { fields: typeof COMMENT_FIELDS }>;
export type FriendshipRow = ReadItemOutput<Schema, 'friendships', { fields: typeof FRIENDSHIP_FIELDS }>;

/**
 * The public profile of the person with this login, in any letter case (logins are unique
 * regardless of case), or null when nobody has it. Directus has no case-blind equality, so rows
 * that start and end with the login are read and the exact one picked.
 */
export async function readPublicProfile(login: string): Promise<PublicProfile | null> {
  if (!LOGIN_PATTERN.test(login)) return null;
  const filter = { _and: [{ login: { _istarts_with: login } }, { login: { _iends_with: login } }] };
  const rows = await everyPage((at) => send(pageClient(), readUsers({ fields: PROFILE_FIELDS, filter, sort: ['id'], ...at }), 'profile'));
  const wanted = login.toLowerCase();
  return (rows as PublicProfile[]).find((row) => row.login?.toLowerCase() === wanted) ?? null;
}

const postsBy = (authorId: string): QueryFilter<Schema, Post> => ({ user_created: { _eq: authorId } });

/** `limit` posts of a person from `offset`, newest first, each with everything under it, and how many they wrote in all. */
export async function readPosts(authorId: string, offset: number, limit: number): Promise<{ items: PostItem[]; total: number }> {
  const [items, counted] = await Promise.all([
    send(pageClient(), readItems('posts', {
      fields: POST_FIELDS,
      filter: postsBy(authorId),
      sort: ['-date_created', '-id'],
      deep: wholeLists<Post>(POST_FIELDS),
      limit,
      offset,
    }), 'posts') as Promise<PostItem[]>,
    send(pageClient(), aggregate('posts', { aggregate: { count: '*' }, query: { filter: postsBy(authorId) } }), 'post count'),
  ]);
  return { items, total: Number(counted[0]?.count ?? 0) };
}

/** Publishes a post on the signed-in person's own profile with pictures already uploaded. */
export function createPost(text: string, fileIds: string[]): Promise<PostItem> {
  const images = fileIds.map((id) => ({ directus_files_id: id }));
  return send(pageClient(), createItem('posts', { text, images }, { fields: POST_FIELDS }), 'post') as Promise<PostItem>;
}

/** Deletes one of the signed-in person's own posts; the backend refuses anyone else's. */
export async function deletePost(postId: number): Promise<void> {
  await send(pageClient(), deleteItem('posts', postId), 'post deletion');
}

/** Removes pictures the person uploaded for a post that was then not published. */
export async function discardUploads(fileIds: string[]): Promise<void> {
  if (fileIds.length) await send(pageClient(), deleteFiles(fileIds), 'upload removal');
}

/** A comment under a post, or a reply to a comment (it lands under the same post). */
export function comment(target: Target, text: string): Promise<PostComment> {
  return send(pageClient(), createItem('comments', { text, ...target }, { fields: COMMENT_FIELDS }), 'comment') as Promise<PostComment>;
}

/** Friendships the person is in, whichever of the two they are. */
export const involving = (personId: string) => ({ _or: [{ requester: { _eq: personId } }, { addressee: { _eq: personId } }] });

/** Everyone the person is friends with, as everyone may read it: accepted friendships only. */
export function readFriendshipsOf(personId: string): Promise<FriendshipRow[]> {
  return everyPage((at) => send(pageClient(), readItems('friendships', {
    fields: FRIENDSHIP_FIELDS,
    filter: { _and: [{ status: { _eq: 'accepted' } }, involving(personId)] },
    sort: ['-id'],
    ...at,
  }), 'friends')) as Promise<FriendshipRow[]>;
}

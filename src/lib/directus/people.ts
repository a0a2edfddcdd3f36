/**
 * Other people and what they write on their profiles: the public profile by login, the private
 * chat with a person (found in either direction or started), profile posts with their pictures,
 * reactions and comments. Every call goes through the page's one client.
 */
import {
  aggregate, createItem, customEndpoint, deleteFiles, deleteItem, readItems, readUsers, type QueryFilter, type ReadItemOutput,
} from '@directus/sdk';
import { LOGIN_PATTERN } from '../../../shared/rules.ts';
import { pageClient } from './client.ts';
import { COMMENT_FIELDS, POST_FIELDS, PROFILE_FIELDS } from './fields.ts';
import { DirectusRequestError, send } from './queries.ts';
import type { Post, Schema } from './schema.ts';

export type PublicProfile = ReadItemOutput<Schema, 'directus_users', { fields: typeof PROFILE_FIELDS }>;
export type PostItem = ReadItemOutput<Schema, 'posts', { fields: typeof POST_FIELDS }>;
export type PostComment = ReadItemOutput<Schema, 'comments', { fields: typeof COMMENT_FIELDS }>;
export type ReactionType = 'like' | 'dislike';
/** What a reaction or a reply is about: a post, or a comment under one. */
export type Target = { post: number } | { comment: number };

const ME = '$CURRENT_USER';

/**
 * The public profile of the person with this login, in any letter case (logins are unique
 * regardless of case), or null when nobody has it. Directus has no case-blind equality, so rows
 * that start and end with the login are read and the exact one picked.
 */
export async function readPublicProfile(login: string): Promise<PublicProfile | null> {
  if (!LOGIN_PATTERN.test(login)) return null;
  const filter = { _and: [{ login: { _istarts_with: login } }, { login: { _iends_with: login } }] };
  const rows = await send(pageClient(), readUsers({ fields: PROFILE_FIELDS, filter, limit: -1 }), 'profile');
  const wanted = login.toLowerCase();
  return (rows as PublicProfile[]).find((row) => row.login?.toLowerCase() === wanted) ?? null;
}

/**
 * The id of the signed-in person's private chat with `personId`, whoever started it: one they
 * started inviting the person, or one the person started inviting them. Null when there is none.
 */
export async function findPrivateChat(personId: string): Promise<number | null> {
  const invitedMe = { user_invited: { _some: { directus_users_id: { _eq: ME } } } };
  const rows = await send(pageClient(), readItems('chats', {
    fields: ['id'],
    filter: {
      _or: [
        { _and: [{ user_created: { _eq: ME } }, { user_invited: { _some: { directus_users_id: { _eq: personId } } } }] },
        { _and: [{ user_created: { _eq: personId } }, invitedMe] },
      ],
    },
    sort: ['id'],
    limit: 1,
  }), 'private chat');
  return rows[0]?.id ?? null;
}

/**
 * The private chat with `personId`: the existing one, or a new one. When another tab started it
 * a moment ago the backend refuses a second chat, and the existing one is found again.
 */
export async function privateChatWith(personId: string): Promise<number> {
  const existing = await findPrivateChat(personId);
  if (existing !== null) return existing;
  try {
    const created = await send(pageClient(), createItem('chats', { user_invited: [{ directus_users_id: personId }] }, { fields: ['id'] }), 'chat');
    return created.id;
  } catch (err) {
    const raced = err instanceof DirectusRequestError && err.status === 400 ? await findPrivateChat(personId) : null;
    if (raced === null) throw err;
    return raced;
  }
}

/** Sends a text message to a private chat the person belongs to. */
export async function sendPrivateMessage(chatId: number, text: string): Promise<void> {
  await send(pageClient(), createItem('messages', { text, privateChat: chatId }, { fields: ['id'] }), 'message');
}

const postsBy = (authorId: string): QueryFilter<Schema, Post> => ({ user_created: { _eq: authorId } });

/** `limit` posts of a person from `offset`, newest first, each with everything under it, and how many they wrote in all. */
export async function readPosts(authorId: string, offset: number, limit: number): Promise<{ items: PostItem[]; total: number }> {
  const [items, counted] = await Promise.all([
    send(pageClient(), readItems('posts', {
      fields: POST_FIELDS,
      filter: postsBy(authorId),
      sort: ['-date_created', '-id'],
      deep: { images: { _limit: -1 }, reactions: { _limit: -1 }, comments: { _limit: -1, reactions: { _limit: -1 } } },
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

/** One's reaction as the backend holds it. */
export interface MyReaction { id: number; type: ReactionType }
/** What setting a reaction changed: the person's reaction before and after (null: none). */
export interface ReactionChange { before: MyReaction | null; after: MyReaction | null }

/** Makes the person's reaction to the target this type, or takes it back (null); the same call twice changes nothing. */
export function setReaction(target: Target, type: ReactionType | null): Promise<ReactionChange> {
  const body = JSON.stringify({ ...target, type });
  return send(pageClient(), customEndpoint<ReactionChange>({ path: '/site/reactions', method: 'PUT', body }), 'reaction');
}

/** The person's own reactions on a title's reviews, or on posts and the comments under them. */
export function myReactions(scope: { title: number } | { posts: number[] }): Promise<(MyReaction & { comment: number | null; post: number | null })[]> {
  const query = 'title' in scope ? `title=${scope.title}` : `posts=${scope.posts.join(',')}`;
  return send(pageClient(), customEndpoint<(MyReaction & { comment: number | null; post: number | null })[]>({ path: `/site/reactions/mine?${query}`, method: 'GET' }), 'own reactions');
}

/** A comment under a post, or a reply to a comment (it lands under the same post). */
export function comment(target: Target, text: string): Promise<PostComment> {
  return send(pageClient(), createItem('comments', { text, ...target }, { fields: COMMENT_FIELDS }), 'comment') as Promise<PostComment>;
}

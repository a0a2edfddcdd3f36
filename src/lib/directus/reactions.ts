/**
 * Likes and dislikes, of a title's reviews and of profile posts and the comments under them alike
 * (PUT /site/reactions): set, taken back, and the person's own read. Every call goes through the
 * page's one client.
 */
import { customEndpoint } from '@directus/sdk';
import { pageClient } from './client.ts';
import { send } from './queries.ts';

export type ReactionType = 'like' | 'dislike';
/** What a reaction or a reply is about: a post, or a comment under one. */
export type Target = { post: number } | { comment: number };

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

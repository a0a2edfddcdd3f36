/**
 * Demo people and what they did: reviews with replies and reactions, ratings, list marks,
 * favourite actors, profile posts, the public chat and a few private chats. Everything is
 * written with each person's own token, so authorship is set by the backend as in real use.
 */
import { AdminApi } from '../apply/admin-api.ts';
import { ROLES } from '../../shared/rules.ts';
import { PLANS, SUBSCRIPTION_DAYS } from '../../shared/plans.ts';
import {
  FAVORITE_ACTORS, MARKS, POSTS, PRIVATE_CHATS, PUBLIC_MESSAGES, RATINGS, REVIEWS, USERS,
} from './data/community.ts';
import { portrait } from './media.ts';
import { uploadFile } from './upload.ts';
import type { CatalogueIds } from './catalogue.ts';

/** Password of every demo account; printed by `npm start` and written in the README. */
export const DEMO_PASSWORD = 'demo-password';

export async function seedCommunity(api: AdminApi, ids: CatalogueIds, log: (m: string) => void): Promise<void> {
  const people = new Map<string, { id: string; api: AdminApi }>();
  const paidUntil = new Date(Date.now() + SUBSCRIPTION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  for (const u of USERS) {
    const role = u.plan ? PLANS.find((p) => p.id === u.plan)!.role : ROLES.user;
    const avatar = await uploadFile(api, await portrait(`${u.first_name} ${u.last_name}`), `${u.login}.jpg`, 'image/jpeg', u.login);
    const { plan, ...profile } = u;
    const created = await api.post<{ id: string }>('/users', {
      ...profile, password: DEMO_PASSWORD, role, avatar, status: 'active',
      plan: plan ?? null, paidUntil: plan ? paidUntil : null,
    });
    people.set(u.login, { id: created.id, api: await AdminApi.login(api.url, u.email, DEMO_PASSWORD) });
  }
  const as = (login: string) => people.get(login)!.api;
  const title = (slug: string) => ids.titles.get(slug);

  for (const r of REVIEWS) {
    const review = await as(r.author).post<{ id: number }>('/items/comments', { text: r.text, title: title(r.titleSlug) });
    for (const reply of r.replies ?? []) await as(reply.author).post('/items/comments', { text: reply.text, comment: review.id });
    for (const who of r.likes ?? []) await as(who).post('/items/reactions', { type: 'like', comment: review.id });
    for (const who of r.dislikes ?? []) await as(who).post('/items/reactions', { type: 'dislike', comment: review.id });
  }
  for (const r of RATINGS) await as(r.author).post('/items/ratings', { title: title(r.titleSlug), rating: r.rating });
  for (const m of MARKS) await as(m.author).post('/items/favorites', { title: title(m.titleSlug), type: m.type });
  for (const f of FAVORITE_ACTORS) await as(f.author).post('/items/favoriteActors', { actor: ids.actors.get(f.actorSlug) });

  for (const p of POSTS) {
    const post = await as(p.author).post<{ id: number }>('/items/posts', { text: p.text });
    for (const c of p.comments ?? []) await as(c.author).post('/items/comments', { text: c.text, post: post.id });
    for (const who of p.likes ?? []) await as(who).post('/items/reactions', { type: 'like', post: post.id });
  }

  const publicIds: number[] = [];
  for (const m of PUBLIC_MESSAGES) {
    const replyTo = m.replyTo === undefined ? null : publicIds[m.replyTo];
    const msg = await as(m.author).post<{ id: number }>('/items/messages', { text: m.text, message: replyTo });
    publicIds.push(msg.id);
  }
  for (const chat of PRIVATE_CHATS) {
    const [a, b] = chat.between;
    const created = await as(a).post<{ id: number }>('/items/chats', { user_invited: [{ directus_users_id: people.get(b)!.id }] });
    for (const m of chat.messages) await as(m.author).post('/items/messages', { text: m.text, privateChat: created.id });
  }
  log(`community: ${USERS.length} users, ${REVIEWS.length} reviews, ${RATINGS.length} ratings, ${MARKS.length} marks, ${POSTS.length} posts, ${PUBLIC_MESSAGES.length} public and ${PRIVATE_CHATS.length} private chats`);
}

/**
 * Reviews, posts and reactions: no blank text, capped lengths, one reaction per person, a pace per
 * person for what everyone then reads, and only on what visitors can see.
 */
import { REACTION_TYPES, SUPPORT_REFUSALS, TEXT_LIMITS } from '../../../../shared/rules.ts';
import { REVIEW_GONE } from '../../../../shared/review-refusals.ts';
import { isPrivileged } from '../../shared/accountability.ts';
import type { Accountability } from '../../shared/directus.ts';
import { TITLE_NOT_FOUND, isPublishedTitle } from '../../shared/catalogue.ts';
import { invalid } from '../../shared/errors.ts';
import { numberKeyOf } from '../../shared/keys.ts';
import type { Pace } from '../../shared/pace.ts';
import { requireText } from './values.ts';
import { editsText, removePictures, tombstoneUpdate } from './tombstones.ts';
import type { Knex } from 'knex';
import type { Register } from './types.ts';
import { addressKey } from '../../../../shared/address-key.ts';

const commentText = (v: unknown) =>
  requireText(v, TEXT_LIMITS.comment, 'Комментарий не может быть пустым', `Комментарий длиннее ${TEXT_LIMITS.comment} символов`);
const COMMENT_TOMBSTONE = { noRestore: 'Удалённый комментарий не восстанавливается', gone: 'Комментарий удалён' };
const postText = (v: unknown) =>
  requireText(v, TEXT_LIMITS.post, 'Запись не может быть пустой', `Запись длиннее ${TEXT_LIMITS.post} символов`);
const COMMENT_MISSING = REVIEW_GONE.answered;
const COMMENT_ANSWERED_GONE = 'Комментарий, на который вы отвечаете, удалён';

export interface CommunityPaces {
  comment: Pace;
  post: Pace;
  edit: Pace;
  supportRequest: Pace;
  /** Every like or dislike set, changed or taken back reaches every open page: paced by whichever route it comes. */
  reaction: Pace;
}

function reactionType(value: unknown): string {
  return typeof value === 'string' && (REACTION_TYPES as readonly string[]).includes(value) ? value : invalid('Реакция может быть только like или dislike');
}

/** A comment people may react to: shown to visitors (on a published title or a post) and not deleted. */
async function shownComment(database: Knex, id: number): Promise<void> {
  const row = await database('comments as c').leftJoin('titles as t', 't.id', 'c.title').where('c.id', id).first('c.deleted', 'c.title', 't.status');
  if (!row || (row.title !== null && row.status !== 'published')) invalid(REVIEW_GONE.reacted);
  if (row.deleted) invalid(COMMENT_TOMBSTONE.gone);
}

/** The review whose thread a comment is in: threads are one level deep, as the page shows them. */
async function threadOf(database: Knex, id: number): Promise<number> {
  const row = await database('comments').where('id', id).first('comment');
  return row?.comment == null ? id : Number(row.comment);
}

export function registerCommunityRules({ filter, action }: Register, paces: CommunityPaces, deleteFiles: (ids: string[]) => Promise<void>): void {
  /** One write of the allowance for each reaction a request sets, changes or takes back. */
  const takeReaction = async (accountability: Accountability | null | undefined, count = 1) => {
    if (!isPrivileged(accountability) && accountability?.user) await paces.reaction.take(accountability.user, Math.max(1, count));
  };

  filter('comments.items.create', async (payload, _meta, { database, accountability }) => {
    const text = commentText(payload.text);
    let title = numberKeyOf(payload.title);
    let post = numberKeyOf(payload.post);
    const answered = numberKeyOf(payload.comment);
    const parentId = answered === null ? null : await threadOf(database, answered);
    let parentGone = false;
    if (parentId !== null) {
      const parent = await database('comments').where('id', parentId).first('title', 'post', 'deleted');
      if (!parent) invalid(COMMENT_MISSING);
      // A reply lives where its parent lives, whatever the request said.
      title = parent.title;
      post = parent.post;
      parentGone = Boolean(parent.deleted);
    }
    if ((title === null) === (post === null)) invalid('Комментарий относится либо к сериалу или фильму, либо к записи');
    if (!isPrivileged(accountability)) {
      // Reviews go under titles visitors can see, not under drafts an editor is still preparing.
      if (title !== null && !(await isPublishedTitle(database, title))) invalid(parentId === null ? TITLE_NOT_FOUND : COMMENT_MISSING);
      if (post !== null && !(await database('posts').where('id', post).first('id'))) invalid('Запись не найдена');
    }
    // Said only of a parent the writer may see: under a draft, a deleted review answers as a missing one.
    if (parentGone) invalid(COMMENT_ANSWERED_GONE);
    if (!isPrivileged(accountability) && accountability?.user) await paces.comment.take(accountability.user);
    return { ...payload, text, title, post, comment: parentId };
  });
  filter('comments.items.update', async (payload, meta, { database, accountability }) => {
    const checked = await tombstoneUpdate(payload, meta.keys ?? [], 'comments', database, COMMENT_TOMBSTONE, commentText);
    if (editsText(checked) && !isPrivileged(accountability) && accountability?.user) await paces.edit.take(accountability.user, meta.keys?.length);
    return checked;
  });
  // A deleted review shows «Комментарий удалён» and nobody's name: its author and pictures go from the row too.
  action('comments.items.update', async ({ keys, payload }, { database }) => {
    if (payload?.deleted !== true || !keys?.length) return;
    await database('comments').whereIn('id', keys).update({ user_created: null });
    await removePictures(database, 'comments_files', 'comments_id', keys, deleteFiles);
  });

  filter('posts.items.create', async (payload, _meta, { accountability }) => {
    const text = postText(payload.text);
    if (!isPrivileged(accountability) && accountability?.user) await paces.post.take(accountability.user);
    return { ...payload, text };
  });
  filter('posts.items.update', (payload) => ('text' in payload ? { ...payload, text: postText(payload.text) } : payload));

  filter('reactions.items.create', async (payload, _meta, { database, accountability }) => {
    const type = reactionType(payload.type);
    const comment = numberKeyOf(payload.comment);
    const post = numberKeyOf(payload.post);
    if ((comment === null) === (post === null)) invalid('Реакция ставится либо на комментарий, либо на запись');
    if (!isPrivileged(accountability)) {
      if (comment !== null) await shownComment(database, comment);
      if (post !== null && !(await database('posts').where('id', post).first('id'))) invalid('Запись не найдена');
    }
    if (accountability?.user) {
      const target = comment !== null ? { comment } : { post };
      const existing = await database('reactions').where({ ...target, user_created: accountability.user }).first('id');
      if (existing) invalid('Вы уже оценили это');
    }
    await takeReaction(accountability);
    return { ...payload, type, comment, post };
  });
  filter('reactions.items.update', async (payload, meta, { database, accountability }) => {
    const checked = 'type' in payload ? { ...payload, type: reactionType(payload.type) } : payload;
    // A like turns into a dislike only where a new one could be set: not on a review since deleted or hidden.
    // Only the caller's own reactions are looked at: of anyone else's, Directus's 403 is all there is to tell.
    if (!isPrivileged(accountability) && accountability?.user && meta.keys?.length) {
      const comments: (number | null)[] = await database('reactions').whereIn('id', meta.keys).where('user_created', accountability.user).distinct().pluck('comment');
      for (const comment of comments) if (comment !== null) await shownComment(database, comment);
    }
    await takeReaction(accountability, meta.keys?.length);
    return checked;
  });
  filter('reactions.items.delete', async (keys, _meta, { accountability }) => {
    await takeReaction(accountability, Array.isArray(keys) ? keys.length : 1);
    return keys;
  });

  filter('supportRequests.items.create', async (payload, _meta, { accountability }) => {
    const { name: n, email: e, message: m } = SUPPORT_REFUSALS;
    const name = requireText(payload.name, TEXT_LIMITS.supportName, n.missing, n.tooLong);
    const email = requireText(payload.email, 255, e.missing, e.tooLong);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) invalid(e.missing);
    const topic = topicOf(payload.topic);
    const message = requireText(payload.message, TEXT_LIMITS.supportMessage, m.missing, m.tooLong);
    if (!isPrivileged(accountability)) await paces.supportRequest.take(accountability?.user ?? addressKey(accountability?.ip));
    return { ...payload, name, email, topic, message };
  });
}

/** The topic may be left out; a long one is cut rather than refused (the form has no counter). */
function topicOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return invalid('Тема должна быть текстом');
  return value.trim().slice(0, TEXT_LIMITS.supportTopic);
}

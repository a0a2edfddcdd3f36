/** Reviews, posts and reactions: no blank text, capped lengths, one reaction per person. */
import { REACTION_TYPES, TEXT_LIMITS } from '../../../../shared/rules.ts';
import { isPrivileged } from '../../shared/accountability.ts';
import { invalid } from '../../shared/errors.ts';
import { keyOf, requireText } from './text-rules.ts';
import { tombstoneUpdate } from './tombstones.ts';
import type { Register } from './types.ts';

const commentText = (v: unknown) =>
  requireText(v, TEXT_LIMITS.comment, 'Комментарий не может быть пустым', `Комментарий длиннее ${TEXT_LIMITS.comment} символов`);
const COMMENT_TOMBSTONE = { noRestore: 'Удалённый комментарий не восстанавливается', gone: 'Комментарий удалён' };
const postText = (v: unknown) =>
  requireText(v, TEXT_LIMITS.post, 'Запись не может быть пустой', `Запись длиннее ${TEXT_LIMITS.post} символов`);

export function registerCommunityRules({ filter }: Register): void {
  filter('comments.items.create', async (payload, _meta, { database, accountability }) => {
    const text = commentText(payload.text);
    let title = keyOf(payload.title);
    let post = keyOf(payload.post);
    const parentId = keyOf(payload.comment);
    if (parentId !== null) {
      const parent = await database('comments').where('id', parentId).first('title', 'post', 'deleted');
      if (!parent) invalid('Комментарий, на который вы отвечаете, не найден');
      if (parent.deleted) invalid(COMMENT_TOMBSTONE.gone);
      // A reply lives where its parent lives, whatever the request said.
      title = parent.title;
      post = parent.post;
    }
    if ((title === null) === (post === null)) invalid('Комментарий относится либо к тайтлу, либо к записи');
    // Reviews go under titles visitors can see, not under drafts an editor is still preparing.
    if (title !== null && !isPrivileged(accountability)) {
      const shown = await database('titles').where({ id: title, status: 'published' }).first('id');
      if (!shown) invalid('Тайтл не найден');
    }
    return { ...payload, text, title, post };
  });
  filter('comments.items.update', (payload, meta, { database }) =>
    tombstoneUpdate(payload, meta.keys ?? [], 'comments', database, COMMENT_TOMBSTONE, commentText));

  filter('posts.items.create', (payload) => ({ ...payload, text: postText(payload.text) }));
  filter('posts.items.update', (payload) => ('text' in payload ? { ...payload, text: postText(payload.text) } : payload));

  filter('reactions.items.create', async (payload, _meta, { database, accountability }) => {
    if (!(REACTION_TYPES as readonly string[]).includes(payload.type)) invalid('Реакция может быть только like или dislike');
    const comment = keyOf(payload.comment);
    const post = keyOf(payload.post);
    if ((comment === null) === (post === null)) invalid('Реакция ставится либо на комментарий, либо на запись');
    if (accountability?.user) {
      const target = comment !== null ? { comment } : { post };
      const existing = await database('reactions').where({ ...target, user_created: accountability.user }).first('id');
      if (existing) invalid('Вы уже оценили это');
    }
    return payload;
  });
  filter('reactions.items.update', (payload) => {
    if ('type' in payload && !(REACTION_TYPES as readonly string[]).includes(payload.type)) invalid('Реакция может быть только like или dislike');
    return payload;
  });

  filter('supportRequests.items.create', (payload) => {
    const name = requireText(payload.name, TEXT_LIMITS.supportName, 'Укажите имя', 'Слишком длинное имя');
    const email = typeof payload.email === 'string' ? payload.email.trim() : '';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 255) invalid('Укажите корректный email');
    const topic = typeof payload.topic === 'string' ? payload.topic.trim().slice(0, TEXT_LIMITS.supportTopic) : '';
    const message = requireText(payload.message, TEXT_LIMITS.supportMessage, 'Напишите сообщение', 'Слишком длинное сообщение');
    return { ...payload, name, email, topic, message };
  });
}

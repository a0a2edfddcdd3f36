/**
 * What goes with a deleted account (POST /site/account/delete), as docs/architecture.md's
 * «Deleting an account» says: everything the person wrote, rated, marked and uploaded, with the
 * threads that hang on it (comments on their posts, the private chats they started); what others
 * wrote elsewhere stays, replies to their reviews included, under «Комментарий удалён».
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { admin, call, newTitle, newUser, pngBytes, type TestUser } from '../support/api.ts';
import { adminRead, asAdmin, chatUpload, countRows, expectRefused, uploadAs } from '../support/fixtures.ts';

let leaving: TestUser;
let staying: TestUser;
/** Started a private chat with the leaving person (one chat per pair, so not `staying`). */
let friend: TestUser;
const ids: Record<string, number | string> = {};

async function made(who: TestUser, path: string, body: unknown): Promise<number> {
  const res = await who.call('POST', path, body);
  expect(res.status, `${path} ${JSON.stringify(res.errors)}`).toBe(200);
  return res.data.id;
}

beforeAll(async () => {
  [leaving, staying, friend] = await Promise.all([newUser(), newUser(), newUser()]);
  const title = await newTitle();
  const actor = await (await admin()).post<{ id: number }>('/items/actors', { slug: `actor-${leaving.login}`, nameRu: 'Актёр для удаления' });

  ids.title = title.id;
  ids.review = await made(leaving, '/items/comments', { text: 'Мой отзыв', title: title.id });
  ids.replyToReview = await made(staying, '/items/comments', { text: 'Ответ на отзыв', comment: ids.review });
  ids.myReplyToMyReview = await made(leaving, '/items/comments', { text: 'Мой ответ себе', comment: ids.review });
  ids.reviewWithOwnReply = await made(leaving, '/items/comments', { text: 'Отзыв без чужих ответов', title: title.id });
  ids.ownReplyOnly = await made(leaving, '/items/comments', { text: 'Дополнение', comment: ids.reviewWithOwnReply });
  ids.othersReview = await made(staying, '/items/comments', { text: 'Чужой отзыв', title: title.id });
  ids.myReply = await made(leaving, '/items/comments', { text: 'Мой ответ', comment: ids.othersReview });
  ids.myReaction = await made(leaving, '/items/reactions', { type: 'like', comment: ids.othersReview });
  ids.post = await made(leaving, '/items/posts', { text: 'Моя запись' });
  ids.commentOnPost = await made(staying, '/items/comments', { text: 'Комментарий к записи', post: ids.post });
  ids.reactionOnPost = await made(staying, '/items/reactions', { type: 'like', post: ids.post });
  ids.rating = await made(leaving, '/items/ratings', { title: title.id, rating: 4 });
  ids.mark = await made(leaving, '/items/favorites', { title: title.id, type: 'Смотрю' });
  ids.favouriteActor = await made(leaving, '/items/favoriteActors', { actor: actor.id });
  const episode = await (await admin()).post<{ id: number }>('/items/series', { title: title.id, name: '1 серия' });
  ids.watched = await made(leaving, '/items/watchedEpisodes', { episode: episode.id });
  ids.publicMessage = await made(leaving, '/items/messages', { text: 'Всем привет', publicChat: true });
  ids.publicReply = await made(staying, '/items/messages', { text: 'И тебе', message: ids.publicMessage, publicChat: true });
  ids.myChat = await made(leaving, '/items/chats', { user_invited: [{ directus_users_id: staying.id }] });
  ids.answerInMyChat = await made(staying, '/items/messages', { text: 'Ответ в чате', privateChat: ids.myChat });
  ids.theirChat = await made(friend, '/items/chats', { user_invited: [{ directus_users_id: leaving.id }] });
  ids.theirMessage = await made(friend, '/items/messages', { text: 'Привет', privateChat: ids.theirChat });
  ids.myMessageInTheirChat = await made(leaving, '/items/messages', { text: 'Привет и тебе', privateChat: ids.theirChat });
  ids.friendship = await made(staying, '/items/friendships', { addressee: leaving.id });
  expect((await leaving.call('PATCH', `/items/friendships/${ids.friendship}`, { status: 'accepted' })).status).toBe(200);
  ids.myFriendRequest = await made(leaving, '/items/friendships', { addressee: friend.id });
  const upload = await uploadAs(leaving, pngBytes(), 'image/png', 'me.png');
  ids.upload = upload.data.id;
  const plan = await (await admin()).post<{ id: number }>('/items/plans', { name: `План ${leaving.login}`, price: 399, currency: 'RUB', role: 'x', durationDays: 30 });
  ids.invoice = (await (await admin()).post<{ id: string }>('/items/invoices', { user: leaving.id, plan: plan.id, amount: 399, currency: 'RUB', gateway: 'test', orderId: randomUUID() })).id;

  expect((await leaving.call('POST', '/site/account/delete', { password: leaving.password })).status).toBe(204);
});

const exists = async (collection: string, id: number | string) => (await countRows(collection, { id: { _eq: id } })) === 1;

describe('a deleted account', () => {
  it('is gone', async () => {
    expect(await exists('directus_users', leaving.id)).toBe(false);
    expect(await exists('directus_users', staying.id)).toBe(true);
  });

  it('takes its reviews nobody else answered, its replies and reactions elsewhere', async () => {
    for (const key of ['reviewWithOwnReply', 'ownReplyOnly', 'myReplyToMyReview', 'myReply', 'myReaction']) {
      expect(await exists(key === 'myReaction' ? 'reactions' : 'comments', ids[key]), key).toBe(false);
    }
    expect(await exists('comments', ids.othersReview)).toBe(true);
  });

  it('keeps a review others answered as a deleted one without its text or author, and their replies under it', async () => {
    expect(await adminRead('comments', ids.review, 'text,deleted,user_created')).toEqual({ text: '', deleted: true, user_created: null });
    expect(await adminRead('comments', ids.replyToReview, 'text,comment')).toEqual({ text: 'Ответ на отзыв', comment: ids.review });
    // A visitor reads the thread as the title page does: the deleted review, and the reply under it.
    const thread = await call('GET', `/items/comments?fields=id,text,deleted,user_created,replies.text&filter[id][_eq]=${ids.review}`);
    expect(thread.data).toEqual([{ id: ids.review, text: '', deleted: true, user_created: null, replies: [{ text: 'Ответ на отзыв' }] }]);
  });

  it('takes its posts with the comments and reactions on them', async () => {
    expect(await exists('posts', ids.post)).toBe(false);
    expect(await exists('comments', ids.commentOnPost)).toBe(false);
    expect(await exists('reactions', ids.reactionOnPost)).toBe(false);
  });

  it('takes its friendships and friend requests, whoever asked', async () => {
    expect(await exists('friendships', ids.friendship)).toBe(false);
    expect(await exists('friendships', ids.myFriendRequest)).toBe(false);
    expect(await countRows('friendships', { _or: [{ requester: { _eq: leaving.id } }, { addressee: { _eq: leaving.id } }] })).toBe(0);
  });

  it('takes its ratings, marks, favourite actors, watched episodes, uploads and invoices', async () => {
    expect(await exists('invoices', ids.invoice)).toBe(false);
    expect(await exists('watchedEpisodes', ids.watched)).toBe(false);
    expect(await exists('ratings', ids.rating)).toBe(false);
    expect(await exists('favorites', ids.mark)).toBe(false);
    expect(await exists('favoriteActors', ids.favouriteActor)).toBe(false);
    expect(await exists('directus_files', ids.upload)).toBe(false);
  });

  it('takes its chat messages; a reply to one stays, without the quote', async () => {
    expect(await exists('messages', ids.publicMessage)).toBe(false);
    expect(await adminRead('messages', ids.publicReply, 'text,message')).toEqual({ text: 'И тебе', message: null });
  });

  it('takes the private chats it started, the other member\'s messages in them included', async () => {
    expect(await exists('chats', ids.myChat)).toBe(false);
    expect(await exists('messages', ids.answerInMyChat)).toBe(false);
  });

  it('leaves the chats others started with it, with their messages, and only its own messages go', async () => {
    expect(await exists('chats', ids.theirChat)).toBe(true);
    expect(await exists('messages', ids.theirMessage)).toBe(true);
    expect(await exists('messages', ids.myMessageInTheirChat)).toBe(false);
    expect(await countRows('chats_directus_users', { chats_id: { _eq: ids.theirChat } })).toBe(0);
  });
});

describe('an administrator deleting a person', () => {
  it('takes the person with their uploads and the pictures of the private chats they started (no 500)', async () => {
    const [person, other] = await Promise.all([newUser(), newUser()]);
    const avatar = (await uploadAs(person, pngBytes(), 'image/png', 'avatar.png')).data.id;
    expect((await person.call('PATCH', '/users/me', { avatar })).status).toBe(200);
    const chat = await made(person, '/items/chats', { user_invited: [{ directus_users_id: other.id }] });
    const chatPicture = (await call('POST', '/files', { token: other.token, body: chatUpload(chat) })).data.id;
    await made(other, '/items/messages', { text: 'Смотри', privateChat: chat, images: [{ directus_files_id: chatPicture }] });

    const res = await asAdmin('DELETE', `/users/${person.id}`);
    expect(res.status).toBe(204);
    expect(await exists('directus_users', person.id)).toBe(false);
    expect(await exists('directus_files', avatar)).toBe(false);
    expect(await exists('directus_files', chatPicture)).toBe(false);
    expect(await exists('chats', chat)).toBe(false);
  });

  it('keeps the catalogue media an editor uploaded, without its uploader', async () => {
    const editor = await newUser(EDITOR_ROLE);
    const poster = (await uploadAs(editor, pngBytes(), 'image/png', 'poster.png')).data.id;
    const title = await newTitle({ poster });
    expect((await asAdmin('DELETE', `/users/${editor.id}`)).status).toBe(204);
    expect(await adminRead('directus_files', poster, 'id,uploaded_by')).toEqual({ id: poster, uploaded_by: null });
    expect((await adminRead('titles', title.id, 'poster')).poster).toBe(poster);
  });

  it('refused as a whole (the last administrator among them) leaves every person with their files and uploader', async () => {
    const [person, editor] = await Promise.all([newUser(), newUser(EDITOR_ROLE)]);
    const file = (await uploadAs(person, pngBytes(), 'image/png', 'kept.png')).data.id;
    const poster = (await uploadAs(editor, pngBytes(), 'image/png', 'poster.png')).data.id;
    const adminAccess = { policies: { policy: { admin_access: { _eq: true } } } };
    const admins = await (await admin()).get<{ id: string }[]>(
      `/users?fields=id&limit=-1&filter=${encodeURIComponent(JSON.stringify({ _or: [adminAccess, { role: adminAccess }] }))}`,
    );
    expect(admins.length).toBeGreaterThan(0);

    expectRefused(await asAdmin('DELETE', '/users', [person.id, editor.id, ...admins.map((a) => a.id)]), 422);
    expect(await exists('directus_users', person.id)).toBe(true);
    expect(await adminRead('directus_files', file, 'id,uploaded_by')).toEqual({ id: file, uploaded_by: person.id });
    expect(await adminRead('directus_files', poster, 'id,uploaded_by')).toEqual({ id: poster, uploaded_by: editor.id });
  });

  it('is refused to a person deleting someone else, whose files stay', async () => {
    const [victim, attacker] = await Promise.all([newUser(), newUser()]);
    const file = (await uploadAs(victim, pngBytes(), 'image/png', 'mine.png')).data.id;
    expectRefused(await attacker.call('DELETE', `/users/${victim.id}`), 403);
    expect(await exists('directus_files', file)).toBe(true);
    expect(await exists('directus_users', victim.id)).toBe(true);
  });
});

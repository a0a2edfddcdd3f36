/** A signed-in user acts as themselves only. */
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ACCOUNT_MESSAGES, ROLES } from '../../shared/rules.ts';
import { CURRENT_PASSWORD_NEEDED } from '../../shared/current-password.ts';
import { admin, baseUrl, call, newTitle, newUser, type TestUser } from '../support/api.ts';
import { NOT_JSON_TYPE } from '../../directus/extensions/shared/json-body.ts';
import { adminRead, countRows, expectNothingStored, expectRefused } from '../support/fixtures.ts';
import { stepsThroughHidden } from '../../directus/extensions/site-rules/src/query-check.ts';

let me: TestUser;
let other: TestUser;
let title: { id: number; slug: string };
let actorId: number;

beforeAll(async () => {
  [me, other] = await Promise.all([newUser(), newUser()]);
  title = await newTitle();
  actorId = (await (await admin()).post('/items/actors', { slug: `user-actor-${Date.now()}`, nameRu: 'Актёр' })).id;
});

describe('own profile', () => {
  it('changes login, names, dob, gender and about-me through /users/me', async () => {
    const login = `me${Date.now().toString(36)}`;
    const res = await me.call('PATCH', '/users/me', {
      login, first_name: 'Ирина', last_name: 'Ким', dob: '1998-07-21', gender: 'Женский', aboutMe: 'Смотрю лакорны',
    });
    expect(res.status).toBe(200);
    const stored = await adminRead('directus_users', me.id, 'login,first_name,last_name,dob,gender,aboutMe');
    expect(stored).toEqual({ login, first_name: 'Ирина', last_name: 'Ким', dob: '1998-07-21', gender: 'Женский', aboutMe: 'Смотрю лакорны' });
    me.login = login;
  });

  it('changes its email or password only with the current password, which is never stored, and a token alone changes neither', async () => {
    const person = await newUser();
    const moved = `moved-${person.login}@example.com`;
    for (const change of [{ email: moved }, { password: 'a-thief-password-1' }]) {
      expectRefused(await person.call('PATCH', '/users/me', change), 400, CURRENT_PASSWORD_NEEDED);
      expectRefused(await person.call('PATCH', '/users/me', { ...change, current_password: 'not-the-password' }), 400, ACCOUNT_MESSAGES.wrongPassword);
      expectRefused(await person.call('PATCH', '/users/me', { ...change, current_password: 12345 }), 400, CURRENT_PASSWORD_NEEDED);
    }
    const graphql = await person.call('POST', '/graphql/system', { query: `mutation { update_users_me(data: { email: "${moved}" }) { id } }` });
    expect(JSON.stringify(graphql.errors)).toContain(CURRENT_PASSWORD_NEEDED);
    expect(await adminRead('directus_users', person.id, 'email')).toEqual({ email: person.email });
    expect((await call('POST', '/auth/login', { body: { email: person.email, password: person.password } })).status).toBe(200);
    // The email unchanged needs nothing, nor does anything else sent along a current password.
    expect((await person.call('PATCH', '/users/me', { email: person.email.toUpperCase(), first_name: 'Вера' })).status).toBe(200);
    expect((await person.call('PATCH', '/users/me', { aboutMe: 'Лакорны', current_password: person.password })).status).toBe(200);
    expect((await person.call('PATCH', '/users/me', { email: moved, current_password: person.password })).status).toBe(200);
    expect(await adminRead('directus_users', person.id, 'email')).toEqual({ email: moved });
  });

  it('reads its own email, role and plan through /users/me', async () => {
    const res = await me.call('GET', '/users/me?fields=id,email,role,plan,login');
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ id: me.id, email: me.email, role: ROLES.user, plan: null, login: me.login });
  });

  it.each([
    ['role', ROLES.premiumPlus],
    ['plan', 2],
    ['paidUntil', '2099-01-01T00:00:00'],
    ['status', 'suspended'],
    ['token', 'my-own-static-token'],
  ])('cannot set its own %s', async (field, value) => {
    const before = await adminRead('directus_users', me.id, 'role,plan,paidUntil,status,token');
    const res = await me.call('PATCH', '/users/me', { [field]: value });
    expectRefused(res, 403);
    expect(await adminRead('directus_users', me.id, 'role,plan,paidUntil,status,token')).toEqual(before);
  });

  it('has a mixed update refused as a whole when it touches the role', async () => {
    const res = await me.call('PATCH', '/users/me', { aboutMe: 'Пробую повыситься', role: ROLES.premium });
    expectRefused(res, 403);
    const stored = await adminRead('directus_users', me.id, 'role,aboutMe');
    expect(stored).toEqual({ role: ROLES.user, aboutMe: 'Смотрю лакорны' });
  });

  it('cannot change another user', async () => {
    const res = await me.call('PATCH', `/users/${other.id}`, { aboutMe: 'Взломано', first_name: 'Взлом' });
    expectRefused(res, 403);
    expect(await adminRead('directus_users', other.id, 'aboutMe,first_name')).toEqual({ aboutMe: null, first_name: 'Тест' });
  });

  it('cannot change another user in a batch update', async () => {
    const res = await me.call('PATCH', '/users', { keys: [me.id, other.id], data: { aboutMe: 'Пакетный взлом' } });
    expectRefused(res, 403);
    expect((await adminRead('directus_users', other.id, 'aboutMe')).aboutMe).toBeNull();
  });

  it('cannot delete another user or itself through the API', async () => {
    expectRefused(await me.call('DELETE', `/users/${other.id}`), 403);
    expect(await countRows('directus_users', { id: { _eq: other.id } })).toBe(1);
  });
});

describe('other people\'s private fields', () => {
  it('sees the public profile of another user but not the email', async () => {
    const res = await me.call('GET', `/users/${other.id}?fields=id,login,email`);
    expect(res.status).toBe(200);
    expect(res.data.login).toBe(other.login);
    expect(res.data.email ?? null).toBeNull();
  });

  it('sees no email but its own in a user list', async () => {
    const res = await me.call('GET', `/users?fields=id,email&filter[id][_in]=${me.id},${other.id}`);
    expect(res.status).toBe(200);
    const emails = Object.fromEntries(res.data.map((u: { id: string; email: string | null }) => [u.id, u.email ?? null]));
    expect(emails).toEqual({ [me.id]: me.email, [other.id]: null });
  });

  it('cannot learn who owns an email by filtering on it', async () => {
    const res = await me.call('GET', `/users?fields=id&filter[email][_eq]=${encodeURIComponent(other.email)}`);
    expectRefused(res, 403);
    expect(JSON.stringify(res.data ?? null)).not.toContain(other.id);
  });

  it('cannot learn who pays by filtering or sorting on role, plan or email', async () => {
    expectRefused(await me.call('GET', `/users?fields=id&filter[role][_eq]=${ROLES.premium}`), 403);
    expectRefused(await me.call('GET', '/users?fields=id&filter[plan][_nnull]=true'), 403);
    expectRefused(await me.call('GET', '/users?fields=id&sort=email'), 403);
    expectRefused(await me.call('GET', '/users?fields=id&groupBy[]=role&aggregate[count]=id'), 403);
  });

  it('cannot read who pays through the plan\'s own fields, by REST or GraphQL, and still reads its own plan', async () => {
    const paying = await newUser(ROLES.premium);
    await (await admin()).patch(`/users/${paying.id}`, { plan: 1 });
    await paying.call('POST', '/items/comments', { text: 'Отзыв подписчика', title: title.id });
    const who = `filter[id][_eq]=${paying.id}`;
    expectRefused(await me.call('GET', `/users?${who}&fields=login,plan.name`), 403, stepsThroughHidden('plan'));
    expectRefused(await me.call('GET', `/users?${who}&fields=login,p.id&alias[p]=plan`), 403, stepsThroughHidden('plan'));
    expectRefused(await me.call('GET', `/users?${who}&fields=*.*`), 403);
    expectRefused(await me.call('GET', `/items/comments?filter[user_created][_eq]=${paying.id}&fields=user_created.plan.id`), 403, stepsThroughHidden('plan'));
    const graphql = await me.call('POST', '/graphql/system', { query: `{ users(filter: { id: { _eq: "${paying.id}" } }) { login plan { name } } }` });
    expect(graphql.data?.users ?? null).toBeNull();
    expect(JSON.stringify(graphql.errors)).toContain(stepsThroughHidden('plan'));
    // Asked alone, another person's plan is hidden; the person's own is theirs to read.
    expect((await me.call('GET', `/users?${who}&fields=login,plan`)).data).toEqual([{ login: paying.login, plan: null }]);
    expect((await paying.call('GET', '/users/me?fields=plan')).data).toEqual({ plan: 1 });
  });

  it('cannot reach an email through a relation, a deep filter or a sort', async () => {
    await other.call('POST', '/items/comments', { text: 'Чужой отзыв', title: title.id });
    const q = encodeURIComponent(other.email);
    expectRefused(await me.call('GET', `/items/comments?fields=id&filter[user_created][email][_eq]=${q}`), 403);
    expectRefused(await me.call('GET', `/items/titles?fields=id,comments.id&deep[comments][_filter][user_created][email][_eq]=${q}`), 403);
    expectRefused(await me.call('GET', '/items/comments?fields=id&sort=user_created.email'), 403);
  });

  it('still finds users by login, as the profile page does', async () => {
    const res = await me.call('GET', `/users?fields=id,login&filter[login][_eq]=${other.login}&limit=1`);
    expect(res.data).toEqual([{ id: other.id, login: other.login }]);
  });
});

describe('marks, ratings and actor favourites are private', () => {
  let theirMark: number;
  let theirRating: number;
  let theirActor: number;

  beforeAll(async () => {
    theirMark = (await other.call('POST', '/items/favorites', { type: 'Смотрю', title: title.id })).data.id;
    theirRating = (await other.call('POST', '/items/ratings', { rating: 2, title: title.id })).data.id;
    theirActor = (await other.call('POST', '/items/favoriteActors', { user: other.id, actor: actorId })).data.id;
  });

  it('creates its own mark, authored by itself', async () => {
    const res = await me.call('POST', '/items/favorites', { type: 'Избранное', title: title.id });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ type: 'Избранное', title: title.id, user_created: me.id });
  });

  it('lists its own marks only', async () => {
    const res = await me.call('GET', `/items/favorites?filter[title][_eq]=${title.id}&fields=type,user_created`);
    expect(res.data).toEqual([{ type: 'Избранное', user_created: me.id }]);
  });

  it('cannot read or delete another user\'s mark', async () => {
    expectRefused(await me.call('GET', `/items/favorites/${theirMark}`), 403);
    expectRefused(await me.call('DELETE', `/items/favorites/${theirMark}`), 403);
    expect(await countRows('favorites', { id: { _eq: theirMark } })).toBe(1);
  });

  it('deletes its own mark', async () => {
    const mine = await me.call('POST', '/items/favorites', { type: 'Буду смотреть', title: title.id });
    expect((await me.call('DELETE', `/items/favorites/${mine.data.id}`)).status).toBe(204);
    expect(await countRows('favorites', { id: { _eq: mine.data.id } })).toBe(0);
  });

  it('rates a title as itself and sees only its own rating', async () => {
    const res = await me.call('POST', '/items/ratings', { rating: 4, title: { id: title.id } });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ rating: 4, title: title.id, user_created: me.id });
    const list = await me.call('GET', `/items/ratings?filter[title][_eq]=${title.id}&fields=rating,user_created`);
    expect(list.data).toEqual([{ rating: 4, user_created: me.id }]);
  });

  it('cannot read, change or delete another user\'s rating', async () => {
    expectRefused(await me.call('GET', `/items/ratings/${theirRating}`), 403);
    expectRefused(await me.call('PATCH', `/items/ratings/${theirRating}`, { rating: 5 }), 403);
    expectRefused(await me.call('DELETE', `/items/ratings/${theirRating}`), 403);
    expect(await adminRead('ratings', theirRating, 'rating')).toEqual({ rating: 2 });
  });

  it('replaces its rating by deleting and creating, as the title page does', async () => {
    const mine = await me.call('GET', `/items/ratings?filter[title][_eq]=${title.id}&fields=id`);
    expect((await me.call('DELETE', `/items/ratings/${mine.data[0].id}`)).status).toBe(204);
    const again = await me.call('POST', '/items/ratings', { rating: 5, title: title.id });
    expect(again.data.rating).toBe(5);
  });

  it('favourites an actor for itself even when it names someone else', async () => {
    const res = await me.call('POST', '/items/favoriteActors', { user: other.id, actor: actorId });
    expect(res.status).toBe(200);
    expect(res.data.user).toBe(me.id);
    expect(await countRows('favoriteActors', { user: { _eq: other.id }, actor: { _eq: actorId } })).toBe(1);
  });

  it('lists its own favourite actors only', async () => {
    const res = await me.call('GET', `/items/favoriteActors?filter[actor][_eq]=${actorId}&fields=user,actor`);
    expect(res.data).toEqual([{ user: me.id, actor: actorId }]);
  });

  it('cannot read or delete another user\'s favourite actor', async () => {
    expectRefused(await me.call('GET', `/items/favoriteActors/${theirActor}`), 403);
    expectRefused(await me.call('DELETE', `/items/favoriteActors/${theirActor}`), 403);
    expect(await countRows('favoriteActors', { id: { _eq: theirActor } })).toBe(1);
  });

  it('cannot read another user\'s invoices', async () => {
    const a = await admin();
    const invoice = await a.post('/items/invoices', { user: other.id, plan: 1, amount: 399, currency: 'RUB', gateway: 'crypto', orderId: randomUUID() });
    const mine = await a.post('/items/invoices', { user: me.id, plan: 2, amount: 699, currency: 'RUB', gateway: 'crypto', orderId: randomUUID() });
    expectRefused(await me.call('GET', `/items/invoices/${invoice.id}`), 403);
    const list = await me.call('GET', '/items/invoices?fields=id,amount');
    expect(list.data.map((i: { id: string; amount: string | number }) => [i.id, Number(i.amount)])).toEqual([[mine.id, 699]]);
  });
});

describe('authors are set by the backend', () => {
  it.each([
    ['comments', () => ({ text: 'Отзыв от чужого имени', title: title.id })],
    ['posts', () => ({ text: 'Запись от чужого имени' })],
    ['messages', () => ({ text: 'Сообщение от чужого имени', publicChat: true })],
    ['favorites', () => ({ type: 'Смотрел', title: title.id })],
  ])('refuses %s with a forged user_created and stores nothing under either name', async (collection, body) => {
    const res = await expectNothingStored(collection, {}, () =>
      me.call('POST', `/items/${collection}`, { ...body(), user_created: other.id }));
    expectRefused(res, 403);
  });

  it('refuses a reaction with a forged user_created', async () => {
    const comment = await other.call('POST', '/items/comments', { text: 'Есть на что реагировать', title: title.id });
    const res = await expectNothingStored('reactions', {}, () =>
      me.call('POST', '/items/reactions', { type: 'like', comment: comment.data.id, user_created: other.id }));
    expectRefused(res, 403);
  });

  it.each([
    ['comments', () => ({ text: 'Мой отзыв', title: title.id })],
    ['posts', () => ({ text: 'Моя запись' })],
    ['messages', () => ({ text: 'Моё сообщение', publicChat: true })],
  ])('stores %s with the caller as author', async (collection, body) => {
    const res = await me.call('POST', `/items/${collection}`, body());
    expect(res.status).toBe(200);
    expect((await adminRead(collection, res.data.id, 'user_created')).user_created).toBe(me.id);
  });

  it('stores a reaction with the caller as author', async () => {
    const comment = await other.call('POST', '/items/comments', { text: 'Оцените меня', title: title.id });
    const res = await me.call('POST', '/items/reactions', { type: 'dislike', comment: comment.data.id });
    expect(res.status).toBe(200);
    expect((await adminRead('reactions', res.data.id, 'user_created,type')).user_created).toBe(me.id);
  });
});

describe('posts, messages and comments: own only', () => {
  it('deletes its own post', async () => {
    const post = await me.call('POST', '/items/posts', { text: 'Удалю позже' });
    expect((await me.call('DELETE', `/items/posts/${post.data.id}`)).status).toBe(204);
    expect(await countRows('posts', { id: { _eq: post.data.id } })).toBe(0);
  });

  it('cannot delete another user\'s post', async () => {
    const post = await other.call('POST', '/items/posts', { text: 'Моё, не трогать' });
    expectRefused(await me.call('DELETE', `/items/posts/${post.data.id}`), 403);
    expect(await countRows('posts', { id: { _eq: post.data.id } })).toBe(1);
  });

  it('cannot edit a post, even its own', async () => {
    const author = await newUser();
    const post = await author.call('POST', '/items/posts', { text: 'Как было' });
    expectRefused(await author.call('PATCH', `/items/posts/${post.data.id}`, { text: 'Как стало' }), 403);
    expect((await adminRead('posts', post.data.id, 'text')).text).toBe('Как было');
  });

  it('deletes its own message by marking it deleted: the text goes, the row stays as a tombstone', async () => {
    const msg = await me.call('POST', '/items/messages', { text: 'Сотру' });
    const res = await me.call('PATCH', `/items/messages/${msg.data.id}`, { deleted: true, text: 'и оставлю новый текст' });
    expect(res.status).toBe(200);
    expect(await adminRead('messages', msg.data.id, 'deleted,text')).toEqual({ deleted: true, text: '' });
  });

  it('cannot delete a message through DELETE, its own included', async () => {
    const msg = await me.call('POST', '/items/messages', { text: 'Через DELETE не уйду' });
    expectRefused(await me.call('DELETE', `/items/messages/${msg.data.id}`), 403);
    expect(await adminRead('messages', msg.data.id, 'text,deleted')).toEqual({ text: 'Через DELETE не уйду', deleted: false });
  });

  it('cannot delete another user\'s message', async () => {
    const msg = await other.call('POST', '/items/messages', { text: 'Не ваше' });
    expectRefused(await me.call('DELETE', `/items/messages/${msg.data.id}`), 403);
    expectRefused(await me.call('PATCH', `/items/messages/${msg.data.id}`, { deleted: true }), 403);
    expect(await adminRead('messages', msg.data.id, 'text,deleted')).toEqual({ text: 'Не ваше', deleted: false });
  });

  it('can neither restore nor edit a deleted message', async () => {
    const msg = await me.call('POST', '/items/messages', { text: 'Было и нет' });
    await me.call('PATCH', `/items/messages/${msg.data.id}`, { deleted: true });
    expectRefused(await me.call('PATCH', `/items/messages/${msg.data.id}`, { deleted: false }), 400, 'Удалённое сообщение не восстанавливается');
    expectRefused(await me.call('PATCH', `/items/messages/${msg.data.id}`, { text: 'Воскрес' }), 400, 'Сообщение удалено');
    expect(await adminRead('messages', msg.data.id, 'text,deleted')).toEqual({ text: '', deleted: true });
  });

  it('edits a live message sent back whole with `deleted: false`, which is no restoring; its edits keep their pace', async () => {
    const msg = await me.call('POST', '/items/messages', { text: 'Живое' });
    expect((await me.call('PATCH', `/items/messages/${msg.data.id}`, { text: 'Живое, правка', deleted: false })).status).toBe(200);
    expect((await me.call('PATCH', `/items/messages/${msg.data.id}`, { deleted: false })).status).toBe(200);
    expect(await adminRead('messages', msg.data.id, 'text,deleted')).toEqual({ text: 'Живое, правка', deleted: false });
    expectRefused(await me.call('PATCH', `/items/messages/${msg.data.id}`, { text: '   ', deleted: false }), 400, 'Сообщение не может быть пустым');
    expectRefused(await me.call('PATCH', `/items/messages/${msg.data.id}`, { deleted: 'нет' }), 400);
  });

  it('is told a message sent in any form but JSON is not JSON, not that it is empty; nothing is stored', async () => {
    const before = await countRows('messages', { user_created: { _eq: me.id } });
    for (const [body, type] of [['hello', 'text/plain'], ['text=hello', 'application/x-www-form-urlencoded'], ['{"text":"hello"}', 'text/plain']]) {
      const res = await fetch(`${baseUrl()}/items/messages`, { method: 'POST', headers: { authorization: `Bearer ${me.token}`, 'content-type': type }, body });
      expectRefused({ status: res.status, data: undefined, errors: (await res.json()).errors }, 400, NOT_JSON_TYPE);
    }
    // A form of parts too: only the files' routes read one.
    const form = new FormData();
    form.append('text', 'hello');
    const res = await fetch(`${baseUrl()}/items/messages`, { method: 'POST', headers: { authorization: `Bearer ${me.token}` }, body: form });
    expectRefused({ status: res.status, data: undefined, errors: (await res.json()).errors }, 400, NOT_JSON_TYPE);
    expect(await countRows('messages', { user_created: { _eq: me.id } })).toBe(before);
  });

  it('edits the text of its own message', async () => {
    const msg = await me.call('POST', '/items/messages', { text: 'Опечатка' });
    const res = await me.call('PATCH', `/items/messages/${msg.data.id}`, { text: 'Исправлено' });
    expect(res.status).toBe(200);
    expect((await adminRead('messages', msg.data.id, 'text')).text).toBe('Исправлено');
  });

  it('cannot move its own message to another chat or change anything but the text', async () => {
    const msg = await me.call('POST', '/items/messages', { text: 'Остаюсь в общем чате' });
    expectRefused(await me.call('PATCH', `/items/messages/${msg.data.id}`, { publicChat: false }), 403);
    expectRefused(await me.call('PATCH', `/items/messages/${msg.data.id}`, { text: 'Новый', user_created: other.id }), 403);
    expect(await adminRead('messages', msg.data.id, 'text,publicChat,user_created')).toEqual({
      text: 'Остаюсь в общем чате', publicChat: true, user_created: me.id,
    });
  });

  it('cannot edit another user\'s message', async () => {
    const msg = await other.call('POST', '/items/messages', { text: 'Оригинал' });
    expectRefused(await me.call('PATCH', `/items/messages/${msg.data.id}`, { text: 'Подмена' }), 403);
    expect((await adminRead('messages', msg.data.id, 'text')).text).toBe('Оригинал');
  });

  it('cannot edit or delete another user\'s comment', async () => {
    const comment = await other.call('POST', '/items/comments', { text: 'Честный отзыв', title: title.id });
    expectRefused(await me.call('PATCH', `/items/comments/${comment.data.id}`, { text: 'Подделка' }), 403);
    expectRefused(await me.call('DELETE', `/items/comments/${comment.data.id}`), 403);
    expect((await adminRead('comments', comment.data.id, 'text')).text).toBe('Честный отзыв');
  });

  it('cannot change a reaction of someone else', async () => {
    const comment = await me.call('POST', '/items/comments', { text: 'Реакции', title: title.id });
    const reaction = await other.call('POST', '/items/reactions', { type: 'like', comment: comment.data.id });
    expectRefused(await me.call('PATCH', `/items/reactions/${reaction.data.id}`, { type: 'dislike' }), 403);
    expectRefused(await me.call('DELETE', `/items/reactions/${reaction.data.id}`), 403);
    expect((await adminRead('reactions', reaction.data.id, 'type')).type).toBe('like');
  });

  it('cannot write to the catalogue', async () => {
    expectRefused(await me.call('PATCH', `/items/titles/${title.id}`, { views: 999 }), 403);
    const res = await expectNothingStored('titles', {}, () => me.call('POST', '/items/titles', { slug: 'user-made', name: 'Мой тайтл' }));
    expectRefused(res, 403);
  });
});

describe('public reads still work for a signed-in user', () => {
  it('reads public chat messages of others', async () => {
    const msg = await other.call('POST', '/items/messages', { text: 'Всем привет' });
    const res = await me.call('GET', `/items/messages/${msg.data.id}?fields=text,publicChat`);
    expect(res.data).toEqual({ text: 'Всем привет', publicChat: true });
  });

  it('reads a title as a visitor does', async () => {
    const res = await call('GET', `/items/titles/${title.id}?fields=id`, { token: me.token });
    expect(res.data).toEqual({ id: title.id });
  });
});

describe('writes to an account not one\'s own', () => {
  it('are a 403 before any profile rule, so none tells that a login is taken', async () => {
    for (const token of [undefined, me.token]) {
      const made = await expectNothingStored('directus_users', {}, () => call('POST', '/users', { token, body: { login: other.login } }));
      expectRefused(made, 403);
    }
    expectRefused(await call('PATCH', `/users/${other.id}`, { body: { dob: '2020-01-01' } }), 403);
    expectRefused(await me.call('PATCH', `/users/${other.id}`, { login: other.login }), 403);
    expect((await adminRead('directus_users', other.id, 'login')).login).toBe(other.login);
    expect((await me.call('PATCH', '/users/me', { first_name: 'Своё' })).status).toBe(200);
  });
});

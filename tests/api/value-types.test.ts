/**
 * Every rule checks a value's type before its content: a number or a list where text, an id or a
 * flag belongs is refused with a 400 and stores nothing, on every path that takes it.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNT_MESSAGES, ROLES } from '../../shared/rules.ts';
import { BAD_KEY } from '../../directus/extensions/shared/keys.ts';
import { NOT_FLAG, NOT_TEXT } from '../../directus/extensions/site-rules/src/values.ts';
import { BAD_TEXT_CHARACTER, STACKED_MARKS } from '../../shared/text-characters.ts';
import { NOT_A_WEB_ADDRESS } from '../../directus/extensions/site-rules/src/static-settings.ts';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { SOCIAL_LINK_MAX } from '../../directus/schema/collections.ts';
import { admin, call, newTitle, newUser, type TestUser } from '../support/api.ts';
import { adminRead, countRows, expectNothingStored, expectRefused } from '../support/fixtures.ts';
import { linkIn, mailTo } from '../support/mail.ts';

let user: TestUser;
let title: { id: number };
let episode: number;
let review: number;

const signsIn = async (email: string, password: unknown) =>
  (await call('POST', '/auth/login', { body: { email, password } })).status === 200;

beforeAll(async () => {
  user = await newUser();
  title = await newTitle();
  episode = (await (await admin()).post<{ id: number }>('/items/series', { title: title.id, name: 'Серия 1' })).id;
  review = (await user.call('POST', '/items/comments', { text: 'Отзыв для проверок', title: title.id })).data.id;
});

describe('passwords are text, on every path', () => {
  it.each([1, 12345678, ['x'], ['long-enough-password'], null, { a: 1 }, true])('PATCH /users/me refuses %j and the old password still signs in', async (password) => {
    const person = await newUser();
    expectRefused(await person.call('PATCH', '/users/me', { password }), 400, ACCOUNT_MESSAGES.passwordTooShort);
    expect(await signsIn(person.email, person.password)).toBe(true);
    if (typeof password === 'number' || Array.isArray(password)) expect(await signsIn(person.email, String(password))).toBe(false);
  });

  it('a reset link refuses a password that is not text', async () => {
    const person = await newUser();
    const resetPage = 'http://127.0.0.1:4321/reset-password';
    expect((await call('POST', '/auth/password/request', { body: { email: person.email, reset_url: resetPage } })).status).toBe(204);
    const token = new URL(linkIn(await mailTo(inject('mailOutbox'), person.email), resetPage)).searchParams.get('token');
    expect(token).toBeTruthy();
    for (const password of [12345678, ['long-enough-password']]) {
      const res = await call('POST', '/auth/password/reset', { body: { token, password } });
      expectRefused(res, 400);
    }
    expect(await signsIn(person.email, person.password)).toBe(true);
  });

  it('registration refuses a password that is not text', async () => {
    const email = `type-${Date.now()}@example.com`;
    const res = await call('POST', '/site/register', {
      body: { email, password: 12345678, login: `type_${Date.now()}`, first_name: 'Ли', last_name: 'Ким', dob: '1990-01-01', gender: 'Женский' },
    });
    expectRefused(res, 400, ACCOUNT_MESSAGES.fillAll);
    expect(await countRows('directus_users', { email: { _eq: email } })).toBe(0);
  });
});

describe('profile fields', () => {
  it.each([
    ['email', ['someone@example.com'], 'Укажите корректный email'],
    ['email', { value: 'someone@example.com' }, 'Укажите корректный email'],
    ['aboutMe', ['Обо мне'], NOT_TEXT],
    ['first_name', 5, NOT_TEXT],
    ['gender', ['Женский'], 'Пол: Мужской или Женский'],
    ['avatar', true, BAD_KEY],
    ['nameColor', [1], BAD_KEY],
  ])('refuse %s = %j with a 400, never a 500', async (field, value, message) => {
    const before = await adminRead('directus_users', user.id, field);
    expectRefused(await user.call('PATCH', '/users/me', { [field]: value }), 400, message);
    expect(await adminRead('directus_users', user.id, field)).toEqual(before);
  });
});

describe('ids are whole numbers or uuids', () => {
  it.each([true, [1], 1.5, -3, { name: 'новый' }, 'один'])('a rating refuses the title %j', async (titleRef) => {
    const res = await expectNothingStored('ratings', {}, () => user.call('POST', '/items/ratings', { rating: 4, title: titleRef }));
    expectRefused(res, 400);
  });

  it.each(['3', [4], 4.5, true])('a rating refuses the value %j', async (rating) => {
    const fresh = await newTitle();
    const res = await expectNothingStored('ratings', {}, () => user.call('POST', '/items/ratings', { rating, title: fresh.id }));
    expectRefused(res, 400, 'Оценка должна быть от 1 до 5');
  });

  it.each([true, [1]])('a review refuses the title %j', async (titleRef) => {
    const res = await expectNothingStored('comments', {}, () => user.call('POST', '/items/comments', { text: 'Отзыв', title: titleRef }));
    expectRefused(res, 400, BAD_KEY);
  });

  it.each([true, [review]])('a reaction refuses the review %j', async (commentRef) => {
    const res = await expectNothingStored('reactions', {}, () => user.call('POST', '/items/reactions', { type: 'like', comment: commentRef }));
    expectRefused(res, 400, BAD_KEY);
  });

  it.each([
    { privateChat: [1] },
    { privateChat: true },
    { message: true },
    { message: [1] },
  ])('a chat message refuses %j (it would have gone to the public chat, or answered message 1)', async (extra) => {
    const res = await expectNothingStored('messages', {}, () => user.call('POST', '/items/messages', { text: 'Привет', ...extra }));
    expectRefused(res, 400, BAD_KEY);
  });

  it('watching progress refuses an episode given as a list or a flag', async () => {
    for (const bad of [[episode], true]) {
      const res = await expectNothingStored('watchProgress', {}, () => user.call('PUT', `/site/progress/${title.id}`, { episode: bad }));
      expectRefused(res, 400, BAD_KEY);
    }
  });

  it('watching progress takes the episode as a number or its digits', async () => {
    expect((await user.call('PUT', `/site/progress/${title.id}`, { episode: String(episode) })).data.episode).toBe(episode);
  });
});

describe('flags are true or false', () => {
  it.each(['yes', 1, [true]])('deleting a review refuses deleted = %j', async (deleted) => {
    expectRefused(await user.call('PATCH', `/items/comments/${review}`, { deleted }), 400, NOT_FLAG);
    expect(await adminRead('comments', review, 'text,deleted')).toEqual({ text: 'Отзыв для проверок', deleted: false });
  });

  it('an alert is marked read with true only', async () => {
    const a = await admin();
    const watcher = await newUser(ROLES.user);
    const alert = await a.post<{ id: number }>('/items/alerts', { user: watcher.id, title: title.id, episode, read: false });
    expectRefused(await watcher.call('PATCH', `/items/alerts/${alert.id}`, { read: 'x' }), 400, NOT_FLAG);
    expect((await adminRead('alerts', alert.id, 'read')).read).toBe(false);
    expect((await watcher.call('PATCH', `/items/alerts/${alert.id}`, { read: true })).status).toBe(200);
  });
});

describe('texts are text', () => {
  it.each([
    ['a review', '/items/comments', () => ({ text: 5, title: title.id })],
    ['a post', '/items/posts', () => ({ text: ['Запись'] })],
    ['a chat message', '/items/messages', () => ({ text: { a: 'b' } })],
  ])('%s refuses text that is not a string', async (_what, path, body) => {
    expectRefused(await user.call('POST', path, body()), 400, NOT_TEXT);
  });

  it('a review refuses a list of 300,000 numbers for its text, and the backend answers afterwards', async () => {
    const res = await expectNothingStored('comments', {}, () => user.call('POST', '/items/comments', { text: new Array(300_000).fill(0), title: title.id }));
    expectRefused(res, 400, NOT_TEXT);
    expect((await user.call('GET', `/items/comments/${review}?fields=id`)).status).toBe(200);
  });

  it.each([
    { name: 5, email: 'a@example.com', message: 'Вопрос' },
    { name: 'Анна', email: ['a@example.com'], message: 'Вопрос' },
    { name: 'Анна', email: 'a@example.com', topic: 5, message: 'Вопрос' },
    { name: 'Анна', email: 'a@example.com', message: ['Вопрос'] },
  ])('a support request refuses %j', async (body) => {
    const res = await expectNothingStored('supportRequests', {}, () => call('POST', '/items/supportRequests', { body }));
    expectRefused(res, 400);
  });
});

describe('text holding a NUL character', () => {
  it.each([
    ['a review', 'comments', () => user.call('POST', '/items/comments', { text: 'Отзыв\u0000', title: title.id })],
    ['a post', 'posts', () => user.call('POST', '/items/posts', { text: 'Запись\u0000' })],
    ['a support request', 'supportRequests', () => call('POST', '/items/supportRequests', { body: { name: 'Анна', email: 'a@example.com', message: 'Вопрос\u0000' } })],
    ['a review by GraphQL', 'comments', () => user.call('POST', '/graphql', {
      query: 'mutation ($text: String!, $title: Int!) { create_comments_item(data: { text: $text, title: $title }) { id } }',
      variables: { text: 'Отзыв\u0000', title: title.id },
    })],
  ])('is refused in %s, and nothing is stored', async (_what, collection, send) => {
    // GraphQL tells a refused write inside a 200, as its protocol does.
    const res = await expectNothingStored(collection, {}, send);
    expect(res.status === 400 || (res.status === 200 && !res.data?.create_comments_item)).toBe(true);
    expect(res.errors?.[0]?.message).toContain(BAD_TEXT_CHARACTER);
  });

  it('is refused in an edited review, a profile and a registration, and what was stored stays', async () => {
    expectRefused(await user.call('PATCH', `/items/comments/${review}`, { text: 'Правка\u0000' }), 400, BAD_TEXT_CHARACTER);
    expect((await adminRead('comments', review, 'text')).text).toBe('Отзыв для проверок');
    const before = (await adminRead('directus_users', user.id, 'aboutMe')).aboutMe;
    expectRefused(await user.call('PATCH', '/users/me', { aboutMe: 'О себе\u0000' }), 400, BAD_TEXT_CHARACTER);
    expect((await adminRead('directus_users', user.id, 'aboutMe')).aboutMe).toBe(before);
    const email = `nul-${Date.now()}@example.com`;
    const registration = { email, password: 'secret-password-1', login: `nul_${Date.now()}`, first_name: 'Имя\u0000', last_name: 'Фамилия', dob: '1990-01-01', gender: 'Мужской' };
    const res = await expectNothingStored('directus_users', { email: { _eq: email } }, () => call('POST', '/site/register', { body: registration }));
    expectRefused(res, 400, BAD_TEXT_CHARACTER);
  });
});

describe('text stacking marks on one letter', () => {
  const zalgo = `О${'\u0301'.repeat(1999)}`;

  it('is refused in a review, a post, a chat message and a profile, nothing stored, what was stored kept', async () => {
    for (const [collection, send] of [
      ['comments', () => user.call('POST', '/items/comments', { text: zalgo, title: title.id })],
      ['posts', () => user.call('POST', '/items/posts', { text: `Запись ${zalgo}` })],
      ['messages', () => user.call('POST', '/items/messages', { text: zalgo, publicChat: 1 })],
    ] as const) expectRefused(await expectNothingStored(collection, {}, send), 400, STACKED_MARKS);
    expectRefused(await user.call('PATCH', `/items/comments/${review}`, { text: zalgo }), 400, STACKED_MARKS);
    expect((await adminRead('comments', review, 'text')).text).toBe('Отзыв для проверок');
    expectRefused(await user.call('PATCH', '/users/me', { aboutMe: zalgo }), 400, STACKED_MARKS);
  });

  it('is taken where a language stacks marks as it does', async () => {
    const thai = await user.call('POST', '/items/comments', { text: 'ละครเรื่องนี้สนุกมาก น้ำตาไหล', title: title.id });
    expect(thai.status, JSON.stringify(thai.errors)).toBe(200);
  });
});

describe('the static settings an editor writes', () => {
  let editor: TestUser;
  beforeAll(async () => {
    editor = await newUser(EDITOR_ROLE);
  });

  const kept = { vk: 'https://vk.com/kept', telegram: 'https://t.me/kept', aboutText: '<p>Как было</p>' };
  const stored = async () => (await admin()).get<typeof kept>('/items/static?fields=vk,telegram,aboutText');

  it.each([{ a: 1 }, ['https://vk.com/x'], 5, 'vk.com/dorama', 'javascript:alert(1)', `https://vk.com/${'a'.repeat(SOCIAL_LINK_MAX)}`])('refuses %j for a social link and keeps the link there', async (vk) => {
    expect((await editor.call('PATCH', '/items/static', kept)).status).toBe(200);
    expectRefused(await editor.call('PATCH', '/items/static', { vk }), 400, NOT_A_WEB_ADDRESS);
    expectRefused(await editor.call('PATCH', '/items/static', { telegram: vk }), 400, NOT_A_WEB_ADDRESS);
    expect(await stored()).toEqual(kept);
  });

  it('stores a social link sent with spaces around it trimmed', async () => {
    expect((await editor.call('PATCH', '/items/static', { ...kept, vk: `  ${kept.vk}\n`, telegram: `\t${kept.telegram} ` })).status).toBe(200);
    expect(await stored()).toEqual(kept);
  });

  it.each([{ x: 1 }, [1], 7])('refuses %j for a page’s text and keeps the text there', async (aboutText) => {
    expect((await editor.call('PATCH', '/items/static', kept)).status).toBe(200);
    expectRefused(await editor.call('PATCH', '/items/static', { aboutText }), 400, NOT_TEXT);
    expect(await stored()).toEqual(kept);
  });
});

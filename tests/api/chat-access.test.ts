/** Public chat for every signed-in user; private chats for their two members alone. */
import { beforeAll, describe, expect, it } from 'vitest';
import { PACE } from '../../shared/rules.ts';
import { admin, call, newUser, type TestUser } from '../support/api.ts';
import { adminRead, asAdmin, countRows, expectNothingStored, expectRefused } from '../support/fixtures.ts';

let a: TestUser;
let b: TestUser;
let c: TestUser;
let chatId: number;
let fromA: number;
let publicMessage: number;

beforeAll(async () => {
  [a, b, c] = await Promise.all([newUser(), newUser(), newUser()]);
  publicMessage = (await a.call('POST', '/items/messages', { text: 'Привет, общий чат', publicChat: true })).data.id;
});

describe('public chat', () => {
  it('stores a message without a chat as public', async () => {
    const res = await b.call('POST', '/items/messages', { text: 'Всем привет' });
    expect(res.status).toBe(200);
    expect(await adminRead('messages', res.data.id, 'publicChat,privateChat,user_created')).toEqual({ publicChat: true, privateChat: null, user_created: b.id });
  });

  it('is read by every signed-in user', async () => {
    for (const reader of [b, c]) {
      const res = await reader.call('GET', `/items/messages?filter[publicChat][_eq]=true&filter[id][_eq]=${publicMessage}&fields=id,text,user_created.login`);
      expect(res.data).toEqual([{ id: publicMessage, text: 'Привет, общий чат', user_created: { login: a.login } }]);
    }
  });

  it('is not read by visitors', async () => {
    expectRefused(await call('GET', '/items/messages?filter[publicChat][_eq]=true'), 403);
    expectRefused(await call('GET', `/items/messages/${publicMessage}`), 403);
  });

  it('takes replies to public messages', async () => {
    const res = await c.call('POST', '/items/messages', { text: 'И тебе привет', message: publicMessage, publicChat: true });
    expect(res.status).toBe(200);
    expect(res.data.message).toBe(publicMessage);
  });
});

describe('a private chat between A and B', () => {
  beforeAll(async () => {
    const chat = await a.call('POST', '/items/chats', { user_invited: [{ directus_users_id: b.id }] });
    expect(chat.status).toBe(200);
    chatId = chat.data.id;
    fromA = (await a.call('POST', '/items/messages', { text: 'Привет, Б!', privateChat: chatId })).data.id;
  });

  it('is created by A with B as the one invited user', async () => {
    const stored = await adminRead('chats', chatId, 'user_created,user_invited.directus_users_id');
    expect(stored).toEqual({ user_created: a.id, user_invited: [{ directus_users_id: b.id }] });
  });

  it('is read by both members', async () => {
    for (const member of [a, b]) {
      const res = await member.call('GET', `/items/chats/${chatId}?fields=id,user_created,user_invited.directus_users_id`);
      expect(res.data).toEqual({ id: chatId, user_created: a.id, user_invited: [{ directus_users_id: b.id }] });
    }
  });

  it('is found by B among the chats it was invited to', async () => {
    const res = await b.call('GET', `/items/chats?filter[user_invited][_some][directus_users_id][_eq]=${b.id}&fields=id`);
    expect(res.data.map((x: { id: number }) => x.id)).toContain(chatId);
  });

  it('stores messages as private, whatever publicChat the request says', async () => {
    const res = await b.call('POST', '/items/messages', { text: 'Привет, А!', privateChat: chatId, publicChat: true });
    expect(res.status).toBe(200);
    expect(await adminRead('messages', res.data.id, 'publicChat,privateChat,user_created')).toEqual({ publicChat: false, privateChat: chatId, user_created: b.id });
  });

  it('lets both members read its messages', async () => {
    for (const member of [a, b]) {
      const res = await member.call('GET', `/items/messages?filter[privateChat][_eq]=${chatId}&sort=date_created&fields=text`);
      expect(res.data.map((m: { text: string }) => m.text)).toEqual(['Привет, Б!', 'Привет, А!']);
    }
  });

  it('keeps its messages out of the public chat list', async () => {
    const res = await c.call('GET', `/items/messages?filter[publicChat][_eq]=true&filter[id][_eq]=${fromA}`);
    expect(res.data).toEqual([]);
  });

  it('takes a reply to a message of the same chat', async () => {
    const res = await b.call('POST', '/items/messages', { text: 'Отвечаю', message: fromA, privateChat: chatId });
    expect(res.status).toBe(200);
    expect(res.data.message).toBe(fromA);
  });
});

describe('a third user C', () => {
  it('cannot read the chat', async () => {
    expectRefused(await c.call('GET', `/items/chats/${chatId}`), 403);
    const list = await c.call('GET', '/items/chats?fields=id');
    expect(list.data.map((x: { id: number }) => x.id)).not.toContain(chatId);
  });

  it('cannot read its messages', async () => {
    expectRefused(await c.call('GET', `/items/messages/${fromA}`), 403);
    const list = await c.call('GET', `/items/messages?filter[privateChat][_eq]=${chatId}`);
    expect(list.data).toEqual([]);
  });

  it('cannot read its members', async () => {
    const res = await c.call('GET', `/items/chats_directus_users?filter[chats_id][_eq]=${chatId}`);
    expect(res.data).toEqual([]);
  });

  it('cannot post into it', async () => {
    const res = await expectNothingStored('messages', { privateChat: { _eq: chatId } }, () =>
      c.call('POST', '/items/messages', { text: 'Я тоже тут', privateChat: chatId }));
    expectRefused(res, [400, 403]);
  });

  it('cannot post into it naming the chat as an object', async () => {
    const res = await expectNothingStored('messages', { privateChat: { _eq: chatId } }, () =>
      c.call('POST', '/items/messages', { text: 'Я тоже тут', privateChat: { id: chatId } }));
    expectRefused(res, [400, 403]);
  });

  it('cannot join it by writing a member row', async () => {
    const res = await expectNothingStored('chats_directus_users', { chats_id: { _eq: chatId } }, () =>
      c.call('POST', '/items/chats_directus_users', { chats_id: chatId, directus_users_id: c.id }));
    expectRefused(res, 403);
    expectRefused(await c.call('GET', `/items/chats/${chatId}`), 403);
  });

  it('cannot edit or delete its messages', async () => {
    expectRefused(await c.call('PATCH', `/items/messages/${fromA}`, { text: 'Подмена' }), 403);
    expectRefused(await c.call('DELETE', `/items/messages/${fromA}`), 403);
    expectRefused(await c.call('PATCH', `/items/messages/${fromA}`, { deleted: true }), 403);
    expect(await adminRead('messages', fromA, 'text')).toEqual({ text: 'Привет, Б!' });
  });

  it('cannot reply in public to a private message', async () => {
    const res = await expectNothingStored('messages', { message: { _eq: fromA } }, () =>
      c.call('POST', '/items/messages', { text: 'Цитирую чужое', message: fromA }));
    expectRefused(res, 400, 'Ответить можно только на сообщение этого чата');
  });
});

describe('chat creation rules', () => {
  it('refuses a second chat between the same pair, from either side', async () => {
    for (const [from, to] of [[a, b], [b, a]] as const) {
      const res = await expectNothingStored('chats', {}, () => from.call('POST', '/items/chats', { user_invited: [{ directus_users_id: to.id }] }));
      expectRefused(res, 400, 'Чат с этим пользователем уже есть');
    }
  });

  it('refuses a chat with yourself', async () => {
    const res = await expectNothingStored('chats', {}, () => c.call('POST', '/items/chats', { user_invited: [{ directus_users_id: c.id }] }));
    expectRefused(res, 400, 'Личный чат создаётся с одним другим пользователем');
  });

  it('refuses a chat with two invited users', async () => {
    const res = await expectNothingStored('chats', {}, () =>
      c.call('POST', '/items/chats', { user_invited: [{ directus_users_id: a.id }, { directus_users_id: b.id }] }));
    expectRefused(res, 400, 'Личный чат создаётся с одним другим пользователем');
  });

  it('refuses a chat with nobody invited', async () => {
    const res = await expectNothingStored('chats', {}, () => c.call('POST', '/items/chats', { user_invited: [] }));
    expectRefused(res, 400, 'Личный чат создаётся с одним другим пользователем');
  });

  it('refuses a chat with an unknown user', async () => {
    const res = await expectNothingStored('chats', {}, () =>
      c.call('POST', '/items/chats', { user_invited: [{ directus_users_id: '00000000-0000-4000-8000-000000000000' }] }));
    expectRefused(res, 400, 'Пользователь не найден');
  });

  it('does not let the creator add a third member later', async () => {
    const res = await expectNothingStored('chats_directus_users', { chats_id: { _eq: chatId } }, () =>
      a.call('POST', '/items/chats_directus_users', { chats_id: chatId, directus_users_id: c.id }));
    expectRefused(res, 403);
  });

  it('accepts the shape { create: [...] } for the invited user', async () => {
    const d = await newUser();
    const res = await c.call('POST', '/items/chats', { user_invited: { create: [{ directus_users_id: d.id }], update: [], delete: [] } });
    expect(res.status).toBe(200);
    expect(await adminRead('chats', res.data.id, 'user_created,user_invited.directus_users_id')).toEqual({
      user_created: c.id, user_invited: [{ directus_users_id: d.id }],
    });
  });
});

describe('a chat whose invited member left', () => {
  it('is not handed, with its past, to someone else', async () => {
    const [opener, leaving, newcomer] = await Promise.all([newUser(), newUser(), newUser()]);
    const chat = (await opener.call('POST', '/items/chats', { user_invited: [{ directus_users_id: leaving.id }] })).data.id;
    await opener.call('POST', '/items/messages', { text: 'Только между нами', privateChat: chat });
    expect((await asAdmin('DELETE', `/users/${leaving.id}`)).status).toBe(204);
    expect(await countRows('chats_directus_users', { chats_id: { _eq: chat } })).toBe(0);
    const res = await expectNothingStored('chats_directus_users', { chats_id: { _eq: chat } }, () =>
      opener.call('POST', '/items/chats_directus_users', { chats_id: chat, directus_users_id: newcomer.id }));
    expectRefused(res, 403);
    expect((await newcomer.call('GET', `/items/messages?filter[privateChat][_eq]=${chat}&fields=id`)).data).toEqual([]);
  });
});

describe(`opening chats: ${PACE.chatOpen.count} in ${PACE.chatOpen.seconds} s a person`, () => {
  it('refuses the next with a 429 and opens nothing; someone else still opens one', async () => {
    const opener = await newUser();
    const others = await Promise.all(Array.from({ length: PACE.chatOpen.count + 1 }, () => newUser()));
    for (const other of others.slice(0, PACE.chatOpen.count)) {
      expect((await opener.call('POST', '/items/chats', { user_invited: [{ directus_users_id: other.id }] })).status).toBe(200);
    }
    const over = await expectNothingStored('chats', {}, () => opener.call('POST', '/items/chats', { user_invited: [{ directus_users_id: others.at(-1)!.id }] }));
    expectRefused(over, 429, 'Слишком много новых чатов подряд.');
    expect((await others.at(-1)!.call('POST', '/items/chats', { user_invited: [{ directus_users_id: others[0].id }] })).status).toBe(200);
  });
});

describe('replies stay in their chat', () => {
  it('refuses a reply in a private chat to a public message', async () => {
    const res = await expectNothingStored('messages', { privateChat: { _eq: chatId } }, () =>
      a.call('POST', '/items/messages', { text: 'Цитата из общего', message: publicMessage, privateChat: chatId }));
    expectRefused(res, 400, 'Ответить можно только на сообщение этого чата');
  });

  it('refuses a reply to a message of another private chat', async () => {
    const other = await c.call('POST', '/items/chats', { user_invited: [{ directus_users_id: a.id }] });
    const there = await c.call('POST', '/items/messages', { text: 'В другом чате', privateChat: other.data.id });
    const res = await expectNothingStored('messages', { privateChat: { _eq: chatId } }, () =>
      a.call('POST', '/items/messages', { text: 'Не туда', message: there.data.id, privateChat: chatId }));
    expectRefused(res, 400, 'Ответить можно только на сообщение этого чата');
  });

  it('refuses a reply to a message that does not exist', async () => {
    const res = await expectNothingStored('messages', {}, () => a.call('POST', '/items/messages', { text: 'В пустоту', message: 99_999_999 }));
    expectRefused(res, 400, 'Ответить можно только на сообщение этого чата');
  });

  it('counts every stored reply to the private message as coming from a member', async () => {
    const replies = await (await admin()).get<{ user_created: string }[]>(`/items/messages?filter[message][_eq]=${fromA}&fields=user_created`);
    expect(replies.map((r) => r.user_created)).toEqual([b.id]);
    expect(await countRows('messages', { privateChat: { _eq: chatId }, user_created: { _eq: c.id } })).toBe(0);
  });
});

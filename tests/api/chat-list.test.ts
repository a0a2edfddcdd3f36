/**
 * A person's private chats in one answer (the other person, online flag, last message, unread
 * counts), marking a chat read, and the per-person pace of messages.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_ONLINE_WINDOW_MS, PACE } from '../../shared/rules.ts';
import { call, newUser, type TestUser } from '../support/api.ts';
import { asAdmin, countRows, expectRefused } from '../support/fixtures.ts';

let a: TestUser;
let b: TestUser;
let c: TestUser;
let chatId: number;

beforeAll(async () => {
  [a, b, c] = await Promise.all([newUser(), newUser(), newUser()]);
  chatId = (await a.call('POST', '/items/chats', { user_invited: [{ directus_users_id: b.id }] })).data.id;
  await a.call('POST', '/items/messages', { text: 'Привет!', privateChat: chatId });
  await b.call('POST', '/items/messages', { text: 'Привет, как дела?', privateChat: chatId });
  await b.call('POST', '/items/messages', { text: 'Смотришь новую дораму?', privateChat: chatId });
});

describe('the chat list', () => {
  it('shows each member the other person, the last message and what they have not read', async () => {
    const forA = await a.call('GET', '/site/chats');
    expect(forA.data).toEqual([expect.objectContaining({
      id: chatId,
      with: expect.objectContaining({ id: b.id, login: b.login }),
      lastMessage: expect.objectContaining({ text: 'Смотришь новую дораму?', user_created: b.id, deleted: false }),
      unread: 2,
    })]);
    expect(forA.meta).toEqual({ unread: 2 });
    const forB = await b.call('GET', '/site/chats');
    expect(forB.data[0]).toMatchObject({ id: chatId, with: { id: a.id }, unread: 1 });
  });

  it('counts nothing once read, and counts what comes after', async () => {
    expect((await a.call('POST', `/site/chats/${chatId}/read`)).status).toBe(204);
    expect((await a.call('GET', '/site/chats')).meta).toEqual({ unread: 0 });
    await b.call('POST', '/items/messages', { text: 'Ау?', privateChat: chatId });
    expect((await a.call('GET', '/site/chats')).data[0]).toMatchObject({ unread: 1, lastMessage: { text: 'Ау?' } });
  });

  it('does not count deleted messages', async () => {
    const gone = await b.call('POST', '/items/messages', { text: 'Ой, не туда', privateChat: chatId });
    const before = (await a.call('GET', '/site/chats')).meta.unread;
    await b.call('PATCH', `/items/messages/${gone.data.id}`, { deleted: true });
    expect((await a.call('GET', '/site/chats')).meta.unread).toBe(before - 1);
  });

  it('says who is online: seen within two minutes', async () => {
    await asAdmin('PATCH', `/users/${b.id}`, { last_access: new Date(Date.now() - CHAT_ONLINE_WINDOW_MS - 60_000).toISOString() });
    expect((await a.call('GET', '/site/chats')).data[0].online).toBe(false);
    await b.call('PATCH', '/users/me', { last_access: new Date().toISOString() });
    expect((await a.call('GET', '/site/chats')).data[0].online).toBe(true);
  });

  it('lets nobody watch a person through a chat they have not written in: an empty chat is not listed to the person invited, and their presence is not told', async () => {
    const [watcher, watched] = await Promise.all([newUser(), newUser()]);
    const opened = (await watcher.call('POST', '/items/chats', { user_invited: [{ directus_users_id: watched.id }] })).data.id;
    await watched.call('PATCH', '/users/me', { last_access: new Date().toISOString() });
    // The one who opened it sees it, as it was opened; the person invited does not, and is not watched.
    expect((await watcher.call('GET', '/site/chats')).data).toEqual([expect.objectContaining({ id: opened, with: expect.objectContaining({ id: watched.id }), online: false, lastMessage: null })]);
    expect((await watched.call('GET', '/site/chats')).data).toEqual([]);
    // The first message brings it to the invited person's list (read again on every live message and every poll),
    // with the writer's presence: they wrote to them.
    await watcher.call('POST', '/items/messages', { text: 'Здравствуйте!', privateChat: opened });
    await watcher.call('PATCH', '/users/me', { last_access: new Date().toISOString() });
    expect((await watched.call('GET', '/site/chats')).data).toEqual([expect.objectContaining({ id: opened, with: expect.objectContaining({ id: watcher.id }), online: true, unread: 1 })]);
    expect((await watcher.call('GET', '/site/chats')).data[0].online).toBe(false);
    // Once they answer (even a message they then delete), the one who opened it sees theirs too.
    const answer = (await watched.call('POST', '/items/messages', { text: 'Кто вы?', privateChat: opened })).data.id;
    await watched.call('PATCH', `/items/messages/${answer}`, { deleted: true });
    await watched.call('PATCH', '/users/me', { last_access: new Date().toISOString() });
    expect((await watcher.call('GET', '/site/chats')).data[0].online).toBe(true);
  });

  it('tells no presence of a person whose profile it may not show (a suspended account)', async () => {
    const [talker, suspended] = await Promise.all([newUser(), newUser()]);
    const chat = (await talker.call('POST', '/items/chats', { user_invited: [{ directus_users_id: suspended.id }] })).data.id;
    await suspended.call('POST', '/items/messages', { text: 'Я здесь', privateChat: chat });
    await suspended.call('PATCH', '/users/me', { last_access: new Date().toISOString() });
    expect((await talker.call('GET', '/site/chats')).data[0]).toMatchObject({ id: chat, online: true });
    await asAdmin('PATCH', `/users/${suspended.id}`, { status: 'suspended' });
    expect((await talker.call('GET', '/site/chats')).data[0]).toMatchObject({ id: chat, with: null, online: false });
  });

  it('shows an outsider nothing of it, and lets nobody else mark it read', async () => {
    expect((await c.call('GET', '/site/chats')).data).toEqual([]);
    expectRefused(await c.call('POST', `/site/chats/${chatId}/read`), 403);
    expectRefused(await call('GET', '/site/chats'), 403);
    expectRefused(await call('POST', `/site/chats/${chatId}/read`), 403);
  });
});

describe('the pace of messages', () => {
  it(`lets a person send ${PACE.message.count} messages in ${PACE.message.seconds} s, then asks them to wait and stores nothing`, async () => {
    const chatty = await newUser();
    for (let i = 0; i < PACE.message.count; i++) {
      expect((await chatty.call('POST', '/items/messages', { text: `Сообщение ${i + 1}` })).status).toBe(200);
    }
    const before = await countRows('messages', { user_created: { _eq: chatty.id } });
    const refused = await chatty.call('POST', '/items/messages', { text: 'Ещё одно' });
    expectRefused(refused, 429, 'Слишком много сообщений подряд');
    expect(await countRows('messages', { user_created: { _eq: chatty.id } })).toBe(before);
    // Another person is not slowed down by it.
    expect((await c.call('POST', '/items/messages', { text: 'А я только начал' })).status).toBe(200);
  });
});

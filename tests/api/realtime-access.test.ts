/**
 * Live subscriptions carry only what their person may read: no event from a private chat they are
 * not in, not even that a message was deleted (deletion is marking, which permissions filter).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NESTING } from '../../directus/extensions/shared/nesting.ts';
import { MAX_SOCKET_FRAME_BYTES } from '../../directus/extensions/site-rules/src/socket-size.ts';
import { asAdmin, adminRead, expectRefused } from '../support/fixtures.ts';
import { baseUrl, newUser, type TestUser } from '../support/api.ts';
import { Realtime, closeAllRealtime, type Frame } from '../support/realtime.ts';

let a: TestUser;
let b: TestUser;
let outsider: TestUser;
let chatId: number;

const subscribed = (uid: string) => (f: Frame) => f.uid === uid && (f.status === 'error' || f.event === 'init');
const aboutMessage = (uid: string, id: number) => (f: Frame) =>
  f.uid === uid && f.type === 'subscription' && (f.data ?? []).some((row: Frame | number) => (typeof row === 'object' ? row.id : row) === id);

beforeAll(async () => {
  [a, b, outsider] = await Promise.all([newUser(), newUser(), newUser()]);
  chatId = (await a.call('POST', '/items/chats', { user_invited: [{ directus_users_id: b.id }] })).data.id;
});

afterAll(closeAllRealtime);

describe('subscriptions', () => {
  it('are refused where a deletion would reach someone who may not read the rows', async () => {
    const rt = await Realtime.open(baseUrl(), outsider.token, 'outsider');
    for (const collection of ['favorites', 'ratings', 'favoriteActors', 'invoices', 'titles', 'directus_files', 'directus_users']) {
      rt.send({ type: 'subscribe', uid: collection, collection });
      const answer = await rt.waitFor(subscribed(collection), `the answer to ${collection}`);
      expect(answer.status, collection).toBe('error');
      expect(answer.error.message).toContain('Подписка на эту коллекцию недоступна');
    }
  });

  it('are taken for what the person reads in full, and for the chat', async () => {
    const rt = await Realtime.open(baseUrl(), outsider.token, 'outsider');
    for (const collection of ['genres', 'messages', 'chats']) {
      rt.send({ type: 'subscribe', uid: collection, collection, query: { fields: ['id'], limit: 1 } });
      expect((await rt.waitFor(subscribed(collection), `the answer to ${collection}`)).event, collection).toBe('init');
    }
  });

  it('tell an outsider nothing of a private chat: neither the message nor its deletion', async () => {
    // Directus serves subscriptions in the order they were made: the outsider's comes first, so once
    // the member has an event, the outsider's turn for that event is over.
    const watcher = await Realtime.open(baseUrl(), outsider.token, 'outsider');
    watcher.send({ type: 'subscribe', uid: 'm', collection: 'messages', query: { fields: ['id', 'text', 'deleted'] } });
    await watcher.waitFor(subscribed('m'), 'the outsider\'s subscription');
    const member = await Realtime.open(baseUrl(), b.token, 'member');
    member.send({ type: 'subscribe', uid: 'm', collection: 'messages', query: { fields: ['id', 'text', 'deleted'] } });
    await member.waitFor(subscribed('m'), 'the member\'s subscription');

    const sent = await a.call('POST', '/items/messages', { text: 'Только для Б', privateChat: chatId });
    await member.waitFor((f) => aboutMessage('m', sent.data.id)(f) && f.event === 'create', 'the member\'s create event');
    expect((await a.call('PATCH', `/items/messages/${sent.data.id}`, { deleted: true })).status).toBe(200);
    const deletion = await member.waitFor((f) => aboutMessage('m', sent.data.id)(f) && f.event === 'update', 'the member\'s update event');
    expect(deletion.data).toEqual([{ id: sent.data.id, text: '', deleted: true }]);

    expect(watcher.frames.filter(aboutMessage('m', sent.data.id))).toEqual([]);
    expect(JSON.stringify(watcher.frames)).not.toContain('Только для Б');
  });

  it('never see a hard deletion: nobody deletes a message through the API, administrators included', async () => {
    const sent = await a.call('POST', '/items/messages', { text: 'Останусь', privateChat: chatId });
    expectRefused(await asAdmin('DELETE', `/items/messages/${sent.data.id}`), 403);
    expectRefused(await a.call('DELETE', `/items/messages/${sent.data.id}`), 403);
    expectRefused(await asAdmin('DELETE', `/items/chats/${chatId}`), 403);
    expect((await adminRead('messages', sent.data.id, 'text')).text).toBe('Останусь');
  });
});

describe('messages over the socket', () => {
  it('nested too deep are refused, and the connection stays usable', async () => {
    const rt = await Realtime.open(baseUrl(), outsider.token, 'outsider');
    let filter: Record<string, unknown> = { id: { _eq: 1 } };
    for (let i = 0; i < MAX_NESTING + 5; i++) filter = { _and: [filter] };
    rt.send({ type: 'subscribe', uid: 'deep', collection: 'genres', query: { filter } });
    const answer = await rt.waitFor(subscribed('deep'), 'the refusal');
    expect(answer.status).toBe('error');
    expect(answer.error.message).toContain('Слишком глубокая вложенность');
    rt.send({ type: 'subscribe', uid: 'after', collection: 'genres', query: { fields: ['id'], limit: 1 } });
    expect((await rt.waitFor(subscribed('after'), 'a later subscription')).event).toBe('init');
  });
});

describe('frames', () => {
  /** A sign-in frame of about `bytes` bytes, its token junk. */
  const signIn = (bytes: number) => ({ type: 'auth', access_token: 'x'.repeat(bytes - 40) });

  it('up to the limit are read and answered', async () => {
    const rt = await Realtime.visitor(baseUrl(), 'large frame');
    rt.send(signIn(MAX_SOCKET_FRAME_BYTES - 1000));
    const answer = await rt.waitFor((f) => f.type === 'auth', 'the answer to a large frame');
    expect(answer.status).toBe('error');
  });

  it('larger close the connection as too big, and the next connection is served', async () => {
    const rt = await Realtime.visitor(baseUrl(), 'frame over the limit');
    const closed = new Promise<number>((resolve) => rt.ws.once('close', (code) => resolve(code)));
    rt.send(signIn(MAX_SOCKET_FRAME_BYTES * 4));
    expect(await closed).toBe(1009);
    expect(rt.frames.filter((f) => f.type === 'auth')).toEqual([]);
    const next = await Realtime.open(baseUrl(), outsider.token, 'after the large frame');
    next.send({ type: 'subscribe', uid: 'after', collection: 'genres', query: { fields: ['id'], limit: 1 } });
    expect((await next.waitFor(subscribed('after'), 'a subscription')).event).toBe('init');
  });
});

/**
 * Live subscriptions carry only what their person may read: no event from a private chat they are
 * not in, not even that a message was deleted (deletion is marking, which permissions filter).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NESTING, TOO_DEEP } from '../../directus/extensions/shared/nesting.ts';
import { MAX_SOCKET_FRAME_BYTES } from '../../directus/extensions/site-rules/src/socket-size.ts';
import {
  MAX_SUBSCRIPTIONS_PER_SOCKET, SOCKETS_PER_ADDRESS, TOO_MANY_SOCKETS, TOO_MANY_SOCKETS_CODE, TOO_MANY_SUBSCRIPTIONS,
} from '../../directus/extensions/site-rules/src/socket-budget.ts';
import { TOO_MANY_MESSAGES, TOO_MANY_MESSAGES_CODE } from '../../directus/extensions/site-rules/src/socket-pace.ts';
import { SUBSCRIPTION_SHAPE } from '../../directus/extensions/site-rules/src/message-fanout.ts';
import { ADDRESS_ALLOWANCE } from '../support/global-setup.ts';
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

describe('subscriptions to the chat\'s rows', () => {
  /** A private chat between two new people: its id, and a message in it. */
  const newChat = async (from: TestUser, to: TestUser) => {
    const chat = (await from.call('POST', '/items/chats', { user_invited: [{ directus_users_id: to.id }] })).data.id as number;
    const message = (await from.call('POST', '/items/messages', { text: 'Личное', privateChat: chat })).data.id as number;
    return { chat, message };
  };
  /** Every frame but the sign-ins, heartbeats and snapshots: a refusal of an event names no subscription. */
  const news = (rt: Realtime) => rt.frames.filter((f) => !['auth', 'ping'].includes(f.type) && f.event !== 'init');
  const refusedAtOnce = async (rt: Realtime, subscription: Frame) => {
    rt.send({ type: 'subscribe', ...subscription });
    const answer = await rt.waitFor(subscribed(subscription.uid), `the answer to ${subscription.uid}`);
    expect(answer, subscription.uid).toMatchObject({ status: 'error', error: { code: 'FORBIDDEN' } });
  };

  it('of a shape Directus\'s own schema refuses are refused by their uid, in Russian', async () => {
    const rt = await Realtime.open(baseUrl(), outsider.token, 'outsider');
    for (const subscription of [{ uid: 'bad-event', collection: 'messages', event: 'bogus' }, { uid: 'bad-item', collection: 'messages', item: { x: 1 } }]) {
      rt.send({ type: 'subscribe', ...subscription });
      const answer = await rt.waitFor(subscribed(subscription.uid), `the answer to ${subscription.uid}`);
      expect(answer, subscription.uid).toMatchObject({ status: 'error', error: { code: 'INVALID_PAYLOAD', message: expect.stringContaining(SUBSCRIPTION_SHAPE) } });
    }
  });

  it('that name an event are refused at once where the person may not read the rows', async () => {
    const { chat, message } = await newChat(a, await newUser());
    const visitor = await Realtime.visitor(baseUrl(), 'visitor');
    for (const collection of ['chats', 'chats_directus_users', 'messages_files']) {
      for (const event of ['create', 'update']) await refusedAtOnce(visitor, { uid: `${collection}-${event}`, collection, event });
    }
    const watcher = await Realtime.open(baseUrl(), outsider.token, 'outsider');
    for (const rt of [visitor, watcher]) {
      await refusedAtOnce(rt, { uid: 'message', collection: 'messages', item: message, event: 'update' });
      await refusedAtOnce(rt, { uid: 'chat', collection: 'chats', item: chat, event: 'update' });
    }
  });

  it('tell a member of no chat but their own, neither its creation nor its message\'s edit', async () => {
    const [me, friend, stranger, other] = await Promise.all([newUser(), newUser(), newUser(), newUser()]);
    const mine = await newChat(me, friend);
    const rt = await Realtime.open(baseUrl(), me.token, 'member');
    rt.send({ type: 'subscribe', uid: 'chats', collection: 'chats', event: 'create', query: { fields: ['id'] } });
    rt.send({ type: 'subscribe', uid: 'edit', collection: 'messages', item: mine.message, event: 'update', query: { fields: ['id', 'text'] } });
    for (const uid of ['chats', 'edit']) expect((await rt.waitFor(subscribed(uid), `the subscription ${uid}`)).event).toBe('init');

    const theirs = await newChat(stranger, other);
    expect((await stranger.call('PATCH', `/items/messages/${theirs.message}`, { text: 'Чужое, правка' })).status).toBe(200);
    // Frames go out in the order the events happened: once the person hears of their own chat and
    // edit, the stranger's turn is over.
    const own = (await newChat(me, other)).chat;
    await rt.waitFor((f) => f.uid === 'chats' && f.event === 'create' && f.data?.[0]?.id === own, 'the person\'s own new chat');
    expect((await me.call('PATCH', `/items/messages/${mine.message}`, { text: 'Правка' })).status).toBe(200);
    await rt.waitFor((f) => f.uid === 'edit' && f.event === 'update', 'the edit of the person\'s own message');
    expect(news(rt)).toEqual([
      { type: 'subscription', event: 'create', data: [{ id: own }], uid: 'chats' },
      { type: 'subscription', event: 'update', data: { id: mine.message, text: 'Правка' }, uid: 'edit' },
    ]);
  });

  it('hear nothing of others\' chats once the socket\'s sign-in fails and it reads as a visitor', async () => {
    const [me, stranger, other] = await Promise.all([newUser(), newUser(), newUser()]);
    const rt = await Realtime.open(baseUrl(), me.token, 'member signed out');
    rt.send({ type: 'subscribe', uid: 'chats', collection: 'chats', event: 'create', query: { fields: ['id'] } });
    rt.send({ type: 'subscribe', uid: 'messages', collection: 'messages', event: 'create', query: { fields: ['id'] } });
    for (const uid of ['chats', 'messages']) expect((await rt.waitFor(subscribed(uid), `the subscription ${uid}`)).event).toBe('init');
    rt.send({ type: 'auth', access_token: 'not-a-token', uid: 'bad' });
    await rt.waitFor((f) => f.type === 'auth' && f.status === 'error', 'the failed sign-in');

    await newChat(stranger, other);
    // Signed in again, the person hears of their own chat and message: the stranger's came before them.
    rt.send({ type: 'auth', access_token: me.token, uid: 'again' });
    await rt.waitFor((f) => f.type === 'auth' && f.status === 'ok', 'the sign-in again');
    const own = await newChat(me, other);
    await rt.waitFor((f) => f.uid === 'chats' && f.event === 'create', 'the person\'s own new chat');
    await rt.waitFor((f) => f.uid === 'messages' && f.event === 'create', 'the person\'s own message');
    expect(news(rt)).toEqual([
      { type: 'subscription', event: 'create', data: [{ id: own.chat }], uid: 'chats' },
      { type: 'subscription', event: 'create', data: [{ id: own.message }], uid: 'messages' },
    ]);
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

describe('a rule\'s refusal over the socket', () => {
  it('names the uid of the frame it refuses: a subscription\'s deep filter, an `items` create and update', async () => {
    const own = await outsider.call('POST', '/items/messages', { text: 'Моё сообщение' });
    const rt = await Realtime.open(baseUrl(), outsider.token, 'outsider');
    const refusals: [Frame, string, string][] = [
      [{ type: 'subscribe', collection: 'posts', uid: 'g', query: { deep: { comments: { _filter: { user_created: { email: { _nnull: true } } } } } } }, 'subscribe', 'заходит в записи, закрытые для вас'],
      [{ type: 'items', action: 'create', collection: 'messages', data: { text: '   ' }, uid: 'h' }, 'items', 'Сообщение не может быть пустым'],
      [{ type: 'items', action: 'update', collection: 'messages', id: own.data.id, data: { text: '   ' }, uid: 7 }, 'items', 'Сообщение не может быть пустым'],
    ];
    // Sent at once, each followed by a frame that is served: each refusal names its own (a number as text, as the site's refusals do).
    for (const [frame] of refusals) {
      rt.send(frame);
      rt.send({ type: 'items', action: 'read', collection: 'genres', query: { fields: ['id'], limit: 1 }, uid: `read after ${String(frame.uid)}` });
    }
    const refused = () => rt.frames.filter((f) => f.status === 'error');
    await rt.waitFor(() => refused().length >= refusals.length, 'the refusals');
    expect(refused()).toHaveLength(refusals.length);
    expect(refused()).toEqual(expect.arrayContaining(refusals.map(([frame, type, words]) =>
      expect.objectContaining({ type, uid: String(frame.uid), error: expect.objectContaining({ message: expect.stringContaining(words) }) }))));
    for (const [frame] of refusals) await rt.waitFor((f) => f.uid === `read after ${String(frame.uid)}` && f.status !== 'error', 'the frame served after it');
    expect(await adminRead('messages', own.data.id, 'text')).toEqual({ text: 'Моё сообщение' });
  });
});

describe('frames nested thousands deep', () => {
  /** A visitor's subscription whose filter nests `levels` times, written as text: the value is too deep to stringify. */
  const deepSubscription = (levels: number) =>
    `{"type":"subscribe","uid":"deep","collection":"titles","query":{"filter":${'{"_and":['.repeat(levels)}{}${']}'.repeat(levels)}}}`;

  it.each([3_000, 5_000])('(%i levels) are refused before Directus reads them, and the server carries on', async (levels) => {
    const rt = await Realtime.visitor(baseUrl(), `${levels} levels`);
    rt.ws.send(deepSubscription(levels));
    expect(await rt.waitFor(subscribed('deep'), 'the refusal')).toMatchObject({ status: 'error', error: { message: TOO_DEEP } });
    expect(await (await fetch(`${baseUrl()}/server/ping`)).text()).toBe('pong');
    rt.send({ type: 'subscribe', uid: 'after', collection: 'genres', query: { fields: ['id'], limit: 1 } });
    expect((await rt.waitFor(subscribed('after'), 'a later subscription on the same socket')).event).toBe('init');
    const next = await Realtime.visitor(baseUrl(), `after ${levels} levels`);
    next.send({ type: 'subscribe', uid: 'next', collection: 'genres', query: { fields: ['id'], limit: 1 } });
    expect((await next.waitFor(subscribed('next'), 'a new socket\'s subscription')).event).toBe('init');
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

describe('what a socket may hold', () => {
  /** A subscription to reviews with a filter of its own, as an attacker makes each read apart. */
  const ownReviewQuery = (uid: string | number) => ({ type: 'subscribe', uid, collection: 'comments', query: { fields: ['id'], filter: { id: { _neq: -Number(String(uid).replace(/\D/g, '')) } } } });

  it(`is at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions: one more is refused, a name held is taken again, and an ended one makes room`, async () => {
    const rt = await Realtime.visitor(baseUrl(), 'many subscriptions');
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_SOCKET; i++) {
      rt.send(ownReviewQuery(`r${i}`));
      expect((await rt.waitFor(subscribed(`r${i}`), `subscription ${i}`)).event).toBe('init');
    }
    rt.send(ownReviewQuery('r99'));
    const refused = await rt.waitFor(subscribed('r99'), 'the answer to one too many');
    expect(refused.status).toBe('error');
    expect(refused.error).toMatchObject({ code: 'LIMIT_EXCEEDED', message: TOO_MANY_SUBSCRIPTIONS });

    rt.frames = [];
    rt.send(ownReviewQuery('r0'));
    expect((await rt.waitFor(subscribed('r0'), 'a name held, again')).event).toBe('init');
    rt.send({ type: 'unsubscribe', uid: 'r1' });
    await rt.waitFor((f) => f.uid === 'r1' && f.event === 'unsubscribe', 'the unsubscribe');
    rt.send(ownReviewQuery('r98'));
    expect((await rt.waitFor(subscribed('r98'), 'one in the place made')).event).toBe('init');
  });

  it('counts a subscription named by a number until an unsubscribe ends it in Directus too', async () => {
    const rt = await Realtime.visitor(baseUrl(), 'numbered subscriptions');
    for (let i = 1; i <= MAX_SUBSCRIPTIONS_PER_SOCKET; i++) {
      rt.send({ type: 'subscribe', uid: i, collection: 'genres', event: 'update', query: { fields: ['id'] } });
      expect((await rt.waitFor(subscribed(String(i)), `subscription ${i}`)).event).toBe('init');
    }
    rt.send({ type: 'unsubscribe', uid: 1 });
    await rt.waitFor((f) => f.uid === '1' && f.event === 'unsubscribe', 'the unsubscribe');
    rt.send({ type: 'subscribe', uid: 'last', collection: 'genres', event: 'update', query: { fields: ['id'] } });
    expect((await rt.waitFor(subscribed('last'), 'one in the place made')).event).toBe('init');

    // Directus serves subscriptions in the order they were made: once the second has the event, the first's turn is over.
    const genre = (await asAdmin<{ id: number }>('POST', '/items/genres', { name: `Жанр ${Date.now()}` })).data;
    expect((await asAdmin('PATCH', `/items/genres/${genre.id}`, { name: `Жанр ${Date.now()}, другой` })).status).toBe(200);
    await rt.waitFor((f) => f.uid === '2' && f.event === 'update', 'the event on the second subscription');
    expect(rt.frames.filter((f) => f.uid === '1' && f.event === 'update')).toEqual([]);
  });

  it(`is one of at most ${SOCKETS_PER_ADDRESS} sockets an address holds at once; one closed makes room`, async () => {
    await closeAllRealtime();
    /** A visitor's socket that answers a subscription, or the code and reason it was closed with instead. */
    const next = async (label: string) => {
      const rt = await Realtime.visitor(baseUrl(), label);
      const closed = new Promise<{ code: number; reason: string }>((resolve) => rt.ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
      rt.send({ type: 'subscribe', uid: 'g', collection: 'genres', query: { fields: ['id'], limit: 1 } });
      const answered = rt.waitFor(subscribed('g'), `${label}'s subscription`).then(() => null, () => null);
      return { rt, refused: await Promise.race([closed, answered]) };
    };
    const held: Realtime[] = [];
    let refused: { code: number; reason: string } | null = null;
    while (!refused && held.length <= SOCKETS_PER_ADDRESS) {
      const socket = await next(`socket ${held.length + 1}`);
      if (socket.refused) refused = socket.refused;
      else held.push(socket.rt);
    }
    expect(refused).toEqual({ code: TOO_MANY_SOCKETS_CODE, reason: TOO_MANY_SOCKETS });
    expect(held.length).toBeLessThanOrEqual(SOCKETS_PER_ADDRESS);

    await held.pop()!.close();
    // The backend frees the place as it hears the close: a later socket is taken once it has.
    let taken = false;
    for (let attempt = 1; !taken && attempt <= 20; attempt++) taken = (await next(`after a close, ${attempt}`)).refused === null;
    expect(taken).toBe(true);
  });

  it('sends, with every other socket of its address, as many messages a second as the address may make', async () => {
    await closeAllRealtime();
    // Three sockets, each under the allowance alone (Directus's own pace is per socket), over it together.
    const each = Math.ceil(ADDRESS_ALLOWANCE.socketMessages * 0.9);
    const sockets = await Promise.all([1, 2, 3].map((n) => Realtime.visitor(baseUrl(), `busy socket ${n}`)));
    const closes = sockets.map((rt) => new Promise<{ code: number; reason: string }>((resolve) => rt.ws.once('close', (code, reason) => resolve({ code, reason: String(reason) }))));
    for (const rt of sockets) for (let i = 0; i < each; i++) rt.send({ type: 'pong' });
    expect(await Promise.race(closes)).toEqual({ code: TOO_MANY_MESSAGES_CODE, reason: TOO_MANY_MESSAGES });
    await closeAllRealtime();
  });
});

/**
 * The production configuration: PostgreSQL + Redis with two Directus instances on one database.
 * A message written through one instance reaches realtime subscribers on the other (the Redis
 * bus), tokens signed by one are honoured by the other (shared SECRET), a refresh spent on one can
 * be made again on the other, the shared cache is purged across instances, and the schema's rules
 * hold on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { applyAll } from '../../../directus/apply/index.ts';
import type { Backend } from '../../../scripts/lib/backend.ts';
import type { RunningDirectus } from '../../../scripts/lib/directus-process.ts';
import { PACE, VIEW_FLOW_ID } from '../../../shared/rules.ts';
import { Realtime, closeAllRealtime, type Frame } from '../../support/realtime.ts';
import { LOGIN_LIMITS } from '../../../directus/extensions/site-auth/src/login-limits.ts';
import { countRedisKeys } from '../../../scripts/lib/postgres.ts';
import { newPersonOn, startTwoInstances, type TwoInstances } from '../../support/two-instances.ts';
import { http } from '../../support/direct-http.ts';

let world: TwoInstances | undefined;
let name = '';
let a: Backend | undefined;
let b: RunningDirectus | undefined;
let db: Knex | undefined;

// ---------------------------------------------------------------- HTTP and realtime helpers

const newPerson = (login?: string) => newPersonOn(a!, login);

const createdEvent = (uid: string, text: string) => (f: Frame) =>
  f.uid === uid && f.type === 'subscription' && f.event === 'create' && (f.data ?? []).some((row: Frame) => row.text === text);

/** An update event of a subscription carrying the message with that id, in the state `row` describes. */
const updatedEvent = (uid: string, id: number, row: Frame) => (f: Frame) =>
  f.uid === uid && f.type === 'subscription' && f.event === 'update'
  && (f.data ?? []).some((r: Frame) => r.id === id && Object.entries(row).every(([k, v]) => r[k] === v));

// ---------------------------------------------------------------- the two instances

beforeAll(async () => {
  world = await startTwoInstances('realtime');
  ({ name, a, b, db } = world);
}, 240_000);

afterAll(async () => {
  await closeAllRealtime();
  await world?.stop();
}, 60_000);

// ---------------------------------------------------------------- tests

describe('two Directus instances on PostgreSQL + Redis', () => {
  it('run on PostgreSQL and Redis with the whole backend applied', async () => {
    // A is a copy of the template, made from nothing by this code: applying it again changes nothing.
    expect(await applyAll(a!.api)).toBe(0);
    const client = await db!.raw('select current_database() as name');
    expect(client.rows[0].name).toBe(name);
    const tables = await db!('information_schema.tables').where({ table_schema: 'public' }).pluck('table_name');
    expect(tables).toEqual(expect.arrayContaining(['titles', 'messages', 'ratings', 'directus_users']));
    for (const base of [a!.url, b!.url]) {
      const ping = await fetch(`${base}/server/ping`);
      expect(ping.status, `${base} answers`).toBe(200);
    }
  });

  it('delivers a public chat message written through A to a subscriber on B, and back', async () => {
    const author = await newPerson();
    const reader = await newPerson();
    const onB = await Realtime.open(b!.url, reader.token, 'reader on B');
    const onA = await Realtime.open(a!.url, author.token, 'author on A');
    await onB.subscribeMessages('chat');
    await onA.subscribeMessages('chat');

    const text = `Привет из A ${randomUUID().slice(0, 6)}`;
    const created = await http(a!.url, 'POST', '/items/messages', { token: author.token, body: { text } });
    expect(created.status, JSON.stringify(created.errors)).toBe(200);

    const event = await onB.waitFor(createdEvent('chat', text), `create event for «${text}»`);
    const row = event.data.find((r: Frame) => r.text === text);
    expect(row.text).toBe(text);
    expect(row.id).toBe(created.data.id);
    expect(row.publicChat).toBe(true);
    expect(row.privateChat).toBeNull();
    expect(row.user_created).toEqual({ id: author.id, login: author.login });

    // The other way round: written through B, heard on A.
    const reply = `Ответ из B ${randomUUID().slice(0, 6)}`;
    const second = await http(b!.url, 'POST', '/items/messages', { token: reader.token, body: { text: reply, message: created.data.id } });
    expect(second.status, JSON.stringify(second.errors)).toBe(200);
    const back = await onA.waitFor(createdEvent('chat', reply), `create event for «${reply}»`);
    expect(back.data.find((r: Frame) => r.text === reply).user_created).toEqual({ id: reader.id, login: reader.login });
  });

  it('delivers a private chat message to its members on the other instance, never to anyone else', async () => {
    const [owner, guest, outsider] = await Promise.all([newPerson(), newPerson(), newPerson()]);
    const chat = await http(a!.url, 'POST', '/items/chats', { token: owner.token, body: { user_invited: [{ directus_users_id: guest.id }] } });
    expect(chat.status, JSON.stringify(chat.errors)).toBe(200);

    // Directus serves subscriptions in the order they were made: the outsider's first, so once the
    // guest has an event, the outsider's turn for it is over.
    const outsiderOnB = await Realtime.open(b!.url, outsider.token, 'outsider on B');
    const guestOnB = await Realtime.open(b!.url, guest.token, 'guest on B');
    await outsiderOnB.subscribeMessages('m');
    await guestOnB.subscribeMessages('m');

    const secret = `Только для двоих ${randomUUID().slice(0, 6)}`;
    const sent = await http(a!.url, 'POST', '/items/messages', { token: owner.token, body: { text: secret, privateChat: chat.data.id } });
    expect(sent.status, JSON.stringify(sent.errors)).toBe(200);
    const got = await guestOnB.waitFor(createdEvent('m', secret), `private create event for «${secret}»`);
    expect(got.data.find((r: Frame) => r.text === secret)).toMatchObject({ privateChat: chat.data.id, publicChat: false });

    // Its edit and its deletion reach the member on B too, and the outsider's turn for each passes first.
    const edited = `${secret} (исправлено)`;
    const edit = await http(a!.url, 'PATCH', `/items/messages/${sent.data.id}`, { token: owner.token, body: { text: edited } });
    expect(edit.status, JSON.stringify(edit.errors)).toBe(200);
    await guestOnB.waitFor(updatedEvent('m', sent.data.id, { text: edited }), 'the private edit on B');
    const removal = await http(a!.url, 'PATCH', `/items/messages/${sent.data.id}`, { token: owner.token, body: { deleted: true } });
    expect(removal.status, JSON.stringify(removal.errors)).toBe(200);
    await guestOnB.waitFor(updatedEvent('m', sent.data.id, { deleted: true, text: '' }), 'the private deletion on B');

    // The guest answers through B; the owner, listening on A, hears it.
    const ownerOnA = await Realtime.open(a!.url, owner.token, 'owner on A');
    await ownerOnA.subscribeMessages('m');
    const answer = `Ответ гостя ${randomUUID().slice(0, 6)}`;
    const answered = await http(b!.url, 'POST', '/items/messages', { token: guest.token, body: { text: answer, privateChat: chat.data.id } });
    expect(answered.status, JSON.stringify(answered.errors)).toBe(200);
    await ownerOnA.waitFor(createdEvent('m', answer), `private create event for «${answer}» on A`);
    await guestOnB.waitFor(createdEvent('m', answer), `private create event for «${answer}» on B`);

    // Nothing of the chat reached the outsider: no row, no id, no text, no edit, no deletion.
    const outsiderRows = outsiderOnB.rows('m');
    expect(outsiderRows.filter((r) => r.privateChat === chat.data.id || [sent.data.id, answered.data.id].includes(r.id))).toEqual([]);
    const heard = JSON.stringify(outsiderOnB.frames);
    for (const text of [secret, edited, answer]) expect(heard).not.toContain(text);
    expect(outsiderOnB.frames.filter((f) => f.uid === 'm' && f.type === 'subscription' && f.event !== 'init')).toEqual([]);
  });

  it('carries edits and deletions of a public message from one instance to the other', async () => {
    const author = await newPerson();
    const reader = await newPerson();
    const onA = await Realtime.open(a!.url, reader.token, 'reader on A');
    const onB = await Realtime.open(b!.url, reader.token, 'reader on B');
    await onA.subscribeMessages('chat');
    await onB.subscribeMessages('chat');

    const text = `Будет исправлено ${randomUUID().slice(0, 6)}`;
    const sent = await http(a!.url, 'POST', '/items/messages', { token: author.token, body: { text } });
    expect(sent.status, JSON.stringify(sent.errors)).toBe(200);
    await onB.waitFor(createdEvent('chat', text), `create event for «${text}» on B`);

    // Edited through A, heard on B; deleted through B, heard on A (and on B).
    const edited = `Исправлено ${randomUUID().slice(0, 6)}`;
    const edit = await http(a!.url, 'PATCH', `/items/messages/${sent.data.id}`, { token: author.token, body: { text: edited } });
    expect(edit.status, JSON.stringify(edit.errors)).toBe(200);
    const editEvent = await onB.waitFor(updatedEvent('chat', sent.data.id, { text: edited }), 'the edit on B');
    expect(editEvent.data.find((r: Frame) => r.id === sent.data.id)).toMatchObject({ text: edited, deleted: false, publicChat: true });

    const removal = await http(b!.url, 'PATCH', `/items/messages/${sent.data.id}`, { token: author.token, body: { deleted: true } });
    expect(removal.status, JSON.stringify(removal.errors)).toBe(200);
    for (const rt of [onA, onB]) {
      const gone = await rt.waitFor(updatedEvent('chat', sent.data.id, { deleted: true }), `the deletion on ${rt.label}`);
      expect(gone.data.find((r: Frame) => r.id === sent.data.id).text).toBe('');
    }
    // A deletion is an update: no instance announces a delete event, which would go to everyone.
    expect([...onA.frames, ...onB.frames].filter((f) => f.type === 'subscription' && f.event === 'delete')).toEqual([]);
  });

  it('tells a review an admin deletes outright through A, with its reply, to a visitor on B; a draft\'s to nobody', async () => {
    const author = await newPerson();
    const title = (slug: string, status: string) => a!.api.post<{ id: number }>('/items/titles', { slug: `${slug}-${randomUUID().slice(0, 6)}`, name: 'Тайтл', status, views: 0 });
    const [shown, draft] = await Promise.all([title('deleted-reviews', 'published'), title('deleted-reviews-draft', 'draft')]);
    const onB = await Realtime.visitor(b!.url, 'visitor on B');
    onB.send({ type: 'subscribe', uid: 'gone', collection: 'comments', event: 'delete', query: { fields: ['id'] } });
    await onB.waitFor((f) => f.uid === 'gone' && f.event === 'init', 'the subscription on B');

    const hidden = await a!.api.post<{ id: number }>('/items/comments', { text: 'Отзыв черновика', title: draft.id });
    const review = await http(a!.url, 'POST', '/items/comments', { token: author.token, body: { text: 'Отзыв под удаление', title: shown.id } });
    const reply = await http(a!.url, 'POST', '/items/comments', { token: author.token, body: { text: 'Ответ под удаление', comment: review.data.id } });
    await a!.api.delete(`/items/comments/${hidden.id}`);
    await a!.api.delete(`/items/comments/${review.data.id}`);
    const told = await onB.waitFor((f) => f.uid === 'gone' && f.event === 'delete', 'the deletion on B');
    expect(told.data).toEqual([{ id: review.data.id, title: shown.id, deleted: false }, { id: reply.data.id, title: shown.id, deleted: false }]);
    expect(onB.frames.filter((f) => f.event === 'delete')).toHaveLength(1);
  });

  it('reads an event once for many subscribers of one query, yet gives a private chat\'s message to its members alone', async () => {
    const [owner, guest, ...others] = await Promise.all(Array.from({ length: 8 }, () => newPerson()));
    const chat = await http(a!.url, 'POST', '/items/chats', { token: owner.token, body: { user_invited: [{ directus_users_id: guest.id }] } });
    expect(chat.status, JSON.stringify(chat.errors)).toBe(200);
    // Same query for everyone, the strangers subscribed before the guest on the same instance.
    const strangers = await Promise.all(others.map((p, i) => Realtime.open(b!.url, p.token, `stranger ${i} on B`)));
    for (const rt of strangers) await rt.subscribeMessages('all');
    const guestOnB = await Realtime.open(b!.url, guest.token, 'guest on B');
    await guestOnB.subscribeMessages('all');

    const secret = `Секрет ${randomUUID().slice(0, 6)}`;
    const open = `Для всех ${randomUUID().slice(0, 6)}`;
    const sentSecret = await http(a!.url, 'POST', '/items/messages', { token: owner.token, body: { text: secret, privateChat: chat.data.id } });
    const sentOpen = await http(a!.url, 'POST', '/items/messages', { token: owner.token, body: { text: open } });
    expect([sentSecret.status, sentOpen.status]).toEqual([200, 200]);

    await guestOnB.waitFor(createdEvent('all', secret), 'the guest\'s private message');
    await guestOnB.waitFor(createdEvent('all', open), 'the guest\'s public message');
    for (const rt of strangers) {
      const event = await rt.waitFor(createdEvent('all', open), `the public message for ${rt.label}`);
      expect(event.data.find((r: Frame) => r.text === open)).toMatchObject({ publicChat: true, user_created: { id: owner.id, login: owner.login } });
      expect(rt.rows('all').filter((r) => r.id === sentSecret.data.id || r.privateChat === chat.data.id)).toEqual([]);
      expect(JSON.stringify(rt.frames)).not.toContain(secret);
    }
  });

  it(`holds the pace of ${PACE.message.count} messages in ${PACE.message.seconds} s per person across both instances (Redis)`, async () => {
    const chatty = await newPerson();
    for (let i = 0; i < PACE.message.count; i++) {
      const base = i % 2 ? b!.url : a!.url;
      const sent = await http(base, 'POST', '/items/messages', { token: chatty.token, body: { text: `Сообщение ${i + 1}` } });
      expect(sent.status, `message ${i + 1}: ${JSON.stringify(sent.errors)}`).toBe(200);
    }
    // Each instance alone has counted only half: the refusal comes from the shared count.
    for (const base of [a!.url, b!.url]) {
      const refused = await http(base, 'POST', '/items/messages', { token: chatty.token, body: { text: 'Ещё одно' } });
      expect(refused.status, base).toBe(429);
      expect(refused.errors?.[0].message).toContain('Слишком много сообщений подряд');
    }
    const stored = await db!('messages').where({ user_created: chatty.id }).count({ n: '*' }).first();
    expect(Number(stored?.n)).toBe(PACE.message.count);
    expect(await countRedisKeys(`${name}:rl-pace-message`), 'the chat pace lives in Redis under our namespace').toBeGreaterThan(0);
  });

  it('keeps logins unique regardless of case on PostgreSQL, in the rules and in the index', async () => {
    const first = await newPerson(`Kim${randomUUID().slice(0, 6)}`);
    const second = await newPerson();
    const clash = await http(b!.url, 'PATCH', '/users/me', { token: second.token, body: { login: first.login.toUpperCase() } });
    expect(clash.status).toBe(400);
    expect(clash.errors?.[0].message).toContain('Логин уже занят');
    const stored = await db!('directus_users').where({ id: second.id }).first('login');
    expect(stored.login).toBe(second.login);

    const indexes = await db!('pg_indexes').where({ tablename: 'directus_users' }).pluck('indexdef');
    expect(indexes.join('\n')).toMatch(/UNIQUE INDEX users_login_lower_unique .*lower\(\(login\)::text\)/);
    // Past the rules, straight into the table: the expression index refuses it too.
    const direct = db!('directus_users').insert({ id: randomUUID(), email: `x${Date.now()}@example.com`, login: first.login.toLowerCase(), status: 'active' });
    await expect(direct).rejects.toMatchObject({ code: '23505' });
  });

  it('takes one rating per user per title, 1 to 5, and averages it on PostgreSQL', async () => {
    const title = await a!.api.post<{ id: number }>('/items/titles', { slug: `pg-title-${Date.now().toString(36)}`, name: 'Ёлки на Хоккайдо', status: 'published' });
    const [rater, racer] = await Promise.all([newPerson(), newPerson()]);

    for (const bad of [0, 6, 3.5]) {
      const res = await http(b!.url, 'POST', '/items/ratings', { token: rater.token, body: { title: title.id, rating: bad } });
      expect(res.status, `rating ${bad}`).toBe(400);
    }
    const ok = await http(b!.url, 'POST', '/items/ratings', { token: rater.token, body: { title: title.id, rating: 4 } });
    expect(ok.status, JSON.stringify(ok.errors)).toBe(200);
    const again = await http(a!.url, 'POST', '/items/ratings', { token: rater.token, body: { title: title.id, rating: 5 } });
    expect(again.status).toBe(400);
    expect(again.errors?.[0].message).toContain('Вы уже поставили оценку');

    // Two simultaneous ratings by one person through both instances: the unique index lets one through.
    const race = await Promise.all([a!.url, b!.url].map((base) =>
      http(base, 'POST', '/items/ratings', { token: racer.token, body: { title: title.id, rating: 2 } })));
    expect(race.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await db!('ratings').where({ title: title.id }).count({ n: '*' }).first()).toEqual({ n: '2' });

    const average = await http(b!.url, 'GET', `/site/rating/${title.id}`);
    expect(average.status).toBe(200);
    expect(average.data).toEqual({ average: 3, count: 2 });

    // The folded search text works on PostgreSQL too (ё → е, lower case).
    const found = await http(b!.url, 'GET', `/items/titles?filter[searchText][_contains]=${encodeURIComponent('елки на хоккайдо')}&fields=id`);
    expect(found.data.map((t: { id: number }) => t.id)).toEqual([title.id]);
  });

  it('counts parallel views through both instances exactly', async () => {
    const title = await a!.api.post<{ id: number }>('/items/titles', { slug: `pg-views-${Date.now().toString(36)}`, name: 'Счётчик', status: 'published', views: 0 });
    const calls = Array.from({ length: 80 }, (_, i) =>
      http(i % 2 ? a!.url : b!.url, 'POST', `/flows/trigger/${VIEW_FLOW_ID}`, {
        body: { titleId: title.id },
        headers: { 'x-forwarded-for': `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}` },
      }));
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.status !== 200).map((r) => r.errors)).toEqual([]);
    const row = await db!('titles').where({ id: title.id }).first('views');
    expect(row.views).toBe(80);
  });

  it('shares the cache through Redis: a change made through A is not served stale by B', async () => {
    const slug = `pg-cache-${Date.now().toString(36)}`;
    const title = await a!.api.post<{ id: number }>('/items/titles', { slug, name: 'Старое имя', status: 'published' });
    const read = () => http(b!.url, 'GET', `/items/titles?filter[slug][_eq]=${slug}&fields=id,name`);
    expect((await read()).data).toEqual([{ id: title.id, name: 'Старое имя' }]);
    expect((await read()).data).toEqual([{ id: title.id, name: 'Старое имя' }]);
    expect(await countRedisKeys(`${name}:cache`), 'cached answers live in Redis under our namespace').toBeGreaterThan(0);
    await a!.api.patch(`/items/titles/${title.id}`, { name: 'Новое имя' });
    expect((await read()).data).toEqual([{ id: title.id, name: 'Новое имя' }]);
  });

  it('honours on B a token signed by A', async () => {
    const person = await newPerson();
    const me = await http(b!.url, 'GET', '/users/me?fields=id,login', { token: person.token });
    expect(me.status).toBe(200);
    expect(me.data).toEqual({ id: person.id, login: person.login });
  });

  it('ends on B the access of a session signed out through A', async () => {
    const person = await newPerson();
    const login = await http(a!.url, 'POST', '/auth/login', { body: { email: person.email, password: person.password, mode: 'json' } });
    expect((await http(b!.url, 'GET', '/users/me?fields=id', { token: login.data.access_token })).status).toBe(200);
    await http(a!.url, 'POST', '/auth/logout', { body: { refresh_token: login.data.refresh_token, mode: 'json' } });
    expect((await http(b!.url, 'GET', '/users/me?fields=id', { token: login.data.access_token })).status).toBe(401);
  });

  it('lets a refresh spent through A be made again through B, leading to its successor (PostgreSQL)', async () => {
    const person = await newPerson();
    const login = await http(a!.url, 'POST', '/auth/login', { body: { email: person.email, password: person.password, mode: 'json' } });
    const refresh = (base: string, token: string) => http(base, 'POST', '/auth/refresh', { body: { refresh_token: token, mode: 'json' } });
    expect((await refresh(a!.url, login.data.refresh_token)).status).toBe(200);
    const again = await refresh(b!.url, login.data.refresh_token);
    expect(again.status).toBe(200);
    expect((await http(a!.url, 'GET', '/users/me?fields=id', { token: again.data.access_token })).status).toBe(200);
    expect((await refresh(a!.url, again.data.refresh_token)).status).toBe(200);
  });

  it('counts sign-in attempts at one email across both instances (Redis)', async () => {
    const victim = await newPerson();
    const attempt = (base: string, i: number) => http(base, 'POST', '/auth/login', {
      body: { email: victim.email, password: 'wrong-guess' }, headers: { 'x-forwarded-for': `10.9.${Math.floor(i / 250)}.${i % 250}` },
    });
    for (let i = 0; i < LOGIN_LIMITS.email.points; i++) expect((await attempt(i % 2 ? a!.url : b!.url, i)).status).toBe(401);
    const limited = await attempt(b!.url, LOGIN_LIMITS.email.points);
    expect(limited.status).toBe(429);
    expect(limited.errors?.[0].message).toContain('Слишком много попыток входа');
    expect((await attempt(a!.url, LOGIN_LIMITS.email.points + 1)).status).toBe(429);
  });

  it('answers the online count on PostgreSQL (a timestamp filter inside a service)', async () => {
    await newPerson();
    const online = await http(b!.url, 'GET', '/site/online');
    expect(online.status).toBe(200);
    expect(online.data.count).toBeGreaterThanOrEqual(1);
  });
});

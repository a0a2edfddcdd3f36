/**
 * Watching together (directus/extensions/site-together): rooms made and joined through /together,
 * the room's moment kept by the backend and told over the socket to every member, its chat, and what
 * nobody outside a room reaches: not its commands, its chat, its rows through /items, aggregates,
 * relations or subscriptions. Bad frames and bodies are refused in Russian and the backend goes on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { PACE } from '../../shared/rules.ts';
import {
  ROOM_CODE_PATTERN, ROOM_MAX_MEMBERS, ROOM_MESSAGES, ROOM_MESSAGE_MAX, ROOM_RECENT_MESSAGES, ROOM_WAIT_LIMIT_MS, SCHEDULE_MAX_MS,
  type RoomMessage, type RoomView,
} from '../../shared/together.ts';
import { baseUrl, call, newTitle, newUser, type Reply, type TestUser } from '../support/api.ts';
import { asAdmin, expectRefused, tokenUsers } from '../support/fixtures.ts';
import { Realtime, closeAllRealtime } from '../support/realtime.ts';
import { RoomSocket } from '../support/together.ts';

/** The first episode's opening: a skip from inside it lands at its end. */
const OPENING = { kind: 'opening', start: 30, end: 90 } as const;

interface Show { title: number; slug: string; name: string; episodes: number[]; kept: number; takenDown: number }
let show: Show;
let film: number;
let draft: number;
let editor: TestUser;

async function newShow(): Promise<Show> {
  const made = await newTitle({ typeSource: 'Сезоны' });
  const title = made.id;
  const rows = (await editor.call('POST', '/items/series', [1, 2, 3, 4, 5].map((n) => ({
    title, name: `${n} серия`, sort: n, deleted: n === 4, takenDown: n === 5,
  })))).data as { id: number }[];
  const name = (await asAdmin('GET', `/items/titles/${title}?fields=name`)).data.name;
  const segment = await editor.call('POST', '/items/segments', { episode: rows[0]!.id, ...OPENING });
  expect(segment.status, JSON.stringify(segment.errors)).toBe(200);
  return { title, slug: made.slug, name, episodes: rows.slice(0, 3).map((r) => r.id), kept: rows[3]!.id, takenDown: rows[4]!.id };
}

type Caller = Pick<TestUser, 'call'>;
const create = (who: Caller, body: unknown) => who.call('POST', '/together/rooms', body);
const join = (who: Caller, code: string) => who.call<{ room: RoomView; messages: RoomMessage[] }>('POST', `/together/rooms/${code}/join`);
const leave = (who: Caller, code: string) => who.call('POST', `/together/rooms/${code}/leave`);

async function newRoom(leader: Caller, episode = show.episodes[0]): Promise<string> {
  const res = await create(leader, { title: show.title, episode });
  expect(res.status, JSON.stringify(res.errors)).toBe(201);
  return res.data.code;
}

/** Sends a body as it is, of any type. */
async function raw(token: string | null, path: string, body: string, type = 'application/json'): Promise<Reply> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST', headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': type }, body,
  });
  const text = await res.text();
  return { status: res.status, data: undefined, errors: text ? JSON.parse(text).errors : undefined };
}

/** Members with their sockets bound to a fresh room led by the first. */
async function roomOf(n: number, label: string): Promise<{ code: string; people: TestUser[]; sockets: RoomSocket[] }> {
  const people = await Promise.all(Array.from({ length: n }, () => newUser()));
  const code = await newRoom(people[0]!);
  for (const p of people) expect((await join(p, code)).status).toBe(200);
  const sockets: RoomSocket[] = [];
  for (const [i, p] of people.entries()) {
    const s = await RoomSocket.open(baseUrl(), p.token, code, `${label}${i}`);
    await s.join();
    sockets.push(s);
  }
  // Every member is online once the last socket joined: each hears that view.
  for (const s of sockets) await s.view((v) => v.members.length === n && v.members.every((m) => m.state !== 'offline'), 'everyone online');
  return { code, people, sockets };
}

const linesOf = async (code: string): Promise<string[]> => {
  const room = (await asAdmin('GET', `/items/togetherRooms?filter[code][_eq]=${code}&fields=id`)).data[0].id;
  const rows = (await asAdmin('GET', `/items/togetherMessages?filter[room][_eq]=${room}&filter[kind][_neq]=text&sort=id&fields=text&limit=-1`)).data as { text: string }[];
  return rows.map((r) => r.text);
};

beforeAll(async () => {
  editor = await newUser(EDITOR_ROLE);
  show = await newShow();
  film = (await newTitle({ typeSource: 'Одиночный' })).id;
  draft = (await newTitle({ status: 'draft' })).id;
});

afterAll(closeAllRealtime);

describe('making a room', () => {
  it('is for signed-in people: a visitor is asked to sign in', async () => {
    expectRefused(await call('POST', '/together/rooms', { body: { title: show.title, episode: show.episodes[0] } }), 401, ROOM_MESSAGES.signIn);
  });

  it('names a published title and one of its episodes anyone may watch', async () => {
    const me = await newUser();
    const other = await newTitle();
    const otherEpisode = (await editor.call('POST', '/items/series', { title: other.id, name: '1 серия' })).data.id;
    expectRefused(await create(me, { title: draft, episode: null }), 400, ROOM_MESSAGES.badTitle);
    expectRefused(await create(me, { title: 999_999_999, episode: null }), 400, ROOM_MESSAGES.badTitle);
    for (const episode of [otherEpisode, show.kept, show.takenDown, null, 'x', 1.5, [show.episodes[0]]]) {
      expectRefused(await create(me, { title: show.title, episode }), 400, ROOM_MESSAGES.badEpisode);
    }
    const ofFilm = await create(me, { title: film, episode: null });
    expect(ofFilm.status).toBe(201);
  });

  it('answers a code of 128 random bits; its maker leads and is its first member', async () => {
    const me = await newUser();
    const code = await newRoom(me);
    expect(code).toMatch(ROOM_CODE_PATTERN);
    const { data } = await join(me, code);
    expect(data.room).toMatchObject({
      code, title: { id: show.title, name: show.name, slug: show.slug }, episode: show.episodes[0], control: 'all', leader: me.id,
      moment: { playing: false, position: 0 }, waitingFor: [], waitingSince: null,
    });
    expect(data.room.members).toEqual([{ id: me.id, name: me.login, login: me.login, avatar: null, state: 'offline' }]);
    expect(data.messages).toEqual([]);
  });

  it('refuses bodies of any other shape in Russian, and the backend answers afterwards', async () => {
    const me = await newUser();
    for (const body of ['[1,2]', '"room"', '{"title": ', 'null', '{"title":{"id":1}}', '{"title":"1"}']) {
      const res = await raw(me.token, '/together/rooms', body);
      expect(res.status, body).toBe(400);
      expect(res.errors?.[0]?.message ?? '', body).toMatch(/[а-яА-Я]/);
    }
    const huge = await raw(me.token, '/together/rooms', JSON.stringify({ title: show.title, pad: 'x'.repeat(200_000) }));
    expectRefused(huge, 413, 'Слишком большое тело запроса');
    expectRefused(await raw(me.token, '/together/rooms', 'title=1', 'text/plain'), 400, 'Тело запроса должно быть объектом JSON');
    expectRefused(await raw(me.token, `/together/rooms/${'A'.repeat(22)}/join`, '{"broken'), 400, 'Тело запроса должно быть объектом JSON');
    expect((await fetch(`${baseUrl()}/server/ping`)).status).toBe(200);
  });
});

describe('joining', () => {
  it('writes the join line once, however often a member comes back', async () => {
    const [leader, guest] = await Promise.all([newUser(), newUser(undefined, { gender: 'Женский' })]);
    const code = await newRoom(leader);
    const first = await join(guest, code);
    expect(first.data.room.members.map((m) => m.id)).toEqual([leader.id, guest.id]);
    expect(first.data.messages.map((m) => m.text)).toEqual([`${guest.login} присоединилась`]);
    expect(first.data.messages[0]).toMatchObject({ kind: 'event', user: null, replyTo: null });
    await join(guest, code);
    expect(await linesOf(code)).toEqual([`${guest.login} присоединилась`]);
  });

  it('answers one 404 for an unknown, malformed or expired code', async () => {
    const me = await newUser();
    const expired = await newRoom(me);
    await asAdmin('PATCH', `/items/togetherRooms/${(await asAdmin('GET', `/items/togetherRooms?filter[code][_eq]=${expired}&fields=id`)).data[0].id}`, { emptySince: Date.now() - 25 * 3600_000 });
    for (const code of ['A'.repeat(22), 'short', '%20'.repeat(30), expired]) {
      expectRefused(await join(me, code), 404, ROOM_MESSAGES.notFound);
    }
    expectRefused(await call('POST', `/together/rooms/${expired}/join`), 401);
  });

  it('answers the same 404 once the room\'s title is no longer published, and tells nothing of it', async () => {
    const [leader, guest] = await Promise.all([newUser(), newUser()]);
    const hidden = await newShow();
    const code = (await create(leader, { title: hidden.title, episode: hidden.episodes[0] })).data.code;
    expect((await join(guest, code)).status).toBe(200);
    await asAdmin('PATCH', `/items/titles/${hidden.title}`, { status: 'draft', name: 'Тайное новое название' });
    for (const who of [guest, leader, await newUser()]) {
      const res = await join(who, code);
      expectRefused(res, 404, ROOM_MESSAGES.notFound);
      expect(JSON.stringify(res)).not.toContain('Тайное');
    }
  });

  it('tells a socket joined before the title was unpublished nothing of the title\'s episodes', async () => {
    const leader = await newUser();
    const hidden = await newShow();
    const code = (await create(leader, { title: hidden.title, episode: hidden.episodes[0] })).data.code;
    expect((await join(leader, code)).status).toBe(200);
    const socket = await RoomSocket.open(baseUrl(), leader.token, code, 'unpublished');
    try {
      await socket.join();
      await asAdmin('PATCH', `/items/titles/${hidden.title}`, { status: 'draft' });
      const ofTheTitle = await socket.errorOf(socket.send({ action: 'episode', episode: hidden.episodes[1] }));
      const unknown = await socket.errorOf(socket.send({ action: 'episode', episode: 999_999 }));
      expect(ofTheTitle.message).toBe(unknown.message);
      expect(ofTheTitle.code).toBe(unknown.code);
    } finally {
      await socket.close();
    }
  });

  it(`holds ${ROOM_MAX_MEMBERS} people: the next is refused`, async () => {
    const people = await tokenUsers(ROOM_MAX_MEMBERS + 1);
    const as = (p: { token: string }): Caller => ({ call: (method, path, body) => call(method, path, { token: p.token, body }) });
    const code = await newRoom(as(people[0]!));
    for (const p of people.slice(1, ROOM_MAX_MEMBERS)) expect((await join(as(p), code)).status).toBe(200);
    expectRefused(await join(as(people[ROOM_MAX_MEMBERS]!), code), 409, ROOM_MESSAGES.full);
    // One who leaves makes room for them.
    expect((await leave(as(people[1]!), code)).status).toBe(200);
    expect((await join(as(people[ROOM_MAX_MEMBERS]!), code)).status).toBe(200);
  });

  it(`the latest ${ROOM_RECENT_MESSAGES} lines come with the room, oldest first`, async () => {
    const me = await newUser();
    const code = await newRoom(me);
    const room = (await asAdmin('GET', `/items/togetherRooms?filter[code][_eq]=${code}&fields=id`)).data[0].id;
    const total = ROOM_RECENT_MESSAGES + 5;
    await asAdmin('POST', '/items/togetherMessages', Array.from({ length: total }, (_, i) => ({ room, user: me.id, kind: 'text', text: `строка ${i}` })));
    const { data } = await join(me, code);
    expect(data.messages.map((m) => m.text)).toEqual(Array.from({ length: ROOM_RECENT_MESSAGES }, (_, i) => `строка ${i + total - ROOM_RECENT_MESSAGES}`));
    expect(data.messages[0]).toMatchObject({ kind: 'text', user: me.id, replyTo: null });
    expect(Number.isNaN(Date.parse(data.messages[0]!.date))).toBe(false);
  });
});

describe('the room over the socket', () => {
  it('a play reaches every member with a start scheduled ahead, and its line', async () => {
    const { sockets, people } = await roomOf(3, 'play');
    const [a, b, c] = sockets as [RoomSocket, RoomSocket, RoomSocket];
    const before = a.latest()!.version;
    const sentAt = Date.now();
    a.send({ action: 'play', position: 12.5 });
    for (const s of [b, c]) {
      const view = await s.view((v) => v.version > before && v.moment.playing, 'the play');
      expect(view.moment.position).toBe(12.5);
      expect(view.moment.at).toBeGreaterThan(sentAt);
      expect(view.moment.at).toBeLessThanOrEqual(Date.now() + SCHEDULE_MAX_MS);
      await s.message(`${people[0]!.login} продолжил(а) просмотр`);
    }
  });

  it('a seek while playing waits for every member to be ready, then plays at a scheduled start', async () => {
    const { sockets, people } = await roomOf(3, 'seek');
    const [a, b, c] = sockets as [RoomSocket, RoomSocket, RoomSocket];
    a.send({ action: 'play', position: 0 });
    await c.view((v) => v.moment.playing, 'the play');
    b.send({ action: 'seek', position: 754 });
    const waiting = await c.view((v) => v.waitingFor.length === 3, 'the waiting');
    expect(waiting.moment).toMatchObject({ playing: false, position: 754 });
    expect(new Set(waiting.waitingFor)).toEqual(new Set(people.map((p) => p.id)));
    await a.message(`${people[1]!.login} перемотал(а) на 12:34`);
    a.send({ action: 'ready' });
    b.send({ action: 'ready' });
    await a.view((v) => v.version > waiting.version && v.waitingFor.length === 1, 'two ready');
    const readyAt = Date.now();
    c.send({ action: 'ready' });
    for (const s of sockets) {
      const playing = await s.view((v) => v.version > waiting.version && v.moment.playing, 'the play after all were ready');
      expect(playing.moment.position).toBe(754);
      expect(playing.moment.at).toBeGreaterThan(readyAt);
      expect(playing.waitingFor).toEqual([]);
    }
  });

  it('a member loading holds the room; the leader may go on without them only after the wait limit', async () => {
    const { sockets, people } = await roomOf(2, 'wait');
    const [a, b] = sockets as [RoomSocket, RoomSocket];
    a.send({ action: 'play', position: 30 });
    await b.view((v) => v.moment.playing, 'the play');
    b.send({ action: 'state', state: 'loading' });
    const held = await a.view((v) => v.waitingFor.length === 1, 'the hold');
    expect(held.waitingFor).toEqual([people[1]!.id]);
    expect(held.moment.playing).toBe(false);
    expect(held.members.find((m) => m.id === people[1]!.id)!.state).toBe('loading');
    expect((await b.errorOf(b.send({ action: 'dont-wait' }))).code).toBe('notLeader');
    const early = await a.errorOf(a.send({ action: 'dont-wait' }));
    expect(early).toMatchObject({ code: 'tooEarlyToSkipWaiting', message: ROOM_MESSAGES.tooEarlyToSkipWaiting, action: 'dont-wait' });
    // The limit is counted on the server's clock from the view's waitingSince.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, held.waitingSince! + ROOM_WAIT_LIMIT_MS - Date.now() + 200)));
    a.send({ action: 'dont-wait' });
    const going = await b.view((v) => v.version > held.version && v.moment.playing, 'the play without them');
    expect(going.waitingFor).toEqual([]);
    await b.message(`${people[0]!.login} не стал(а) ждать: ${people[1]!.login}`);
  });

  it('tells a skip of a segment found by listening only where the player plays it: on a title whose editors let found ones apply', async () => {
    const found = { kind: 'ending', start: 1200, end: 1290 } as const;
    const proposed = await asAdmin('POST', '/items/segments', { episode: show.episodes[0], ...found, state: 'proposed', source: 'auto' });
    expect(proposed.status, JSON.stringify(proposed.errors)).toBe(200);
    const { sockets, people } = await roomOf(2, 'found');
    const [a, b] = sockets as [RoomSocket, RoomSocket];
    const skipFound = async () => {
      a.send({ action: 'seek', position: found.start + 30 });
      await b.message(`${people[0]!.login} перемотал(а) на 20:30`);
      a.send({ action: 'seek', position: found.end, reason: 'skip' });
    };
    try {
      await skipFound();
      await b.message(`${people[0]!.login} перемотал(а) на 21:30`);
      expect((await asAdmin('PATCH', `/items/titles/${show.title}`, { applyFoundSegments: true })).status).toBe(200);
      await skipFound();
      await b.message(`${people[0]!.login} пропустил(а) титры`);
    } finally {
      await asAdmin('PATCH', `/items/titles/${show.title}`, { applyFoundSegments: false });
      await asAdmin('DELETE', `/items/segments/${proposed.data.id}`);
    }
  });

  it('pausing, skipping, the next episode and the chat: each told to all and the lines written', async () => {
    const { code, sockets, people } = await roomOf(2, 'lines');
    const [a, b] = sockets as [RoomSocket, RoomSocket];
    const [x, y] = people as [TestUser, TestUser];
    a.send({ action: 'pause', position: OPENING.start + 10 });
    await b.message(`${x.login} поставил(а) на паузу`);
    b.send({ action: 'seek', position: OPENING.end, reason: 'skip' });
    await a.message(`${y.login} пропустил(а) заставку`);
    // A skip that skips no segment is told as the seek it is.
    b.send({ action: 'seek', position: 3000, reason: 'skip' });
    await a.message(`${y.login} перемотал(а) на 50:00`);
    b.send({ action: 'episode', episode: show.episodes[1], reason: 'next' });
    const next = await a.view((v) => v.episode === show.episodes[1], 'the next episode');
    expect(next.moment).toMatchObject({ playing: false, position: 0 });
    a.send({ action: 'episode', episode: show.episodes[2] });
    await b.message(`${x.login} включил(а) «3 серия»`);
    // Nor is the first episode the next one after the third.
    b.send({ action: 'episode', episode: show.episodes[0], reason: 'next' });
    await a.message(`${y.login} включил(а) «1 серия»`);
    for (const episode of [show.kept, show.takenDown, 999_999]) {
      expect((await a.errorOf(a.send({ action: 'episode', episode }))).message).toBe(ROOM_MESSAGES.badEpisode);
    }
    b.send({ action: 'message', text: '  Смотрите, вот это сцена!  ' });
    const said = await a.message('Смотрите, вот это сцена!');
    expect(said.message).toMatchObject({ kind: 'text', user: y.id, replyTo: null });
    a.send({ action: 'message', text: 'Да!', replyTo: said.message.id });
    expect((await b.message('Да!')).message.replyTo).toBe(said.message.id);
    b.send({ action: 'react', emoji: '🔥' });
    expect(await a.rt.waitFor((f) => f.event === 'reaction' && f.room === code, 'the reaction')).toMatchObject({ user: y.id, emoji: '🔥' });
    for (const [frame, code_] of [
      [{ action: 'message', text: '   ' }, 'emptyMessage'], [{ action: 'message', text: '\u200b\u3164' }, 'emptyMessage'], [{ action: 'message', text: 'я'.repeat(ROOM_MESSAGE_MAX + 1) }, 'tooLong'],
      [{ action: 'message', text: 'при\u0000вет' }, 'badCharacter'], [{ action: 'react', emoji: '💩' }, 'badReaction'],
    ] as const) expect((await a.errorOf(a.send(frame))).code).toBe(code_);
    expect(await linesOf(code)).toEqual([
      `${y.login} присоединился(ась)`, `${x.login} поставил(а) на паузу`, `${y.login} пропустил(а) заставку`, `${y.login} перемотал(а) на 50:00`,
      `${y.login} включил(а) следующую серию`, `${x.login} включил(а) «3 серия»`, `${y.login} включил(а) «1 серия»`,
    ]);
  });

  it("a run of one member's seeks is one line, rewritten as they go; another's seek or a word between starts a new one", async () => {
    const { code, sockets, people } = await roomOf(2, 'run');
    const [a, b] = sockets as [RoomSocket, RoomSocket];
    const [x, y] = people as [TestUser, TestUser];
    a.send({ action: 'seek', position: 60 });
    const first = (await b.message(`${x.login} перемотал(а) на 1:00`)).message;
    a.send({ action: 'seek', position: 120 });
    const rewritten = (await b.message(`${x.login} перемотал(а) на 2:00`)).message;
    expect(rewritten).toMatchObject({ id: first.id, kind: 'event', user: null, replyTo: null });
    b.send({ action: 'seek', position: 180 });
    const another = (await a.message(`${y.login} перемотал(а) на 3:00`)).message;
    expect(another.id).toBeGreaterThan(first.id);
    b.send({ action: 'message', text: 'Вот тут' });
    await a.message('Вот тут');
    b.send({ action: 'seek', position: 240 });
    expect((await a.message(`${y.login} перемотал(а) на 4:00`)).message.id).toBeGreaterThan(another.id);
    const lines = [`${y.login} присоединился(ась)`, `${x.login} перемотал(а) на 2:00`, `${y.login} перемотал(а) на 3:00`, `${y.login} перемотал(а) на 4:00`];
    expect(await linesOf(code)).toEqual(lines);
    expect((await join(x, code)).data.messages.map((m) => m.text)).toEqual([...lines.slice(0, 3), 'Вот тут', lines[3]]);
  });

  it('the episode the room is on, asked again (a slow answer\'s repeat), changes nothing: one line, everyone held once', async () => {
    const { code, sockets, people } = await roomOf(2, 'again');
    const [a, b] = sockets as [RoomSocket, RoomSocket];
    const [x] = people as [TestUser];
    a.send({ action: 'play', position: 5 });
    await b.view((v) => v.moment.playing, 'the play');
    const asks = 3;
    for (let i = 0; i < asks; i++) a.send({ action: 'episode', episode: show.episodes[1], reason: 'next' });
    // One socket's frames are served in order: once this line is told, every repeat before it was served.
    a.send({ action: 'message', text: 'Повторы позади' });
    await b.message('Повторы позади');
    const onNext = b.views().filter((v) => v.episode === show.episodes[1]);
    expect(new Set(onNext.map((v) => v.version)).size).toBe(1);
    expect(onNext[0]!.waitingFor.sort()).toEqual(people.map((p) => p.id).sort());
    expect(await linesOf(code)).toEqual([`${people[1]!.login} присоединился(ась)`, `${x.login} продолжил(а) просмотр`, `${x.login} включил(а) следующую серию`]);
  });

  it('a member whose socket closes goes offline, and comes back with the room as it is', async () => {
    const { code, sockets, people } = await roomOf(2, 'away');
    const [a, b] = sockets as [RoomSocket, RoomSocket];
    await b.close();
    const gone = await a.view((v) => v.members.find((m) => m.id === people[1]!.id)?.state === 'offline', 'the member offline');
    a.send({ action: 'seek', position: 300 });
    await a.view((v) => v.version > gone.version && v.moment.position === 300, 'the seek');
    const back = await RoomSocket.open(baseUrl(), people[1]!.token, code, 'away-back');
    const view = await back.join();
    expect(view.moment.position).toBe(300);
    expect(view.members.find((m) => m.id === people[1]!.id)!.state).toBe('paused');
  });

  it('a member who signs out goes offline for the others, though their socket stays open', async () => {
    const { code, people, sockets } = await roomOf(1, 'out');
    const guest = await newUser();
    expect((await join(guest, code)).status).toBe(200);
    const session = await call<{ access_token: string; refresh_token: string }>('POST', '/auth/login', { body: { email: guest.email, password: guest.password, mode: 'json' } });
    const socket = await RoomSocket.open(baseUrl(), session.data.access_token, code, 'out-guest');
    await socket.join();
    const here = await sockets[0]!.view((v) => v.members.find((m) => m.id === guest.id)?.state === 'paused', 'the guest online');
    expect((await call('POST', '/auth/logout', { body: { refresh_token: session.data.refresh_token, mode: 'json' } })).status).toBe(204);
    const gone = await sockets[0]!.view((v) => v.version > here.version && v.members.find((m) => m.id === guest.id)?.state === 'offline', 'the guest offline');
    // Nobody waits for them now.
    sockets[0]!.send({ action: 'play', position: 5 });
    await sockets[0]!.view((v) => v.version > gone.version && v.moment.playing, 'the play');
    sockets[0]!.send({ action: 'seek', position: 50 });
    const seeked = await sockets[0]!.view((v) => v.moment.position === 50, 'the seek');
    expect(seeked.waitingFor).toEqual([people[0]!.id]);
  });

  it('ping answers the server clock', async () => {
    const { sockets } = await roomOf(1, 'ping');
    const s = sockets[0]!;
    const uid = s.send({ action: 'ping', sent: 123, rtt: 80 });
    const pong = await s.rt.waitFor((f) => f.uid === uid, 'the pong');
    expect(pong).toMatchObject({ event: 'pong', sent: 123 });
    expect(Math.abs(pong.server - Date.now())).toBeLessThan(5000);
  });
});

describe('what only the leader does', () => {
  it('nobody else passes the lead, sets the control or removes anyone', async () => {
    const { sockets, people } = await roomOf(3, 'forged');
    const [, b] = sockets as [RoomSocket, RoomSocket];
    for (const frame of [{ action: 'lead', user: people[1]!.id }, { action: 'control', mode: 'leader' }, { action: 'remove', user: people[0]!.id }]) {
      expect((await b.errorOf(b.send(frame))).message).toBe(ROOM_MESSAGES.notLeader);
    }
    expect(sockets[2]!.latest()!.leader).toBe(people[0]!.id);
  });

  it('in a leader-only room only the leader plays; passing the lead passes that too', async () => {
    const { sockets, people } = await roomOf(2, 'control');
    const [a, b] = sockets as [RoomSocket, RoomSocket];
    a.send({ action: 'control', mode: 'leader' });
    await b.view((v) => v.control === 'leader', 'leader-only');
    await b.message(`${people[0]!.login}: управляет только ведущий`);
    for (const frame of [{ action: 'play', position: 1 }, { action: 'pause', position: 1 }, { action: 'seek', position: 5 }, { action: 'episode', episode: show.episodes[1] }]) {
      expect((await b.errorOf(b.send(frame))).message).toBe(ROOM_MESSAGES.leaderOnly);
    }
    a.send({ action: 'lead', user: people[1]!.id });
    await b.view((v) => v.leader === people[1]!.id, 'the new leader');
    await a.message(`${people[0]!.login} передал(а) управление пользователю ${people[1]!.login}`);
    b.send({ action: 'play', position: 1 });
    await a.view((v) => v.moment.playing, 'the new leader\'s play');
    expect((await a.errorOf(a.send({ action: 'pause', position: 1 }))).message).toBe(ROOM_MESSAGES.leaderOnly);
  });
});

describe('attacks', () => {
  it('a member of one room neither commands another nor reads its chat', async () => {
    const one = await roomOf(1, 'roomA');
    const two = await roomOf(1, 'roomB');
    const intruder = one.sockets[0]!;
    const other = two.code;
    for (const action of ['play', 'pause', 'seek'] as const) {
      expect((await intruder.errorOf(intruder.send({ action, position: 5 }, other))).code).toBe('notMember');
    }
    expect((await intruder.errorOf(intruder.send({ action: 'message', text: 'чужой' }, other))).code).toBe('notMember');
    expect((await intruder.errorOf(intruder.send({ action: 'remove', user: two.people[0]!.id }, other))).code).toBe('notMember');
    // Joining the other room over the socket without its link's join is one answer with an unknown code.
    const refused = await intruder.errorOf(intruder.send({ action: 'join' }, other));
    expect(refused).toMatchObject({ code: 'notFound', message: ROOM_MESSAGES.notFound });
    two.sockets[0]!.send({ action: 'message', text: 'только для своих' });
    await two.sockets[0]!.message('только для своих');
    two.sockets[0]!.send({ action: 'pause', position: 3 });
    await two.sockets[0]!.view((v) => v.moment.position === 3, 'the pause');
    expect(JSON.stringify(intruder.rt.frames)).not.toContain('только для своих');
    expect(intruder.rt.frames.filter((f) => f.event === 'room' && f.room?.code === other)).toEqual([]);
  });

  it('a removed member is cut off at once and cannot come back, by the link or by the socket', async () => {
    const { code, sockets, people } = await roomOf(3, 'removed');
    const [a, b, c] = sockets as [RoomSocket, RoomSocket, RoomSocket];
    const [, , out] = people as [TestUser, TestUser, TestUser];
    a.send({ action: 'remove', user: out.id });
    await c.rt.waitFor((f) => f.event === 'removed' && f.room === code, 'the removal');
    const after = await b.view((v) => !v.members.some((m) => m.id === out.id), 'the room without them');
    await b.message(`${people[0]!.login} удалил(а) из комнаты пользователя ${out.login}`);
    expectRefused(await join(out, code), 403, ROOM_MESSAGES.removed);
    expect((await c.errorOf(c.send({ action: 'play', position: 1 }))).code).toBe('notMember');
    expect((await c.errorOf(c.send({ action: 'join' }))).message).toBe(ROOM_MESSAGES.removed);
    const fresh = await RoomSocket.open(baseUrl(), out.token, code, 'removed-fresh');
    expect((await fresh.errorOf(fresh.send({ action: 'join' }))).code).toBe('removed');
    b.send({ action: 'message', text: 'без него' });
    await a.message('без него');
    expect(JSON.stringify(c.rt.frames)).not.toContain('без него');
    expect(JSON.stringify(fresh.rt.frames)).not.toContain('без него');
    expect(after.members).toHaveLength(2);
  });

  it('visitors get nothing: no room, no join, no socket', async () => {
    const { code } = await roomOf(1, 'visited');
    expectRefused(await call('POST', `/together/rooms/${code}/join`), 401, ROOM_MESSAGES.signIn);
    expectRefused(await call('POST', `/together/rooms/${code}/leave`), 401);
    const rt = await Realtime.visitor(baseUrl(), 'visitor');
    rt.send({ type: 'together', room: code, uid: 'v', action: 'join' });
    expect(await rt.waitFor((f) => f.uid === 'v', 'the refusal')).toMatchObject({ event: 'error', code: 'signIn', message: ROOM_MESSAGES.signIn });
  });

  it('the three collections are nobody\'s through /items, aggregates, relations or subscriptions', async () => {
    const { code, people } = await roomOf(1, 'items');
    const member = people[0]!;
    const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));
    for (const collection of ['togetherRooms', 'togetherMembers', 'togetherMessages']) {
      for (const who of [member, null]) {
        const get = (path: string) => (who ? who.call('GET', path) : call('GET', path));
        expectRefused(await get(`/items/${collection}`), 403);
        expectRefused(await get(`/items/${collection}?aggregate[count]=id`), 403);
        expectRefused(await get(`/items/${collection}/1`), 403);
      }
      expectRefused(await member.call('POST', `/items/${collection}`, { room: 1, text: 'x' }), 403);
      expectRefused(await member.call('PATCH', `/items/${collection}/1`, { removed: false }), 403);
      const rt = await Realtime.open(baseUrl(), member.token, `sub-${collection}`);
      rt.send({ type: 'subscribe', uid: collection, collection });
      const answer = await rt.waitFor((f) => f.uid === collection, `the answer to ${collection}`);
      expect(answer.status).toBe('error');
    }
    for (const path of [
      `/users?fields=id&filter=${q({ '$FOLLOW(togetherMembers,user)': { room: { code: { _eq: code } } } })}`,
      `/items/titles?fields=id&filter=${q({ '$FOLLOW(togetherRooms,title)': { code: { _eq: code } } })}`,
    ]) expectRefused(await member.call('GET', path), 403);
    // No alias leads from a person or a title into the rooms: asking for one names nothing.
    for (const path of ['/users/me?fields=togetherMembers.room.code,togetherRooms.code', `/items/titles/${show.title}?fields=togetherRooms.code,togetherMembers.room.code`]) {
      const res = await member.call('GET', path);
      expect(JSON.stringify(res.data ?? null), path).not.toContain(code);
    }
    // The admin app sees them.
    expect((await asAdmin('GET', `/items/togetherRooms?filter[code][_eq]=${code}&fields=code`)).data).toEqual([{ code }]);
  });

  it('malformed and oversized frames are refused, and the socket and backend go on', async () => {
    const { code, sockets } = await roomOf(1, 'frames');
    const s = sockets[0]!;
    const frames: Record<string, unknown>[] = [
      { type: 'together' }, { type: 'together', room: [code], action: 'join' }, { type: 'together', room: code, action: ['play'] },
      { type: 'together', room: code, action: 'play', position: '10' }, { type: 'together', room: code, action: 'seek', position: 1e300 },
      // Too long for a room, yet within a socket frame (realtime-access.test.ts has frames over it closed).
      { type: 'together', room: code, action: 'message', text: 'я'.repeat(ROOM_MESSAGE_MAX * 4 + 1) }, { type: 'together', room: 'x'.repeat(10_000), action: 'join' },
      { type: 'together', room: code, action: 'lead', user: { $ne: null } }, { type: 'together', room: code, action: 'state', state: 'offline' },
      { type: 'together', room: code, action: 'ping', sent: 'now' }, { type: 'together', room: code, uid: { a: 1 }, action: 'join' },
    ];
    for (const frame of frames) s.rt.send(frame);
    s.rt.ws.send('{"type":"together",');
    const uid = s.send({ action: 'ping', sent: 1 });
    await s.rt.waitFor((f) => f.uid === uid && f.event === 'pong', 'a pong after the bad frames');
    const errors = s.rt.frames.filter((f) => f.event === 'error');
    expect(errors.length).toBeGreaterThanOrEqual(frames.length - 1);
    for (const e of errors) expect(e.message).toMatch(/[а-яА-Я]/);
    expect((await fetch(`${baseUrl()}/server/ping`)).status).toBe(200);
  });
});

describe('pace', () => {
  it('commands, reactions and pings past their allowance are refused with the time to wait', async () => {
    const { sockets } = await roomOf(1, 'pace');
    const s = sockets[0]!;
    const refusedOf = async (n: number, frame: Record<string, unknown>) => {
      const uids = Array.from({ length: n }, () => s.send(frame));
      const answers = await Promise.all(uids.map((uid) => s.rt.waitFor((f) => f.uid === uid, `the answer ${uid}`, 15_000)));
      return answers.filter((f) => f?.code === 'tooFast');
    };
    const pings = await refusedOf(PACE.roomPing.count + 3, { action: 'ping', sent: 1 });
    expect(pings.length).toBe(3);
    expect(pings[0]!.message).toMatch(/^Слишком много замеров подряд\. Подождите \d+ с\.$/);
    const reactions = Array.from({ length: PACE.roomReaction.count + 2 }, () => s.send({ action: 'react', emoji: '❤️' }));
    const lastReaction = await s.errorOf(reactions.at(-1)!, 'the refused reaction');
    expect(lastReaction.code).toBe('tooFast');
    const commands = Array.from({ length: PACE.roomCommand.count + 2 }, (_, i) => s.send({ action: 'pause', position: i }));
    expect((await s.errorOf(commands.at(-1)!, 'the refused command')).message).toMatch(/^Слишком много команд подряд\. Подождите \d+ с\.$/);
  });

  it('joins past their allowance are refused with the time to wait; the member stays joined', async () => {
    const { sockets } = await roomOf(1, 'pace-join');
    const s = sockets[0]!;
    // roomOf joined once already.
    const joins = Array.from({ length: PACE.roomJoin.count }, () => s.send({ action: 'join' }));
    expect((await s.errorOf(joins.at(-1)!, 'the refused join')).message).toMatch(/^Слишком много подключений подряд\. Подождите \d+ с\.$/);
    s.send({ action: 'play', position: 3 });
    await s.view((v) => v.moment.playing, 'the play after the refused join');
  });

  it('entries over REST past their allowance are refused with the time to wait, and write no line', async () => {
    const [leader, guest] = await Promise.all([newUser(), newUser()]);
    const code = await newRoom(leader);
    // Entering and leaving over and over wrote two lines every member heard, the chat's pace aside.
    for (let i = 0; i < PACE.roomJoin.count; i++) {
      expect((await join(guest, code)).status).toBe(200);
      expect((await leave(guest, code)).status).toBe(200);
    }
    const lines = await linesOf(code);
    const refused = await join(guest, code);
    expectRefused(refused, 429);
    expect(refused.errors?.[0]?.message).toMatch(/Слишком много подключений подряд\. Подождите \d+ с\./);
    expect(await linesOf(code)).toEqual(lines);
  });

  it('commands past the chat\'s pace still work, and write no more lines', async () => {
    const { code, sockets } = await roomOf(1, 'pace-lines');
    const s = sockets[0]!;
    const sent = PACE.roomLine.count + 3;
    for (let i = 0; i < sent; i++) s.send({ action: i % 2 ? 'play' : 'pause', position: i });
    const last = sent - 1;
    await s.view((v) => v.moment.position === last && v.moment.playing === (last % 2 === 1), 'the last command');
    expect((await linesOf(code)).filter((line) => /на паузу|продолжил/.test(line))).toHaveLength(PACE.roomLine.count);
  });

  it('messages keep the chat\'s pace', async () => {
    const { sockets } = await roomOf(1, 'pace-msg');
    const s = sockets[0]!;
    const uids = Array.from({ length: PACE.roomMessage.count + 1 }, (_, i) => s.send({ action: 'message', text: `m${i}` }));
    expect((await s.errorOf(uids.at(-1)!)).message).toMatch(/^Слишком много сообщений подряд\. Подождите \d+ с\.$/);
  });
});

describe('leaving', () => {
  it('takes the member out with a line; the lead passes on; they may come back through the link', async () => {
    const { code, sockets, people } = await roomOf(2, 'leave');
    const [a, b] = sockets as [RoomSocket, RoomSocket];
    expect((await leave(people[0]!, code)).status).toBe(200);
    const after = await b.view((v) => v.members.length === 1, 'the room without the leader');
    expect(after.leader).toBe(people[1]!.id);
    await b.message(`${people[0]!.login} вышел(ла)`);
    expect((await a.errorOf(a.send({ action: 'play', position: 1 }))).code).toBe('notMember');
    expectRefused(await leave(people[0]!, code), 404);
    expect((await join(people[0]!, code)).data.room.members).toHaveLength(2);
  });
});

describe('the sweep', () => {
  const roomId = async (code: string) => (await asAdmin('GET', `/items/togetherRooms?filter[code][_eq]=${code}&fields=id`)).data[0]?.id as number | undefined;

  it('takes offline a member whom no instance has seen for a while (their instance stopped)', async () => {
    const [leader, ghost] = await Promise.all([newUser(), newUser()]);
    const code = await newRoom(leader);
    await join(ghost, code);
    const room = await roomId(code);
    const row = (await asAdmin('GET', `/items/togetherMembers?filter[room][_eq]=${room}&filter[user][_eq]=${ghost.id}&fields=id`)).data[0].id;
    // As a stopped instance leaves it: the room waiting for them, and they online, last seen ten minutes
    // ago. The room first: a sweep between the two would otherwise take them offline before the room waits.
    await asAdmin('PATCH', `/items/togetherRooms/${room}`, { waitingFor: [ghost.id], waitingSince: Date.now() - 1000, emptySince: null });
    await asAdmin('PATCH', `/items/togetherMembers/${row}`, { state: 'loading', seen: Date.now() - 600_000 });
    await expect.poll(async () => (await asAdmin('GET', `/items/togetherMembers/${row}?fields=state`)).data.state, { timeout: 20_000, interval: 500 }).toBe('offline');
    const { data } = await join(leader, code);
    expect(data.room.waitingFor).toEqual([]);
  });

  it('counts a room idle from when its title is no longer published, though its members never left', async () => {
    const { code } = await roomOf(1, 'unpublished');
    const room = await roomId(code);
    const own = await newTitle();
    await asAdmin('PATCH', `/items/togetherRooms/${room}`, { title: own.id });
    const before = Date.now();
    await asAdmin('PATCH', `/items/titles/${own.id}`, { status: 'draft' });
    await expect.poll(async () => Number((await asAdmin('GET', `/items/togetherRooms/${room}?fields=emptySince`)).data.emptySince), { timeout: 20_000, interval: 500 }).toBeGreaterThanOrEqual(before);
  });

  it('deletes a room nobody has been in for a day, with its members and messages', async () => {
    const me = await newUser();
    const code = await newRoom(me);
    const room = await roomId(code);
    await asAdmin('POST', '/items/togetherMessages', { room, user: me.id, kind: 'text', text: 'давно' });
    await asAdmin('PATCH', `/items/togetherRooms/${room}`, { emptySince: Date.now() - 25 * 3600_000 });
    await expect.poll(() => roomId(code), { timeout: 20_000, interval: 500 }).toBeUndefined();
    expect((await asAdmin('GET', `/items/togetherMembers?filter[room][_eq]=${room}&fields=id`)).data).toEqual([]);
    expect((await asAdmin('GET', `/items/togetherMessages?filter[room][_eq]=${room}&fields=id`)).data).toEqual([]);
  });
});

/**
 * Watched episodes (GET /site/watched, PUT /site/watched/:episode, POST /site/watched/import and the
 * collection `watchedEpisodes`) and the player's settings in the account: a person's own, read by
 * nobody else whatever the query, the title's list marks following the watching (shared/watching.ts);
 * each change heard live by the person's own sockets alone.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { DEFAULT_PLAYER_SETTINGS } from '../../shared/player-settings.ts';
import { PACE, ROLES } from '../../shared/rules.ts';
import { WATCHED_IMPORT_MAX } from '../../shared/watching.ts';
import { baseUrl, call, newTitle, newUser, type TestUser } from '../support/api.ts';
import { asAdmin, countRows, expectNothingStored, expectRefused } from '../support/fixtures.ts';
import { Realtime, closeAllRealtime, type Frame } from '../support/realtime.ts';

interface Show { title: number; episodes: number[]; kept: number }
let show: Show;
let editor: TestUser;

/**
 * A title of two seasons, the second made first so that ids and watching order differ; its last
 * episode is kept for subscribers, so a person without a plan finishes the title one episode earlier.
 */
async function newShow(): Promise<Show> {
  const title = (await newTitle({ typeSource: 'Сезоны' })).id;
  const second = (await editor.call('POST', '/items/iframeSeasons', { title, name: '2 сезон', sort: 2 })).data.id;
  const first = (await editor.call('POST', '/items/iframeSeasons', { title, name: '1 сезон', sort: 1 })).data.id;
  const late = (await editor.call('POST', '/items/series', [3, 4, 5].map((n) => ({ title, season: second, name: `${n} серия`, sort: n, deleted: n === 5 })))).data;
  const early = (await editor.call('POST', '/items/series', [1, 2].map((n) => ({ title, season: first, name: `${n} серия`, sort: n })))).data;
  const ids = [...early, ...late].map((e: { id: number }) => e.id);
  return { title, episodes: ids.slice(0, 4), kept: ids[4] };
}

const marksOf = async (who: TestUser, title: number) =>
  ((await who.call('GET', `/items/favorites?filter[title][_eq]=${title}&fields=type&sort=type`)).data as { type: string }[]).map((m) => m.type);
const watchedOf = async (who: TestUser, title: number) => (await who.call('GET', `/site/watched?title=${title}`)).data;
const mark = (who: TestUser, episode: number, watched: boolean) => who.call('PUT', `/site/watched/${episode}`, { watched });

/** Sends a body as it is, of any type, as a signed-in person. */
async function raw(who: TestUser, method: string, path: string, body: string, type = 'text/plain') {
  const res = await fetch(`${baseUrl()}${path}`, { method, headers: { authorization: `Bearer ${who.token}`, 'content-type': type }, body });
  const text = await res.text();
  return { status: res.status, data: undefined, errors: text ? JSON.parse(text).errors : undefined };
}

beforeAll(async () => {
  editor = await newUser(EDITOR_ROLE);
  show = await newShow();
});

describe('marking an episode watched', () => {
  it('is kept once, answered the same however often it is sent, and read back by the person', async () => {
    const me = await newUser();
    const [e1, e2] = show.episodes;
    for (let i = 0; i < 2; i++) expect((await mark(me, e2, true)).data).toEqual({ episode: e2, title: show.title, watched: true });
    expect((await mark(me, e1, true)).status).toBe(200);
    expect(await watchedOf(me, show.title)).toEqual([e1, e2].sort((a, b) => a - b));
    expect(await countRows('watchedEpisodes', { _and: [{ user_created: { _eq: me.id } }, { episode: { _eq: e2 } }] })).toBe(1);
  });

  it('moves the title to «Смотрю», out of «Буду смотреть», and to «Смотрел» with the last episode in watching order', async () => {
    const me = await newUser();
    await me.call('POST', '/items/favorites', { type: 'Буду смотреть', title: show.title });
    await me.call('POST', '/items/favorites', { type: 'Избранное', title: show.title });
    await mark(me, show.episodes[0], true);
    expect(await marksOf(me, show.title)).toEqual(['Избранное', 'Смотрю']);
    // The 4th episode is the last a person without a plan sees: the 5th is kept for subscribers.
    await mark(me, show.episodes[3], true);
    expect(await marksOf(me, show.title)).toEqual(['Избранное', 'Смотрел']);
  });

  it('takes a subscriber to «Смотрел» only with the episode kept for subscribers, which others cannot mark', async () => {
    const [subscriber, plain] = await Promise.all([newUser(ROLES.premium), newUser()]);
    await mark(subscriber, show.episodes[3], true);
    expect(await marksOf(subscriber, show.title)).toEqual(['Смотрю']);
    await mark(subscriber, show.kept, true);
    expect(await marksOf(subscriber, show.title)).toEqual(['Смотрел']);
    const res = await expectNothingStored('watchedEpisodes', { user_created: { _eq: plain.id } }, () => mark(plain, show.kept, true));
    expectRefused(res, 400, 'Серия не найдена');
  });

  it('leaves a title marked «Не интересно» as it is, and every mark when the person turned it off', async () => {
    const [uninterested, unfollowing] = await Promise.all([newUser(), newUser()]);
    await uninterested.call('POST', '/items/favorites', { type: 'Не интересно', title: show.title });
    await mark(uninterested, show.episodes[3], true);
    expect(await marksOf(uninterested, show.title)).toEqual(['Не интересно']);

    expect((await unfollowing.call('PATCH', '/users/me', { playerSettings: { ...DEFAULT_PLAYER_SETTINGS, marksFollow: false } })).status).toBe(200);
    await unfollowing.call('POST', '/items/favorites', { type: 'Буду смотреть', title: show.title });
    await mark(unfollowing, show.episodes[0], true);
    await mark(unfollowing, show.episodes[3], true);
    expect(await marksOf(unfollowing, show.title)).toEqual(['Буду смотреть']);
  });

  it('is undone by hand, again and again alike, forgetting the resume point kept on that episode only', async () => {
    const me = await newUser();
    const [e1, e2] = show.episodes;
    await mark(me, e1, true);
    await me.call('PUT', `/site/progress/${show.title}`, { episode: e1, position: 600, duration: 1500 });
    for (let i = 0; i < 2; i++) expect((await mark(me, e1, false)).data).toEqual({ episode: e1, title: show.title, watched: false });
    expect(await watchedOf(me, show.title)).toEqual([]);
    expect((await me.call('GET', `/items/watchProgress?filter[title][_eq]=${show.title}&fields=episode,position`)).data).toEqual([{ episode: e1, position: null }]);

    await me.call('PUT', `/site/progress/${show.title}`, { episode: e2, position: 300, duration: 1500 });
    await mark(me, e1, false);
    expect((await me.call('GET', `/items/watchProgress?filter[title][_eq]=${show.title}&fields=episode,position`)).data).toEqual([{ episode: e2, position: 300 }]);
  });

  it('refuses drafts, unknown episodes, bad numbers and bodies, visitors, with nothing stored', async () => {
    const me = await newUser();
    const draft = await newTitle({ status: 'draft' });
    const draftEpisode = (await editor.call('POST', '/items/series', { title: draft.id, name: '1 серия' })).data.id;
    const mine = { user_created: { _eq: me.id } };
    for (const episode of [draftEpisode, 99_999_999]) expectRefused(await expectNothingStored('watchedEpisodes', mine, () => mark(me, episode, true)), 400, 'Серия не найдена');
    // Unmarking tells a draft's episode apart from an unknown number no more than marking does.
    for (const episode of [draftEpisode, 99_999_999]) expect((await mark(me, episode, false)).data).toEqual({ episode, title: null, watched: false });
    expectRefused(await me.call('PUT', '/site/watched/abc', { watched: true }), 400, 'Неверный номер серии');
    for (const body of [{}, { watched: 'true' }, { watched: 1 }]) expectRefused(await me.call('PUT', `/site/watched/${show.episodes[0]}`, body), 400, 'watched: true или false');
    expectRefused(await me.call('PUT', `/site/watched/${show.episodes[0]}`, [true]), 400, 'объектом JSON');
    expectRefused(await raw(me, 'PUT', `/site/watched/${show.episodes[0]}`, 'watched=true'), 400, 'объектом JSON');
    expectRefused(await raw(me, 'PUT', `/site/watched/${show.episodes[0]}`, '"watched"', 'application/json'), 400);
    expectRefused(await raw(me, 'PUT', `/site/watched/${show.episodes[0]}`, `{"watched":true,"x":"${'я'.repeat(200_000)}"}`), 413);
    expectRefused(await call('PUT', `/site/watched/${show.episodes[0]}`, { body: { watched: true } }), 403);
    expectRefused(await call('GET', `/site/watched?title=${show.title}`), 403);
    expectRefused(await me.call('GET', '/site/watched?title=x'), 400, 'Укажите сериал или фильм');
    expect(await countRows('watchedEpisodes', mine)).toBe(0);
  });
});

describe('GET /site/watched/summary', () => {
  const summary = (who: TestUser, titles: (number | string)[]) => who.call('GET', `/site/watched/summary?titles=${titles.join(',')}`);

  it('counts, per series, the episodes the person watched of those they may watch', async () => {
    const me = await newUser();
    const premium = await newUser(ROLES.premium);
    for (const who of [me, premium]) for (const e of [show.episodes[0], show.episodes[1]]) await mark(who, e, true);
    await mark(premium, show.kept, true);
    expect((await summary(me, [show.title])).data).toEqual([{ title: show.title, episodes: show.episodes.length, watched: 2 }]);
    expect((await summary(premium, [show.title])).data).toEqual([{ title: show.title, episodes: show.episodes.length + 1, watched: 3 }]);
  });

  it('leaves out films, drafts and unknown titles alike, and counts nobody else\'s marks', async () => {
    const me = await newUser();
    const other = await newUser();
    await mark(other, show.episodes[0], true);
    const film = (await newTitle({ typeSource: 'Одиночный' })).id;
    await editor.call('POST', '/items/series', { title: film, name: 'Фильм' });
    const draft = (await newTitle({ typeSource: 'Сезоны', status: 'draft' })).id;
    await editor.call('POST', '/items/series', { title: draft, name: '1 серия' });
    expect((await summary(me, [show.title, film, draft, 99_999_999])).data).toEqual([{ title: show.title, episodes: show.episodes.length, watched: 0 }]);
  });

  it('refuses visitors, bad lists and more than 100 titles', async () => {
    const me = await newUser();
    expectRefused(await call('GET', `/site/watched/summary?titles=${show.title}`), 403);
    for (const titles of ['', 'x', '1,,2', '-1', '1.5']) expectRefused(await me.call('GET', `/site/watched/summary?titles=${titles}`), 400);
    expectRefused(await me.call('GET', '/site/watched/summary'), 400, 'Укажите сериалы');
    expectRefused(await me.call('GET', `/site/watched/summary?titles[]=${show.title}`), 400);
    expectRefused(await summary(me, Array.from({ length: 101 }, (_, i) => i + 1)), 400, 'Не больше 100');
  });
});

describe('marks a browser kept before signing in', () => {
  it('are imported, duplicates and episodes marked before skipped, and the marks follow', async () => {
    const me = await newUser();
    await mark(me, show.episodes[0], true);
    const res = await me.call('POST', '/site/watched/import', { episodes: [...show.episodes, show.episodes[1]] });
    expect(res.data).toEqual({ added: 3, skipped: 2 });
    expect(await watchedOf(me, show.title)).toEqual([...show.episodes].sort((a, b) => a - b));
    expect(await marksOf(me, show.title)).toEqual(['Смотрел']);
  });

  it('skip what has gone since (a draft\'s episode, an unknown number) alike, and keep the rest', async () => {
    const [me, other] = await Promise.all([newUser(), newUser()]);
    const draft = await newTitle({ status: 'draft' });
    const hidden = (await editor.call('POST', '/items/series', { title: draft.id, name: '1 серия' })).data.id;
    const res = await me.call('POST', '/site/watched/import', { episodes: [show.episodes[0], hidden] });
    expect(res.data).toEqual({ added: 1, skipped: 1 });
    expect(await watchedOf(me, show.title)).toEqual([show.episodes[0]]);
    expect(await countRows('watchedEpisodes', { user_created: { _eq: me.id } })).toBe(1);
    // An unknown number answers exactly as the draft's episode did.
    const unknown = await other.call('POST', '/site/watched/import', { episodes: [show.episodes[0], hidden + 1_000_000] });
    expect(unknown.data).toEqual(res.data);
  });

  it(`are refused past ${WATCHED_IMPORT_MAX} and in any other shape`, async () => {
    const me = await newUser();
    const many = Array.from({ length: WATCHED_IMPORT_MAX + 1 }, (_, i) => i + 1);
    expectRefused(await me.call('POST', '/site/watched/import', { episodes: many }), 400, `Не больше ${WATCHED_IMPORT_MAX} серий за раз`);
    for (const episodes of [String(show.episodes[0]), [String(show.episodes[0])], [1.5], [-1], [{ id: 1 }], null]) {
      expectRefused(await me.call('POST', '/site/watched/import', { episodes }), 400);
    }
    expectRefused(await me.call('POST', '/site/watched/import', [show.episodes[0]]), 400, 'объектом JSON');
    expectRefused(await raw(me, 'POST', '/site/watched/import', 'not json'), 400, 'объектом JSON');
    expect(await countRows('watchedEpisodes', { user_created: { _eq: me.id } })).toBe(0);
  });
});

describe('the collection watchedEpisodes', () => {
  let owner: TestUser;
  let stranger: TestUser;
  let row: number;

  beforeAll(async () => {
    [owner, stranger] = await Promise.all([newUser(), newUser()]);
    const created = await owner.call('POST', '/items/watchedEpisodes', { episode: show.episodes[1] });
    expect(created.status).toBe(200);
    row = created.data.id;
  });

  it('takes a person\'s own mark with its title filled in, once, and the marks follow', async () => {
    expect((await owner.call('GET', `/items/watchedEpisodes/${row}?fields=episode,title,user_created`)).data)
      .toEqual({ episode: show.episodes[1], title: show.title, user_created: owner.id });
    expectRefused(await owner.call('POST', '/items/watchedEpisodes', { episode: show.episodes[1] }), 400, 'Серия уже отмечена просмотренной');
    expectRefused(await owner.call('POST', '/items/watchedEpisodes', { episode: show.kept }), 400, 'Серия не найдена');
    await vi.waitFor(async () => expect(await marksOf(owner, show.title)).toEqual(['Смотрю']));
  });

  it('is read by nobody else: not by id, list, filter, sort, aggregate, group or a subscription', async () => {
    expectRefused(await stranger.call('GET', `/items/watchedEpisodes/${row}`), 403);
    expect((await stranger.call('GET', `/items/watchedEpisodes?filter[user_created][_eq]=${owner.id}`)).data).toEqual([]);
    expect((await stranger.call('GET', `/items/watchedEpisodes?filter[episode][_eq]=${show.episodes[1]}&sort=-user_created`)).data).toEqual([]);
    expect((await stranger.call('GET', `/items/watchedEpisodes?aggregate[count]=id&filter[episode][_eq]=${show.episodes[1]}`)).data).toEqual([{ count: { id: 0 } }]);
    const groups = await stranger.call('GET', '/items/watchedEpisodes?aggregate[count]=id&groupBy[]=user_created');
    expect(JSON.stringify(groups.data ?? groups.errors)).not.toContain(owner.id);
    expectRefused(await stranger.call('GET', `/items/watchedEpisodes?filter[user_created][email][_eq]=${encodeURIComponent(owner.email)}`), 403);
    expect((await stranger.call('GET', `/items/watchedEpisodes?fields=id,episode.name&deep[episode][_filter][id][_eq]=${show.episodes[1]}`)).data).toEqual([]);
    expectRefused(await call('GET', '/items/watchedEpisodes'), 403);
    expectRefused(await editor.call('GET', '/items/watchedEpisodes'), 403);
    const rt = await Realtime.open(baseUrl(), stranger.token, 'stranger');
    rt.send({ type: 'subscribe', uid: 'w', collection: 'watchedEpisodes', query: { fields: ['*'] } });
    expect((await rt.waitFor((f) => f.uid === 'w' && (f.status === 'error' || f.event === 'init'), 'the answer')).status).toBe('error');
    await closeAllRealtime();
  });

  it('is written and deleted for nobody else', async () => {
    const res = await stranger.call('POST', '/items/watchedEpisodes', { episode: show.episodes[0], user_created: owner.id });
    expectRefused(res, 403);
    const wrongTitle = await stranger.call('POST', '/items/watchedEpisodes', { episode: show.episodes[0], title: show.title + 1 });
    expect(wrongTitle.data.title).toBe(show.title);
    expectRefused(await stranger.call('DELETE', `/items/watchedEpisodes/${row}`), 403);
    expectRefused(await owner.call('PATCH', `/items/watchedEpisodes/${row}`, { episode: show.episodes[0] }), 403);
    expect(await countRows('watchedEpisodes', { user_created: { _eq: owner.id } })).toBe(1);
    expect((await owner.call('DELETE', `/items/watchedEpisodes/${row}`)).status).toBe(204);
    expect(await countRows('watchedEpisodes', { user_created: { _eq: owner.id } })).toBe(0);
  });

  it(`is paced: ${PACE.watched.count} marks in ${PACE.watched.seconds} s a person, then a 429 that stores nothing`, async () => {
    const busy = await newUser();
    for (let i = 0; i < PACE.watched.count; i++) expect((await mark(busy, show.episodes[i % 4], i % 2 === 0)).status).toBe(200);
    const res = await expectNothingStored('watchedEpisodes', { user_created: { _eq: busy.id } }, () => mark(busy, show.episodes[1], true));
    expectRefused(res, 429);
    expect(res.errors?.[0]?.message).toMatch(/^Слишком много отметок подряд\. Подождите \d+ (с|мин)\.$/);
  });
});

describe('the live news of a person\'s marks', () => {
  const answered = (uid: string) => (f: Frame) => f.uid === uid && (f.status === 'error' || f.event === 'init');
  const aboutTitle = (uid: string, title: number) => (f: Frame) =>
    f.uid === uid && f.type === 'subscription' && f.event === 'update' && (f.data ?? []).some((row: Frame) => row.title === title);

  async function listening(who: TestUser, label: string): Promise<Realtime> {
    const rt = await Realtime.open(baseUrl(), who.token, label);
    rt.send({ type: 'subscribe', uid: 'watched', collection: 'watchedEpisodes' });
    expect((await rt.waitFor(answered('watched'), `${label}'s subscription`)).event).toBe('init');
    return rt;
  }

  it('reach the person\'s other device for a mark, an unmark, an import and the collection\'s own writes, and no one else', async () => {
    const [owner, stranger] = await Promise.all([newUser(), newUser()]);
    // The stranger listens first: once the owner's device has the news, the stranger's turn for it is over.
    const strangers = await listening(stranger, 'stranger');
    const device = await listening(owner, 'owner\'s device');
    const heard = () => device.frames.filter(aboutTitle('watched', show.title)).length;

    await mark(owner, show.episodes[0], true);
    await device.waitFor(() => heard() === 1, 'the mark');
    await mark(owner, show.episodes[0], false);
    await device.waitFor(() => heard() === 2, 'the unmark');
    await owner.call('POST', '/site/watched/import', { episodes: [show.episodes[1]] });
    await device.waitFor(() => heard() === 3, 'the import');
    const row = (await owner.call('POST', '/items/watchedEpisodes', { episode: show.episodes[2] })).data.id;
    await device.waitFor(() => heard() === 4, 'the collection\'s mark');
    expect((await owner.call('DELETE', `/items/watchedEpisodes/${row}`)).status).toBe(204);
    await device.waitFor(() => heard() === 5, 'the collection\'s deletion');

    expect(device.frames.filter(aboutTitle('watched', show.title)).map((f) => f.data)).toEqual(Array(5).fill([{ title: show.title }]));
    expect(strangers.frames.filter((f) => f.uid === 'watched' && f.event !== 'init')).toEqual([]);
    await closeAllRealtime();
  });

  it('are refused to a visitor, and to anyone asking with a query, an item or an event', async () => {
    const [owner, stranger] = await Promise.all([newUser(), newUser()]);
    const visitor = await Realtime.visitor(baseUrl(), 'visitor');
    visitor.send({ type: 'subscribe', uid: 'watched', collection: 'watchedEpisodes' });
    const refused = await visitor.waitFor(answered('watched'), 'the visitor\'s answer');
    expect(refused.status).toBe('error');
    expect(refused.error.message).toContain('Подписка на эту коллекцию недоступна');

    const rt = await Realtime.open(baseUrl(), stranger.token, 'stranger');
    const attempts: Record<string, Frame> = {
      filter: { query: { filter: { user_created: { _eq: owner.id } } } },
      follow: { query: { fields: ['*', '$FOLLOW(directus_users,id).*'], filter: { user_created: { email: { _eq: owner.email } } } } },
      fields: { query: { fields: ['*', 'user_created.*'] } },
      item: { item: 1 },
      event: { event: 'create' },
    };
    for (const [uid, more] of Object.entries(attempts)) {
      rt.send({ type: 'subscribe', uid, collection: 'watchedEpisodes', ...more });
      const answer = await rt.waitFor(answered(uid), `the answer to ${uid}`);
      expect(answer.status, uid).toBe('error');
      expect(answer.error.message, uid).toContain('не принимает ни запроса');
    }
    await closeAllRealtime();
  });
});

describe('the player\'s settings in the account', () => {
  it('are written and read by the person alone', async () => {
    const [me, other] = await Promise.all([newUser(), newUser()]);
    const mine = { ...DEFAULT_PLAYER_SETTINGS, speed: 1.5, skip: { ...DEFAULT_PLAYER_SETTINGS.skip, opening: 'skip' } };
    expect((await me.call('PATCH', '/users/me', { playerSettings: mine })).status).toBe(200);
    expect((await me.call('GET', '/users/me?fields=playerSettings')).data).toEqual({ playerSettings: mine });
    expectRefused(await other.call('GET', `/users/${me.id}?fields=playerSettings`), 403);
    expectRefused(await call('GET', `/users/${me.id}?fields=playerSettings`), 403);
    expect((await other.call('GET', `/users/${me.id}?fields=*`)).data.playerSettings ?? null).toBeNull();
    expectRefused(await other.call('GET', `/users?filter[playerSettings][_contains]=skip&fields=id`), 403);
    expectRefused(await other.call('PATCH', `/users/${me.id}`, { playerSettings: null }), 403);
    expect((await asAdmin('GET', `/users/${me.id}?fields=playerSettings`)).data).toEqual({ playerSettings: mine });
  });

  it.each([
    ['a list', [1], 'Настройки плеера должны быть объектом'],
    ['text', '{"speed":1}', 'Настройки плеера должны быть объектом'],
    ['an unknown key', { theme: 'dark' }, 'Неизвестная настройка плеера: theme'],
    ['a speed off the list', { speed: 3 }, 'Скорость бывает'],
    ['a volume past 1', { volume: 2 }, 'Громкость — число от 0 до 1'],
    ['a skip choice of another kind', { skip: { opening: 'always' } }, 'Пропуск бывает: off, ask или skip'],
  ])('refuse %s, keeping what was stored', async (_what, value, message) => {
    const me = await newUser();
    await me.call('PATCH', '/users/me', { playerSettings: { muted: true } });
    expectRefused(await me.call('PATCH', '/users/me', { playerSettings: value }), 400, message);
    expect((await me.call('GET', '/users/me?fields=playerSettings')).data.playerSettings).toEqual({ muted: true });
  });
});

describe('PUT /site/progress', () => {
  it('refuses a body that is no JSON object instead of recording an empty place', async () => {
    const me = await newUser();
    const title = await newTitle();
    for (const [body, type] of [['position=5', 'text/plain'], ['', 'text/plain'], ['[1]', 'application/json']] as const) {
      const res = await expectNothingStored('watchProgress', { user_created: { _eq: me.id } }, () => raw(me, 'PUT', `/site/progress/${title.id}`, body, type));
      expectRefused(res, 400);
    }
    expect((await raw(me, 'PUT', `/site/progress/${title.id}`, '{"position":5}')).status).toBe(200);
  });
});

/**
 * Writes to many rows at once (PATCH or DELETE of a collection with the rows in the body, and the
 * websocket's `items` update and delete). One that names its rows by a query finds them among the rows
 * the caller reads, so its answer never tells whether someone else's rows matched; the screens' own
 * write by query still works; and no write names more rows than one read answers (MAX_READ_ROWS).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { BATCH_DELETE_SHAPE } from '../../directus/extensions/site-rules/src/batch-delete-body.ts';
import { TOO_MANY_TO_WRITE } from '../../directus/extensions/site-rules/src/bulk-writes.ts';
import { TOO_MANY_VALUES } from '../../directus/extensions/site-rules/src/query-size.ts';
import { LIST_SHAPE } from '../../directus/extensions/site-rules/src/query-shape.ts';
import { KEYS_SHAPE, RELATED_SHAPE, ROWS_SHAPE } from '../../directus/extensions/site-rules/src/write-lists.ts';
import { MAX_FILTER_VALUES, MAX_READ_ROWS } from '../../shared/rules.ts';
import { admin, adminToken, baseUrl, call, newTitle, newUser, pngBytes, type Reply, type TestUser } from '../support/api.ts';
import { asAdmin, countRows, expectRefused, uploadAs } from '../support/fixtures.ts';
import { Realtime, closeAllRealtime, type Frame } from '../support/realtime.ts';

let victim: TestUser;
let outsider: TestUser;
let marked: number;
let unmarked: number;

const victimsMarks = () => countRows('watchedEpisodes', { user_created: { _eq: victim.id } });
/** The victim's mark of `episode`, named by a query. */
const marksOf = (episode: number) => ({ filter: { _and: [{ user_created: { _eq: victim.id } }, { episode: { _eq: episode } }] } });
/** What a caller learns from an answer: its status, and its data or its errors' codes. */
const answerOf = (res: Reply) => ({ status: res.status, data: res.data ?? null, codes: res.errors?.map((e) => e.extensions?.code) ?? [] });
const as = (who: TestUser | null, method: string, path: string, body: unknown) =>
  who ? who.call(method, path, body) : call(method, path, { body });

beforeAll(async () => {
  const editor = await newUser(EDITOR_ROLE);
  [victim, outsider] = await Promise.all([newUser(), newUser()]);
  const title = (await newTitle({ typeSource: 'Сезоны' })).id;
  const rows = (await editor.call('POST', '/items/series', [1, 2].map((n) => ({ title, name: `${n} серия`, sort: n })))).data as { id: number }[];
  [marked, unmarked] = rows.map((r) => r.id);
  expect((await victim.call('PUT', `/site/watched/${marked}`, { watched: true })).status).toBe(200);
});

afterAll(closeAllRealtime);

describe('a write by query of someone else\'s rows', () => {
  it.each([['a visitor', false], ['a signed-in outsider', true]])('answers %s alike whether they match, and changes nothing', async (_who, signedIn) => {
    const who = signedIn ? outsider : null;
    for (const [method, body] of [['DELETE', (query: unknown) => ({ query })], ['PATCH', (query: unknown) => ({ query, data: { episode: unmarked } })]] as const) {
      const matching = await as(who, method, '/items/watchedEpisodes', body(marksOf(marked)));
      const missing = await as(who, method, '/items/watchedEpisodes', body(marksOf(unmarked)));
      expect(answerOf(matching), `${method} by query`).toEqual(answerOf(missing));
    }
    expect(await victimsMarks()).toBe(1);
  });

  it.each(['/ITEMS/watchedEpisodes', '/Items/%77atchedEpisodes', '/items/watchedEpisodes/'])('answers alike by %s, a route Directus takes as the same', async (path) => {
    for (const [method, body] of [['DELETE', (query: unknown) => ({ query })], ['PATCH', (query: unknown) => ({ query, data: { episode: unmarked } })]] as const) {
      expect(answerOf(await call(method, path, { body: body(marksOf(marked)) })), `${method} ${path}`).toEqual(answerOf(await call(method, path, { body: body(marksOf(unmarked)) })));
    }
    expect(await victimsMarks()).toBe(1);
  });

  it('answers alike over the websocket, and changes nothing', async () => {
    const rt = await Realtime.open(baseUrl(), outsider.token, 'outsider');
    // Directus's error frames carry no uid: each answer is the first items frame after its message.
    const answer = async (uid: string, action: 'delete' | 'update', episode: number, extra: Record<string, unknown> = {}): Promise<Frame> => {
      const before = rt.frames.length;
      rt.send({ type: 'items', uid, collection: 'watchedEpisodes', action, query: marksOf(episode), ...(action === 'update' ? { data: { episode: unmarked } } : {}), ...extra });
      const { uid: _uid, ...rest } = await rt.waitFor((f) => f.type === 'items' && rt.frames.indexOf(f) >= before, `the answer to ${uid}`);
      return rest;
    };
    expect(await answer('d1', 'delete', marked)).toEqual(await answer('d2', 'delete', unmarked));
    expect(await answer('u1', 'update', marked)).toEqual(await answer('u2', 'update', unmarked));
    // An empty id is none to Directus, which then writes by the query.
    expect(await answer('e1', 'delete', marked, { id: '' })).toEqual(await answer('e2', 'delete', unmarked, { id: '' }));
    expect(await victimsMarks()).toBe(1);
  });

  it('tells a visitor nothing of the files\' names, which only editors list', async () => {
    const file = (await uploadAs(victim, pngBytes(), 'image/png', 'avatar.png')).data.id;
    const named = (prefix: string) => ({ query: { filter: { filename_disk: { _starts_with: prefix } } } });
    const other = file.startsWith('f') ? 'e' : 'f';
    expect(answerOf(await call('DELETE', '/files', { body: named(file.slice(0, 4)) }))).toEqual(answerOf(await call('DELETE', '/files', { body: named(other) })));
    expect(await countRows('directus_files', { id: { _eq: file } })).toBe(1);
  });

  it('is checked like a read: a filter too large is refused before anything is looked at', async () => {
    const huge = { query: { filter: { id: { _in: Array.from({ length: MAX_FILTER_VALUES + 1 }, (_, i) => i + 1) } } } };
    expectRefused(await outsider.call('DELETE', '/items/watchedEpisodes', huge), 400, TOO_MANY_VALUES);
  });
});

describe('the screens\' write by query', () => {
  it('marks every unread alert of the person read, and nobody else\'s', async () => {
    const root = await admin();
    const title = (await newTitle()).id;
    for (const user of [outsider.id, outsider.id, victim.id]) await root.post('/items/alerts', { user, title, read: false });
    const unread = { _and: [{ user: { _eq: '$CURRENT_USER' } }, { read: { _eq: false } }] };
    const res = await outsider.call('PATCH', '/items/alerts?fields=id', { query: { filter: unread, limit: -1 }, data: { read: true } });
    expect(res.status, JSON.stringify(res.errors)).toBe(200);
    expect(await countRows('alerts', { _and: [{ user: { _eq: outsider.id } }, { read: { _eq: false } }] })).toBe(0);
    expect(await countRows('alerts', { _and: [{ user: { _eq: victim.id } }, { read: { _eq: false } }] })).toBe(1);
  });
});

describe('a write naming too many rows', () => {
  const keys = Array.from({ length: MAX_READ_ROWS + 1 }, (_, i) => i + 1);

  it('is refused with a 400 over REST, whoever sends it', async () => {
    expectRefused(await outsider.call('DELETE', '/items/watchedEpisodes', keys), 400, TOO_MANY_TO_WRITE);
    expectRefused(await outsider.call('DELETE', '/items/watchedEpisodes', { keys }), 400, TOO_MANY_TO_WRITE);
    expectRefused(await outsider.call('PATCH', '/items/alerts', { keys, data: { read: true } }), 400, TOO_MANY_TO_WRITE);
    expectRefused(await asAdmin('DELETE', '/files', keys.map(String)), 400, TOO_MANY_TO_WRITE);
    expect(await victimsMarks()).toBe(1);
  });

  it('is refused over the websocket', async () => {
    const rt = await Realtime.open(baseUrl(), outsider.token, 'outsider');
    rt.send({ type: 'items', uid: 'many', collection: 'watchedEpisodes', action: 'delete', ids: keys });
    const answer = await rt.waitFor((f) => f.uid === 'many', 'the answer to a delete of too many rows');
    expect(answer).toMatchObject({ status: 'error', error: { code: 'INVALID_PAYLOAD', message: TOO_MANY_TO_WRITE } });
  });
});

describe('a write listing what is not a row, or a key that is neither text nor number', () => {
  it('is refused with a 400 over REST, whoever sends it, and stores nothing', async () => {
    const genres = await countRows('genres');
    expectRefused(await outsider.call('POST', '/items/comments', [null]), 400, ROWS_SHAPE);
    expectRefused(await outsider.call('PATCH', '/items/watchedEpisodes', [null]), 400, ROWS_SHAPE);
    expectRefused(await outsider.call('PATCH', `/items/watchedEpisodes/${marked}`, [{ episode: unmarked }]), 400, ROWS_SHAPE);
    for (const body of [[null], [5], ['x'], [[1]], [{ name: 'Жанр' }, null]]) expectRefused(await asAdmin('POST', '/items/genres', body), 400, ROWS_SHAPE);
    expectRefused(await asAdmin('POST', '/users', [null]), 400, ROWS_SHAPE);
    expectRefused(await asAdmin('PATCH', '/items/genres/1', [null]), 400, ROWS_SHAPE);
    expectRefused(await asAdmin('DELETE', '/items/genres', [null]), 400, BATCH_DELETE_SHAPE);
    // Express routes /ITEMS/… as /items/…, and Directus read `true` as the key 1.
    for (const body of [[true], [[1]], [null]]) expectRefused(await victim.call('DELETE', '/ITEMS/watchedEpisodes', body), 400, BATCH_DELETE_SHAPE);
    expectRefused(await call('DELETE', '/Items/static', { body: {} }), 400, BATCH_DELETE_SHAPE);
    const settings = await countRows('static');
    for (const keys of [[[1]], [true], ['']]) expectRefused(await asAdmin('DELETE', '/items/static', { keys }), 400, BATCH_DELETE_SHAPE);
    expect(await countRows('static')).toBe(settings);
    const graphql = await call('POST', '/graphql', { body: { query: 'mutation { delete_genres_items(ids: [null]) { ids } }' }, token: await adminToken() });
    expect(JSON.stringify(graphql.errors)).toContain(KEYS_SHAPE);
    expect(await countRows('genres')).toBe(genres);
    expect(await victimsMarks()).toBe(1);
  });

  it('is refused for one account or one file named by its route, and changes neither', async () => {
    const file = (await uploadAs(victim, pngBytes(), 'image/png', 'avatar.png')).data.id;
    const before = await Promise.all([asAdmin('GET', `/users/${victim.id}?fields=first_name`), asAdmin('GET', `/files/${file}?fields=title`)]);
    expectRefused(await victim.call('PATCH', '/users/me', [{ first_name: 'Список' }]), 400, ROWS_SHAPE);
    expectRefused(await asAdmin('PATCH', `/USERS/${victim.id}`, [{ first_name: 'Список' }]), 400, ROWS_SHAPE);
    expectRefused(await asAdmin('PATCH', `/files/${file}`, [{ title: 'Список' }]), 400, ROWS_SHAPE);
    const after = await Promise.all([asAdmin('GET', `/users/${victim.id}?fields=first_name`), asAdmin('GET', `/files/${file}?fields=title`)]);
    expect(after.map((r) => r.data)).toEqual(before.map((r) => r.data));
  });

  it('is answered over the websocket with its reason, for a member and an administrator', async () => {
    const frames: [string, Record<string, unknown>, string][] = [
      ['create-none', { action: 'create', data: [null] }, ROWS_SHAPE],
      ['create-number', { action: 'create', data: 5 }, ROWS_SHAPE],
      ['update-none', { action: 'update', data: [null] }, ROWS_SHAPE],
      ['update-one-as-list', { action: 'update', id: 1, data: [{ name: 'Жанр' }] }, ROWS_SHAPE],
      ['delete-none', { action: 'delete', ids: [null] }, KEYS_SHAPE],
      ['delete-zero', { action: 'delete', ids: [0] }, KEYS_SHAPE],
    ];
    const genres = await countRows('genres');
    for (const rt of [await Realtime.open(baseUrl(), outsider.token, 'outsider'), await Realtime.open(baseUrl(), await adminToken(), 'admin')]) {
      for (const [uid, frame, message] of frames) {
        rt.send({ type: 'items', uid, collection: 'genres', ...frame });
        const answer = await rt.waitFor((f) => f.uid === uid, `the answer to ${uid}`);
        expect(answer, uid).toMatchObject({ status: 'error', error: { code: 'INVALID_PAYLOAD', message } });
      }
    }
    expect(await countRows('genres')).toBe(genres);
  });
});

describe('a row whose list of related rows holds what is neither a key nor a row', () => {
  it('is refused with a 400 by REST and an answer over the websocket, and nothing is stored', async () => {
    const [member, title] = [await newUser(), await newTitle()];
    const mine = { user_created: { _eq: member.id } };
    const before = { messages: await countRows('messages', mine), posts: await countRows('posts', mine), comments: await countRows('comments', mine) };
    for (const [collection, row] of [['messages', { text: 'Привет' }], ['posts', { text: 'Запись' }], ['comments', { text: 'Отзыв', title: title.id }]] as const) {
      for (const images of [[null], [true], [false], { create: [null] }]) expectRefused(await member.call('POST', `/items/${collection}`, { ...row, images }), 400, RELATED_SHAPE);
    }
    const rt = await Realtime.open(baseUrl(), member.token, 'member');
    rt.send({ type: 'items', uid: 'pictures-none', collection: 'messages', action: 'create', data: { text: 'Привет', images: [null] } });
    const answer = await rt.waitFor((f) => f.uid === 'pictures-none', 'the answer to pictures-none');
    expect(answer).toMatchObject({ status: 'error', error: { code: 'INVALID_PAYLOAD', message: expect.stringContaining(RELATED_SHAPE) } });
    expect({ messages: await countRows('messages', mine), posts: await countRows('posts', mine), comments: await countRows('comments', mine) }).toEqual(before);
  });
});

describe('a write by query of a shape Directus cannot read', () => {
  it('is answered over the websocket with its reason, where it went unanswered', async () => {
    const rt = await Realtime.open(baseUrl(), outsider.token, 'outsider');
    for (const [uid, action, query] of [['by-null-sort', 'update', { sort: [null] }], ['by-null-group', 'delete', { groupBy: [null] }]] as const) {
      rt.send({ type: 'items', uid, collection: 'watchedEpisodes', action, query: { filter: { id: { _eq: -1 } }, ...query }, ...(action === 'update' ? { data: {} } : {}) });
      expect(await rt.waitFor((f) => f.uid === uid, `the answer to ${uid}`), uid).toMatchObject({ status: 'error', error: { code: 'INVALID_QUERY', message: LIST_SHAPE } });
    }
    expect(await victimsMarks()).toBe(1);
  });
});

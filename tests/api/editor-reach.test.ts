/**
 * An editor runs the catalogue from the admin app: trusted with titles and their media, not with what
 * members upload, their private chats, this machine's network or what a file may do once opened.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { ROLES, VIEW_FLOW_ID } from '../../shared/rules.ts';
import { IMPORT_INTERNAL, IMPORT_NEEDS_WEB_ADDRESS } from '../../directus/extensions/site-rules/src/import-address.ts';
import { FOLLOW_REFUSED } from '../../directus/extensions/site-rules/src/query-check.ts';
import { FIND_SEGMENTS_FLOW_ID } from '../../directus/apply/flows.ts';
import { admin, baseUrl, call, newTitle, newUser, pngBytes, type TestUser } from '../support/api.ts';
import { adminRead, asAdmin, chatUpload, countRows, expectNothingStored, expectRefused, uploadAs } from '../support/fixtures.ts';

let editor: TestUser;
let member: TestUser;
let friend: TestUser;

beforeAll(async () => {
  [editor, member, friend] = await Promise.all([newUser(EDITOR_ROLE), newUser(), newUser()]);
});

describe('an import by address', () => {
  // A server on this machine that would hand out a picture to whoever reached it.
  let hits = 0;
  const inside = http.createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(Buffer.from(pngBytes()));
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', () => resolve()));
    port = (inside.address() as { port: number }).port;
  });
  afterAll(() => new Promise((resolve) => inside.close(resolve)));

  it('never reaches this machine or a private network, however the address is written', async () => {
    const addresses = [
      `http://0.0.0.0:${port}/a.png`, `http://127.0.0.1:${port}/a.png`, `http://localhost:${port}/a.png`,
      `http://[::ffff:127.0.0.1]:${port}/a.png`, `http://2130706433:${port}/a.png`, `http://[::1]:${port}/a.png`,
      'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/a.png', 'http://192.168.0.1/a.png',
    ];
    for (const url of addresses) {
      const res = await expectNothingStored('directus_files', {}, () => editor.call('POST', '/files/import', { url }));
      expectRefused(res, 400, IMPORT_INTERNAL);
    }
    // GraphQL has no route of its own to check first: Directus refuses the address as it connects.
    const graphql = `mutation { import_file(url: "http://0.0.0.0:${port}/a.png") { id } }`;
    const byGraphql = await expectNothingStored('directus_files', {}, () => editor.call('POST', '/graphql/system', { query: graphql }));
    expect(byGraphql.errors?.length).toBe(1);
    expect(hits).toBe(0);
  });

  it('takes only a web address', async () => {
    for (const url of ['file:///etc/passwd', `ftp://127.0.0.1:${port}/a.png`, 42, ['https://example.com/a.png'], null]) {
      expectRefused(await expectNothingStored('directus_files', {}, () => editor.call('POST', '/files/import', { url })), 400, IMPORT_NEEDS_WEB_ADDRESS);
    }
    expect(hits).toBe(0);
  });
});

describe('members\' files', () => {
  it('are not an editor\'s to change, replace, hand to someone else or take out of their chat', async () => {
    const avatar = (await uploadAs(member, pngBytes(), 'image/png', 'me.png')).data.id;
    const before = await adminRead('directus_files', avatar, 'title,type,uploaded_by,chat,filesize');
    expectRefused(await editor.call('PATCH', `/files/${avatar}`, { title: 'Чужое' }), 403);
    const replaced = await call('PATCH', `/files/${avatar}`, { token: editor.token, body: chatUpload(1) });
    expectRefused(replaced, [400, 403]);
    expect(await adminRead('directus_files', avatar, 'title,type,uploaded_by,chat,filesize')).toEqual(before);
  });

  it('in a private chat, with its messages, are its two members\' alone', async () => {
    const chat = (await member.call('POST', '/items/chats', { user_invited: [{ directus_users_id: friend.id }] })).data.id;
    const picture = (await call('POST', '/files', { token: member.token, body: chatUpload(chat) })).data.id;
    const sent = await member.call('POST', '/items/messages', { text: `Только тебе ${randomUUID()}`, privateChat: chat, images: [{ directus_files_id: picture }] });
    expect(sent.status).toBe(200);
    expectRefused(await editor.call('GET', `/items/messages/${sent.data.id}`), 403);
    expect((await editor.call('GET', `/items/messages?filter[privateChat][_eq]=${chat}&fields=id`)).data).toEqual([]);
    expectRefused(await editor.call('GET', `/files/${picture}`), 403);
    expect((await fetch(`${baseUrl()}/assets/${picture}`, { headers: { authorization: `Bearer ${editor.token}` } })).status).toBe(403);
    expectRefused(await editor.call('PATCH', `/items/messages/${sent.data.id}`, { deleted: true }), 403);
    expect(await adminRead('messages', sent.data.id, 'deleted')).toEqual({ deleted: false });
    expect((await friend.call('GET', `/items/messages/${sent.data.id}?fields=id`)).data).toEqual({ id: sent.data.id });
  });

  it('leave an editor the public chat to moderate: a message taken down, never rewritten', async () => {
    const message = (await member.call('POST', '/items/messages', { text: 'Всем привет', publicChat: true })).data.id;
    expect((await editor.call('GET', `/items/messages/${message}?fields=id,text`)).data).toEqual({ id: message, text: 'Всем привет' });
    expectRefused(await editor.call('PATCH', `/items/messages/${message}`, { text: 'Я этого не писал' }), 400);
    expectRefused(await editor.call('PATCH', `/items/messages/${message}`, { text: 'Я этого не писал', deleted: false }), 400);
    expect(await adminRead('messages', message, 'text,deleted')).toEqual({ text: 'Всем привет', deleted: false });
    expect((await editor.call('PATCH', `/items/messages/${message}`, { deleted: true })).status).toBe(200);
    expect(await adminRead('messages', message, 'text,deleted')).toEqual({ text: '', deleted: true });
  });
});

describe('the catalogue\'s media', () => {
  it('an editor uploads and describes, but its type, uploader and chat stay as Directus stored them', async () => {
    const poster = (await uploadAs(editor, pngBytes(), 'image/png', 'poster.png')).data.id;
    expect((await editor.call('PATCH', `/files/${poster}`, { title: 'Постер', description: 'Первый сезон' })).status).toBe(200);
    for (const change of [{ type: 'text/html' }, { uploaded_by: member.id }, { chat: 1 }, { filename_disk: 'elsewhere.png' }, { storage: 'other' }]) {
      expectRefused(await editor.call('PATCH', `/files/${poster}`, change), 403);
    }
    expect(await adminRead('directus_files', poster, 'title,type,uploaded_by,chat')).toEqual({ title: 'Постер', type: 'image/png', uploaded_by: editor.id, chat: null });
  });

  it('opened as a page runs nothing and sends no form', async () => {
    const poster = (await uploadAs(editor, pngBytes(), 'image/png', 'poster.png')).data.id;
    const res = await fetch(`${baseUrl()}/assets/${poster}`);
    await res.arrayBuffer();
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toMatch(/(^|;)\s*sandbox\b/);
    expect(policy).toContain("form-action 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('an export an editor makes', () => {
  it('is theirs: no visitor or member reads it by its id', async () => {
    const title = `export-${randomUUID()}`;
    const started = await editor.call('POST', '/utils/export/directus_users', { query: { fields: ['id', 'email'], limit: 5 }, format: 'json', file: { title } });
    expect(started.status).toBeLessThan(300);
    await vi.waitFor(async () => expect(await countRows('directus_files', { title: { _eq: title } })).toBe(1), { timeout: 20_000 });
    const [file] = (await asAdmin('GET', `/files?filter[title][_eq]=${title}&fields=id,type`)).data as { id: string; type: string }[];
    for (const token of [undefined, member.token]) {
      expect((await fetch(`${baseUrl()}/assets/${file!.id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })).status).toBe(403);
      expectRefused(await call('GET', `/files/${file!.id}`, { token }), 403);
    }
    expect((await editor.call('GET', `/files/${file!.id}?fields=id`)).data).toEqual({ id: file!.id });
  });
});

describe('the admin app\'s saved views and bookmarks', () => {
  it('are their maker\'s own: never everyone\'s or another role\'s, and theirs to delete', async () => {
    for (const preset of [{ collection: 'titles', bookmark: 'Мои черновики' }, { collection: 'titles', role: ROLES.user }, { collection: 'directus_users', bookmark: 'Все', user: null }]) {
      const made = await editor.call('POST', '/presets', preset);
      expect(made.status, JSON.stringify(made.errors)).toBe(200);
      expect(await adminRead('directus_presets', made.data.id, 'user,role')).toEqual({ user: editor.id, role: null });
      expect((await editor.call('DELETE', `/presets/${made.data.id}`)).status).toBe(204);
    }
  });

  it('leave no model client a way in: MCP is off', async () => {
    expect((await member.call('GET', '/server/info')).data.mcp_enabled).toBe(false);
  });
});


describe('«Добавить существующий» on a saved record', () => {
  const q = (filter: unknown) => encodeURIComponent(JSON.stringify(filter));
  /**
   * The admin app's drawer of rows to link (Directus 11's list-m2m and files interfaces): rows not linked
   * yet, by `$FOLLOW` through the junction; narrowed here to the two rows each case made.
   */
  const drawer = (c: Case, ask = 'fields=id&limit=25') =>
    `${c.path}?${ask}&filter=${q({ _and: [{ id: { _in: [c.linked, c.free] } }, { [`$FOLLOW(${c.junction},${c.key})`]: { _none: { [c.back]: { _eq: c.record } } } }] })}`;
  const ids = (res: { data?: unknown }) => ((res.data ?? []) as { id: number | string }[]).map((r) => r.id);

  interface Case { name: string; path: string; junction: string; key: string; back: string; record: number; linked: number | string; free: number | string }
  let cases: Case[];

  beforeAll(async () => {
    const root = await admin();
    const stamp = `${Date.now()}-${randomUUID().slice(0, 6)}`;
    const [genre, freeGenre] = await Promise.all([1, 2].map((n) => root.post<{ id: number }>('/items/genres', { name: `Жанр ящика ${n} ${stamp}` })));
    const [person, freePerson] = await Promise.all([1, 2].map((n) => root.post<{ id: number }>('/items/actors', { slug: `drawer-${n}-${stamp}`, nameRu: `Персона ящика ${n}` })));
    const [tag, freeTag] = await Promise.all([1, 2].map((n) => root.post<{ id: number }>('/items/tags', { name: `Тег ящика ${n}`, slug: `drawer-tag-${n}-${stamp}` })));
    const [still, freeStill] = await Promise.all([1, 2].map(async (n) => (await uploadAs(editor, pngBytes(), 'image/png', `still-${n}.png`)).data.id));
    const [related, freeRelated] = await Promise.all([newTitle(), newTitle()]);
    const title = await newTitle({
      genres: [{ genres_id: genre!.id }], actors: [{ actors_id: person!.id }], directors: [{ actors_id: person!.id }],
      screenwriters: [{ actors_id: person!.id }], images: [{ directus_files_id: still }], tags: [{ tags_id: tag!.id }],
      relatedTitles: [{ related_titles_id: related!.id }],
    });
    const actor = await root.post<{ id: number }>('/items/actors', { slug: `drawer-actor-${stamp}`, nameRu: 'Персона с жанрами', genres: [{ genres_id: genre!.id }], images: [{ directus_files_id: still }] });
    const onTitle = { back: 'titles_id', record: title.id };
    const onActor = { back: 'actors_id', record: actor.id };
    cases = [
      { name: 'Жанры', path: '/items/genres', junction: 'titles_genres', key: 'genres_id', ...onTitle, linked: genre!.id, free: freeGenre!.id },
      ...['actors', 'directors', 'screenwriters'].map((list) => (
        { name: list, path: '/items/actors', junction: `titles_${list}`, key: 'actors_id', ...onTitle, linked: person!.id, free: freePerson!.id })),
      { name: 'Кадры', path: '/files', junction: 'titles_images', key: 'directus_files_id', ...onTitle, linked: still!, free: freeStill! },
      { name: 'Теги', path: '/items/tags', junction: 'titles_tags', key: 'tags_id', ...onTitle, linked: tag!.id, free: freeTag!.id },
      { name: 'Вам может понравиться', path: '/items/titles', junction: 'titles_related', key: 'related_titles_id', ...onTitle, linked: related!.id, free: freeRelated!.id },
      { name: 'Жанры персоны', path: '/items/genres', junction: 'actors_genres', key: 'genres_id', ...onActor, linked: genre!.id, free: freeGenre!.id },
      { name: 'Фотографии персоны', path: '/files', junction: 'actors_images', key: 'directus_files_id', ...onActor, linked: still!, free: freeStill! },
    ];
  });

  it('lists an editor the genres, people, stills, tags and titles not linked yet, on a title and on a person', async () => {
    for (const c of cases) {
      const res = await editor.call('GET', drawer(c));
      expect(res.status, `${c.name}: ${JSON.stringify(res.errors)}`).toBe(200);
      expect(ids(res), c.name).toEqual([c.free]);
      // The drawer's count of them, asked the same way.
      const count = await editor.call('GET', drawer(c, 'aggregate[count]=*'));
      expect(Number(count.data?.[0]?.count), c.name).toBe(1);
    }
  });

  it('is refused to members and visitors, whatever they could read', async () => {
    for (const c of cases.filter((c) => !c.path.startsWith('/files'))) {
      const path = drawer(c);
      expectRefused(await member.call('GET', path), 403, FOLLOW_REFUSED);
      expectRefused(await call('GET', path), 403, FOLLOW_REFUSED);
    }
  });

  it('leads an editor to no row they cannot read: private chats and their members stay hidden', async () => {
    const secret = `Пароль ${randomUUID()}`;
    const [writer, reader] = await Promise.all([newUser(), newUser()]);
    const chat = (await writer.call('POST', '/items/chats', { user_invited: [{ directus_users_id: reader.id }] })).data.id;
    expect((await writer.call('POST', '/items/messages', { text: secret, privateChat: chat })).status).toBe(200);
    const spoken = `Привет всем ${randomUUID()}`;
    expect((await reader.call('POST', '/items/messages', { text: spoken, publicChat: true })).status).toBe(200);
    // Directus keeps $FOLLOW's _some to the messages an editor reads: the public ones.
    const authors = (text: string) => editor.call('GET', `/users?fields=id&filter=${q({ '$FOLLOW(messages,user_created)': { _some: { text: { _eq: text } } } })}`);
    expect(ids(await authors(spoken))).toEqual([reader.id]);
    expect(ids(await authors(secret))).toEqual([]);
    // Chat membership, which no editor reads: Directus would look through all of it.
    const members = `/users?fields=id&filter=${q({ '$FOLLOW(chats_directus_users,directus_users_id)': { _some: { chats_id: { _eq: chat } } } })}`;
    expectRefused(await editor.call('GET', members), 403, 'Нельзя фильтровать по полю «directus_users_id»');
    // Two names that are no relation into the collection: Directus would compare any column to its keys.
    expectRefused(await editor.call('GET', `/items/genres?fields=id&filter=${q({ '$FOLLOW(directus_users,email)': { _some: {} } })}`), 403, FOLLOW_REFUSED);
    expectRefused(await editor.call('GET', `/items/genres?fields=id&filter=${q({ '$FOLLOW(titles_actors,actors_id)': { _some: {} } })}`), 403, FOLLOW_REFUSED);
  });
});

describe('the buttons of flows run by hand', () => {
  const appFlows = '/flows?fields[]=*&fields[]=operations.*';

  it('reach an editor\'s admin app as it loads them: the manual flows, their operations\' ids alone', async () => {
    const res = await editor.call('GET', appFlows);
    expect(res.status, JSON.stringify(res.errors)).toBe(200);
    const flows = res.data as { id: string; trigger: string; status: string; options: { collections?: string[] }; operations: Record<string, unknown>[] }[];
    expect(flows.map((f) => f.id)).toEqual([FIND_SEGMENTS_FLOW_ID]);
    expect(flows[0]).toMatchObject({ trigger: 'manual', status: 'active', options: { collections: ['titles'] } });
    expect(flows[0]!.operations.length).toBeGreaterThan(0);
    for (const operation of flows[0]!.operations) expect(Object.keys(operation)).toEqual(['id']);
  });

  it('show an editor nothing an operation holds, nor the flows they do not run', async () => {
    const operations = await editor.call('GET', '/operations?fields=*');
    expect(operations.status).toBe(200);
    for (const operation of operations.data as Record<string, unknown>[]) expect(Object.keys(operation)).toEqual(['id']);
    expectRefused(await editor.call('GET', '/operations?fields=options'), 403);
    expectRefused(await editor.call('GET', `/flows/${VIEW_FLOW_ID}?fields=id`), 403);
    expectRefused(await member.call('GET', appFlows), 403);
    expectRefused(await call('GET', appFlows), 403);
  });
});

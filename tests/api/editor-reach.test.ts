/**
 * An editor runs the catalogue from the admin app: trusted with titles and their media, not with what
 * members upload, their private chats, this machine's network or what a file may do once opened.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { ROLES } from '../../shared/rules.ts';
import { IMPORT_INTERNAL, IMPORT_NEEDS_WEB_ADDRESS } from '../../directus/extensions/site-rules/src/import-address.ts';
import { baseUrl, call, newUser, pngBytes, type TestUser } from '../support/api.ts';
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


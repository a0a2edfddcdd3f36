/**
 * Files: a private chat's pictures are read by its two members alone, in /files and
 * /assets; nobody but editors lists files; the type of an upload is told by its own bytes, read
 * with the parser Directus uses, and again when a file becomes an avatar.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { ROLES } from '../../shared/rules.ts';
import { baseUrl, call, gifBytes, newTitle, newUser, pngBytes, type TestUser } from '../support/api.ts';
import { adminRead, asAdmin, chatUpload, countRows, expectNothingStored, expectRefused, textBytes, uploadAs } from '../support/fixtures.ts';

const ONLY_IMAGES = 'Можно загружать только изображения jpeg, png, webp или gif';
const GIF_NEEDS_PLAN = 'Загружать gif аватары можно только с подпиской';
const OTHER_CHAT = 'Картинка загружена для другого чата';

let a: TestUser;
let b: TestUser;
let outsider: TestUser;
let editor: TestUser;
let chatId: number;

async function asset(id: string, token?: string): Promise<number> {
  const res = await fetch(`${baseUrl()}/assets/${id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  await res.arrayBuffer();
  return res.status;
}

beforeAll(async () => {
  [a, b, outsider, editor] = await Promise.all([newUser(), newUser(), newUser(), newUser(EDITOR_ROLE)]);
  chatId = (await a.call('POST', '/items/chats', { user_invited: [{ directus_users_id: b.id }] })).data.id;
});

describe('a private chat\'s pictures', () => {
  let fileId: string;
  let messageId: number;

  beforeAll(async () => {
    const uploaded = await call('POST', '/files', { token: a.token, body: chatUpload(chatId) });
    expect(uploaded.status).toBe(200);
    fileId = uploaded.data.id;
    const sent = await a.call('POST', '/items/messages', { text: 'Смотри', privateChat: chatId, images: [{ directus_files_id: fileId }] });
    expect(sent.status, JSON.stringify(sent.errors)).toBe(200);
    messageId = sent.data.id;
  });

  it('are read by both members, in /files and /assets', async () => {
    for (const reader of [a, b]) {
      expect((await reader.call('GET', `/files/${fileId}?fields=id`)).data).toEqual({ id: fileId });
      expect(await asset(fileId, reader.token)).toBe(200);
    }
  });

  it('are refused to an outsider, an editor and a visitor, in /files and /assets', async () => {
    for (const reader of [outsider, editor]) {
      expectRefused(await reader.call('GET', `/files/${fileId}`), 403);
      expect(await asset(fileId, reader.token)).toBe(403);
    }
    expectRefused(await call('GET', `/files/${fileId}`), 403);
    expect(await asset(fileId)).toBe(403);
  });

  it('cannot be uploaded for a chat by someone outside it', async () => {
    const res = await expectNothingStored('directus_files', {}, () => call('POST', '/files', { token: outsider.token, body: chatUpload(chatId) }));
    expectRefused(res, 403);
  });

  it('stay in their chat: not on a public message or a post, not on someone else\'s text', async () => {
    expectRefused(await a.call('POST', '/items/messages', { text: 'Всем', images: [{ directus_files_id: fileId }] }), 400, OTHER_CHAT);
    expectRefused(await a.call('POST', '/items/posts', { text: 'На стену', images: [{ directus_files_id: fileId }] }), 400, OTHER_CHAT);
    expectRefused(await b.call('POST', '/items/messages', { text: 'Чужая', privateChat: chatId, images: [{ directus_files_id: fileId }] }), 403);
    expect(await countRows('messages_files', { directus_files_id: { _eq: fileId } })).toBe(1);
  });

  it('are not an avatar', async () => {
    expectRefused(await a.call('PATCH', '/users/me', { avatar: fileId }), 400, 'личного чата');
  });

  it('leave with their message when it is deleted', async () => {
    expect((await a.call('PATCH', `/items/messages/${messageId}`, { deleted: true })).status).toBe(200);
    // The pictures are removed right after the update is stored (an action hook): wait for that.
    await vi.waitFor(async () => expect(await countRows('directus_files', { id: { _eq: fileId } })).toBe(0), { timeout: 10_000 });
    expect(await countRows('messages_files', { messages_id: { _eq: messageId } })).toBe(0);
    expect(await asset(fileId, b.token)).toBe(403);
  });
});

describe('listing files', () => {
  it('is refused to visitors and users, whatever the filter', async () => {
    for (const path of ['/files', '/files?fields=id,filename_download', `/files?filter[uploaded_by][_eq]=${a.id}`, '/files?aggregate[count]=*']) {
      expectRefused(await call('GET', path), 403);
      expectRefused(await outsider.call('GET', path), 403);
    }
  });

  it('is open to editors', async () => {
    const res = await editor.call('GET', '/files?fields=id&limit=1');
    expect(res.status).toBe(200);
  });

  it('still gives a visitor a public picture by its id', async () => {
    const avatar = await uploadAs(a, pngBytes(), 'image/png', 'avatar.png');
    expect((await call('GET', `/files/${avatar.data.id}?fields=id,type`)).data).toEqual({ id: avatar.data.id, type: 'image/png' });
    expect(await asset(avatar.data.id)).toBe(200);
  });
});

describe('the type of an upload, from its bytes', () => {
  /** A multipart body whose file name carries the boundary itself: a hand-written parser splits there. */
  function boundaryInName(bytes: Uint8Array<ArrayBuffer>, declared: string): { body: Blob; type: string } {
    const boundary = 'XBOUNDARYX';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a--${boundary}.png"\r\nContent-Type: ${declared}\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    return { body: new Blob([head, bytes, tail]), type: `multipart/form-data; boundary=${boundary}` };
  }

  async function rawUpload(token: string, bytes: Uint8Array<ArrayBuffer>, declared: string): Promise<{ status: number; message?: string }> {
    const { body, type } = boundaryInName(bytes, declared);
    const res = await fetch(`${baseUrl()}/files`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': type }, body });
    const json = await res.json();
    return { status: res.status, message: json.errors?.[0]?.message };
  }

  it('refuses SVG bytes declared as PNG even when the file name holds the boundary', async () => {
    const svg = textBytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const before = await countRows('directus_files', {});
    const res = await rawUpload(a.token, svg, 'image/png');
    expect(res.status).toBe(400);
    expect(res.message).toContain(ONLY_IMAGES);
    expect(await countRows('directus_files', {})).toBe(before);
  });

  it('refuses a GIF declared as PNG the same way, so it never reaches the avatar rule as a PNG', async () => {
    const res = await rawUpload(b.token, gifBytes(), 'image/png');
    expect(res.status).toBe(400);
    expect(res.message).toContain(ONLY_IMAGES);
  });

  it('takes a real PNG sent that way', async () => {
    const res = await rawUpload(b.token, pngBytes(), 'image/png');
    expect(res.status).toBe(200);
  });

  it('reads the stored bytes again when a file becomes an avatar', async () => {
    const plain = await newUser(ROLES.user);
    const gif = await uploadAs(plain, gifBytes(), 'image/gif', 'me.gif');
    // The row claims PNG (as a file row edited by hand would): the bytes still say GIF.
    expect((await asAdmin('PATCH', `/files/${gif.data.id}`, { type: 'image/png' })).status).toBe(200);
    expectRefused(await plain.call('PATCH', '/users/me', { avatar: gif.data.id }), 400, GIF_NEEDS_PLAN);
    expect((await adminRead('directus_users', plain.id, 'avatar')).avatar).toBeNull();
  });
});

describe('reviews and posts', () => {
  it('take their author\'s own public pictures only', async () => {
    const title = await newTitle();
    const mine = await uploadAs(a, pngBytes(), 'image/png', 'review.png');
    const res = await a.call('POST', '/items/comments', { text: 'С картинкой', title: title.id, images: [{ directus_files_id: mine.data.id }] });
    expect(res.status, JSON.stringify(res.errors)).toBe(200);
    expectRefused(await b.call('POST', '/items/posts', { text: 'Чужая картинка', images: [{ directus_files_id: mine.data.id }] }), 403);
    expect(await asset(mine.data.id)).toBe(200);
  });
});

/** Users upload images only: jpeg, png, webp, gif, capped in bytes and in pixels; never HTML, SVG or text. */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANIMATION_TOO_LARGE, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, IMAGE_TOO_LARGE, USER_UPLOAD_MAX_BYTES } from '../../shared/rules.ts';
import { baseUrl, call, gifBytes, newUser, pngBytes, upload, type TestUser } from '../support/api.ts';
import { adminRead, countRows, expectNothingStored, expectRefused, jpegBytes, textBytes, uploadAs, webpBytes } from '../support/fixtures.ts';

const ONLY_IMAGES = 'Можно загружать только изображения jpeg, png, webp или gif';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>';
const HTML = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';

let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  [user, other] = await Promise.all([newUser(), newUser()]);
});

describe('images a user may upload', () => {
  it.each([
    ['png', pngBytes, 'image/png', 1],
    ['jpeg', jpegBytes, 'image/jpeg', 2],
    ['webp', webpBytes, 'image/webp', 2],
    ['gif', gifBytes, 'image/gif', 1],
  ] as const)('takes a %s', async (ext, bytes, type, size) => {
    const res = await uploadAs(user, bytes(), type, `picture.${ext}`);
    expect(res.status).toBe(200);
    const stored = await adminRead('directus_files', res.data.id, 'type,width,height,uploaded_by,filesize');
    expect(stored).toEqual({ type, width: size, height: size, uploaded_by: user.id, filesize: expect.anything() });
    expect(Number(stored.filesize)).toBe(bytes().length);
  });

  it('serves an uploaded image at /assets/{id} with its bytes and type', async () => {
    const res = await uploadAs(user, pngBytes(), 'image/png', 'served.png');
    const asset = await fetch(`${baseUrl()}/assets/${res.data.id}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await asset.arrayBuffer())).toEqual(pngBytes());
  });

  it('serves the avatar preset as webp', async () => {
    const res = await uploadAs(user, jpegBytes(), 'image/jpeg', 'avatar.jpg');
    const asset = await fetch(`${baseUrl()}/assets/${res.data.id}?key=avatar`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('image/webp');
  });

  it('takes a phone\'s 12-megapixel photo, and serves its sizes', async () => {
    const photo = await plainPicture(4032, 3024, 'jpeg');
    const res = await uploadAs(user, photo, 'image/jpeg', 'IMG_0001.jpg');
    expect(res.status).toBe(200);
    for (const key of ['avatar', 'photo']) {
      const asset = await fetch(`${baseUrl()}/assets/${res.data.id}?key=${key}`);
      expect(asset.status, key).toBe(200);
      expect(asset.headers.get('content-type'), key).toBe('image/webp');
    }
  });
});

/** A picture of one colour, small in bytes whatever its size in pixels. */
async function plainPicture(width: number, height: number, format: 'jpeg' | 'png'): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 190, g: 60, b: 110 } } }).toFormat(format).toBuffer();
  return Uint8Array.from(bytes);
}

describe('files a user may not upload', () => {
  it.each([
    ['an SVG', SVG, 'image/svg+xml', 'drawing.svg'],
    ['an HTML page', HTML, 'text/html', 'page.html'],
    ['a text file', 'просто текст', 'text/plain', 'notes.txt'],
    ['a script', 'alert(1)', 'application/javascript', 'run.js'],
  ])('refuses %s and stores no file row', async (_what, content, type, name) => {
    const res = await expectNothingStored('directus_files', {}, () => uploadAs(user, textBytes(content), type, name));
    expectRefused(res, 400);
  });

  it.each([
    ['an HTML page sent as image/png', HTML, 'image/png', 'page.png'],
    ['an SVG sent as image/png', SVG, 'image/png', 'drawing.png'],
    ['a text file sent as image/jpeg', 'просто текст', 'image/jpeg', 'notes.jpg'],
    ['an SVG sent as image/webp', SVG, 'image/webp', 'drawing.webp'],
  ])('refuses %s', async (_what, content, type, name) => {
    const res = await expectNothingStored('directus_files', {}, () => uploadAs(user, textBytes(content), type, name));
    expectRefused(res, 400, ONLY_IMAGES);
  });

  it(`refuses a picture of more than ${IMAGE_MAX_SIDE} pixels a side, whose sizes could never be made, and stores nothing`, async () => {
    const wide = await plainPicture(IMAGE_MAX_SIDE + 1, 40, 'png');
    const res = await expectNothingStored('directus_files', {}, () => uploadAs(user, wide, 'image/png', 'panorama.png'));
    expectRefused(res, 400, IMAGE_TOO_LARGE);
  });

  it('refuses a moving picture of more pixels in all its frames than the largest still, and stores nothing', async () => {
    const side = 2000;
    const count = Math.floor(IMAGE_MAX_PIXELS / (side * side)) + 1;
    // Frames that differ: a GIF encoder folds a repeated frame into the one before.
    const frames = await Promise.all(Array.from({ length: count }, (_, i) =>
      sharp({ create: { width: side, height: side, channels: 3, background: { r: 20 * i, g: 60, b: 110 } } }).png().toBuffer()));
    const gif = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(gif, { animated: true }).metadata()).pages).toBe(count);
    const res = await expectNothingStored('directus_files', {}, () => uploadAs(user, gif, 'image/gif', 'long.gif'));
    expectRefused(res, 400, ANIMATION_TOO_LARGE);
  });

  it('refuses an image whose bytes are another format than the one declared', async () => {
    const res = await expectNothingStored('directus_files', {}, () => uploadAs(user, jpegBytes(), 'image/png', 'photo.png'));
    expectRefused(res, 400, ONLY_IMAGES);
  });

  it('refuses an upload of several files, one of them not an image, and stores none', async () => {
    const form = upload(pngBytes(), 'image/png', 'good.png');
    form.append('file', new Blob([textBytes(HTML)], { type: 'image/png' }), 'bad.png');
    const res = await expectNothingStored('directus_files', {}, () => call('POST', '/files', { token: user.token, body: form }));
    expectRefused(res, 400, 'Загружайте по одному файлу за раз');
  });

  it.each([1, 1024 * 1024])('refuses an image %i bytes over the size cap', async (over) => {
    const big = new Uint8Array(USER_UPLOAD_MAX_BYTES + over);
    big.set(pngBytes());
    const res = await expectNothingStored('directus_files', {}, () => uploadAs(user, big, 'image/png', 'huge.png'));
    expectRefused(res, 413);
  });

  it('takes an image exactly at the size cap', async () => {
    const atCap = new Uint8Array(USER_UPLOAD_MAX_BYTES);
    atCap.set(pngBytes());
    const res = await uploadAs(user, atCap, 'image/png', 'big.png');
    expect(res.status).toBe(200);
    expect(Number((await adminRead('directus_files', res.data.id, 'filesize')).filesize)).toBe(USER_UPLOAD_MAX_BYTES);
  });

  it('refuses a file row without content (JSON instead of an upload)', async () => {
    const user = await newUser();
    const before = await countRows('directus_files', {});
    const res = await user.call('POST', '/files', { title: 'пустышка', type: 'image/png', filename_download: 'x.png', storage: 'local' });
    expect(res.status).toBe(403);
    expect(await countRows('directus_files', {})).toBe(before);
  });

  it('refuses an import by URL, over REST and over GraphQL', async () => {
    const res = await expectNothingStored('directus_files', {}, () =>
      user.call('POST', '/files/import', { url: 'https://example.com/picture.png' }));
    expectRefused(res, 403);
    const query = 'mutation { import_file(url: "https://example.com/page.svg", data: { storage: "local", filename_download: "page.svg" }) { id } }';
    expectRefused(await expectNothingStored('directus_files', {}, () => user.call('POST', '/graphql/system', { query })), 403);
  });
});

describe('a form cut short', () => {
  it('inside its file is refused with 400 and its reason, stores nothing, and Directus keeps answering', async () => {
    const boundary = 'cut-short';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.png"\r\nContent-Type: image/png\r\n\r\n`;
    // The request is whole (its length is right); the form inside it ends in the middle of the file.
    const body = Buffer.concat([Buffer.from(head), Buffer.from(pngBytes()).subarray(0, 20)]);
    const files = await countRows('directus_files', {});
    const res = await fetch(`${baseUrl()}/files`, {
      method: 'POST', body, headers: { authorization: `Bearer ${user.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].message).toContain('Форма с файлом повреждена, загрузите файл ещё раз');
    expect(await countRows('directus_files', {})).toBe(files);
    expect((await fetch(`${baseUrl()}/server/ping`)).status).toBe(200);
    expect((await uploadAs(user, pngBytes(), 'image/png', 'after.png')).status).toBe(200);
  });
});

describe('a user\'s files belong to them', () => {
  it('cannot replace or rename someone else\'s file', async () => {
    const theirs = await uploadAs(other, pngBytes(), 'image/png', 'theirs.png');
    expectRefused(await user.call('PATCH', `/files/${theirs.data.id}`, { title: 'Моё теперь' }), 403);
    const replaced = await call('PATCH', `/files/${theirs.data.id}`, { token: user.token, body: upload(gifBytes(), 'image/gif', 'swap.gif') });
    expectRefused(replaced, [400, 403]);
    expect(await adminRead('directus_files', theirs.data.id, 'title,type')).toEqual({ title: 'Theirs', type: 'image/png' });
  });

  it('cannot delete someone else\'s file', async () => {
    const theirs = await uploadAs(other, pngBytes(), 'image/png', 'keep.png');
    expectRefused(await user.call('DELETE', `/files/${theirs.data.id}`), 403);
    expect(await countRows('directus_files', { id: { _eq: theirs.data.id } })).toBe(1);
  });

  it('deletes its own file', async () => {
    const mine = await uploadAs(user, pngBytes(), 'image/png', 'mine.png');
    expect((await user.call('DELETE', `/files/${mine.data.id}`)).status).toBe(204);
    expect(await countRows('directus_files', { id: { _eq: mine.data.id } })).toBe(0);
  });
});

/**
 * What one upload may be: one file from someone signed in, with a short name, no storage of its
 * own choosing, stored without the metadata a camera wrote into it; a picture that moves is told
 * by its frames whatever its type; the uploads a person makes in a while are counted.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILE_NAME_MAX, PACE } from '../../shared/rules.ts';
import { baseUrl, call, gifBytes, newUser, pngBytes, type TestUser } from '../support/api.ts';
import { adminRead, countRows, expectNothingStored, expectRefused, uploadAs } from '../support/fixtures.ts';
import { apngBytes } from '../support/png.ts';

let user: TestUser;
beforeAll(async () => {
  user = await newUser();
});

/** A multipart body of `n` one-pixel GIFs, as a script would send it. */
function manyFiles(n: number): { body: Buffer; type: string } {
  const boundary = 'many-parts';
  const part = (i: number) => Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a${i}.gif"\r\nContent-Type: image/gif\r\n\r\n`),
    Buffer.from(gifBytes()), Buffer.from('\r\n'),
  ]);
  return { body: Buffer.concat([...Array.from({ length: n }, (_, i) => part(i)), Buffer.from(`--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

/** Sends the form; `ms` is how long until the answer and until a visitor's read after it is answered too. */
async function send(form: { body: Buffer; type: string }, token?: string): Promise<{ status: number; message: string; ms: number }> {
  const started = Date.now();
  const res = await fetch(`${baseUrl()}/files`, { method: 'POST', body: new Uint8Array(form.body), headers: { 'content-type': form.type, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  const json = await res.json();
  expect((await fetch(`${baseUrl()}/items/titles?limit=1&fields=id`)).status).toBe(200);
  return { status: res.status, message: json.errors?.[0]?.message ?? '', ms: Date.now() - started };
}

describe('one request of thousands of tiny files', () => {
  it('from a visitor is refused as Directus refuses visitors, at once, and stores nothing', async () => {
    const before = await countRows('directus_files', {});
    const res = await send(manyFiles(5000));
    expect(res.status).toBe(403);
    expect(res.ms).toBeLessThan(2000);
    expect(await countRows('directus_files', {})).toBe(before);
  });

  it('from a member is refused with its reason, at once, and stores nothing', async () => {
    const before = await countRows('directus_files', {});
    const res = await send(manyFiles(2000), user.token);
    expect(res).toMatchObject({ status: 400, message: expect.stringContaining('Загружайте по одному файлу за раз') });
    expect(res.ms).toBeLessThan(2000);
    expect(await countRows('directus_files', {})).toBe(before);
    expect((await uploadAs(user, pngBytes(), 'image/png', 'after.png')).status).toBe(200);
  });
});

describe('a storage named in the form', () => {
  it.each(['bogus', '__proto__', 'local'])('(%s) is refused to a member with a 400 and to a visitor with a 403, and nothing is stored', async (storage) => {
    const form = () => {
      const f = new FormData();
      f.append('storage', storage);
      f.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'where.png');
      return f;
    };
    expectRefused(await expectNothingStored('directus_files', {}, () => call('POST', '/files', { token: user.token, body: form() })), 400, 'Место хранения файла выбирает сервер');
    expectRefused(await expectNothingStored('directus_files', {}, () => call('POST', '/files', { body: form() })), 403);
  });
});

describe('a name of more than FILE_NAME_MAX characters', () => {
  it.each(['title', 'filename_download'])('in %s is refused with its reason; one of exactly the cap is kept', async (field) => {
    const named = (name: string) => {
      const f = new FormData();
      f.append(field, name);
      f.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'p.png');
      return f;
    };
    const long = await expectNothingStored('directus_files', {}, () => call('POST', '/files', { token: user.token, body: named('я'.repeat(FILE_NAME_MAX + 1)) }));
    expectRefused(long, 400, `Название файла длиннее ${FILE_NAME_MAX} символов`);
    const atCap = await call('POST', '/files', { token: user.token, body: named('я'.repeat(FILE_NAME_MAX)) });
    expect(atCap.status).toBe(200);
    expect((await adminRead('directus_files', atCap.data.id, field))[field]).toBe('я'.repeat(FILE_NAME_MAX));
  });

  it('as the file\'s own name is refused too', async () => {
    const res = await expectNothingStored('directus_files', {}, () => uploadAs(user, pngBytes(), 'image/png', `${'я'.repeat(FILE_NAME_MAX)}.png`));
    expectRefused(res, 400, `Название файла длиннее ${FILE_NAME_MAX} символов`);
  });
});

describe('a person\'s picture is served without its metadata', () => {
  const EXIF = {
    IFD0: { Make: 'Phone', Model: 'Camera 12', Artist: 'Иван Петров' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 21/1', GPSLongitudeRef: 'E', GPSLongitude: '37/1 37/1 12/1' },
  };
  const served = async (id: string) => Buffer.from(await (await fetch(`${baseUrl()}/assets/${id}`)).arrayBuffer());

  it('a phone photo: no GPS position, camera or author, its orientation kept, its pixels untouched', async () => {
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3a7' } }).jpeg()
      .withExif(EXIF).withMetadata({ orientation: 6 }).toBuffer();
    expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, exif: expect.anything() });
    const res = await uploadAs(user, Uint8Array.from(photo), 'image/jpeg', 'IMG_0001.jpg');
    expect(res.status).toBe(200);
    const bytes = await served(res.data.id);
    expect(['Phone', 'Camera 12', 'Иван Петров'].filter((word) => bytes.includes(word))).toEqual([]);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 40, height: 20, orientation: 6 });
    expect([meta.xmp, meta.iptc, (meta.exif?.length ?? 0) < 40]).toEqual([undefined, undefined, true]);
    expect(await sharp(bytes).raw().toBuffer()).toEqual(await sharp(photo).raw().toBuffer());
    expect(JSON.stringify(await adminRead('directus_files', res.data.id, 'metadata'))).not.toMatch(/GPS|Иван|Camera|Phone/);
    const avatar = await fetch(`${baseUrl()}/assets/${res.data.id}?key=avatar`);
    expect(await sharp(Buffer.from(await avatar.arrayBuffer())).metadata()).toMatchObject({ width: expect.any(Number) });
  });

  it('a PNG and a moving WebP: no EXIF, and the WebP keeps its frames', async () => {
    const frame = (background: string) => sharp({ create: { width: 8, height: 8, channels: 3, background } }).png().toBuffer();
    const png = await sharp(await frame('#a33')).withExif(EXIF).png().toBuffer();
    const webp = await sharp([await frame('#a33'), await frame('#33a')], { join: { animated: true } }).webp({ loop: 0, delay: [300, 300] }).withExif(EXIF).toBuffer();
    for (const [bytes, type, pages] of [[png, 'image/png', 1], [webp, 'image/webp', 2]] as const) {
      const res = await uploadAs(user, Uint8Array.from(bytes), type, `picture.${type.slice(6)}`);
      expect(res.status, type).toBe(200);
      const meta = await sharp(await served(res.data.id), { animated: true }).metadata();
      expect(meta.exif, type).toBeUndefined();
      expect(meta.pages ?? 1, type).toBe(pages);
    }
  });

  it('a picture without metadata is stored byte for byte', async () => {
    const res = await uploadAs(user, pngBytes(), 'image/png', 'plain.png');
    expect(new Uint8Array(await served(res.data.id))).toEqual(pngBytes());
  });
});

describe('an animated PNG', () => {
  it('is a moving avatar: refused to a member without a plan, as a GIF is', async () => {
    const member = await newUser();
    const file = await uploadAs(member, Uint8Array.from(apngBytes()), 'image/png', 'moving.png');
    expect(file.status).toBe(200);
    expectRefused(await member.call('PATCH', '/users/me', { avatar: file.data.id }), 400, 'Загружать gif аватары можно только с подпиской');
    expect((await adminRead('directus_users', member.id, 'avatar')).avatar).toBeNull();
  });
});

describe('upload pace', () => {
  it(`takes ${PACE.upload.count} uploads in ${PACE.upload.seconds / 60} minutes a person, then asks them to wait and stores nothing`, async () => {
    const person = await newUser();
    for (let i = 0; i < PACE.upload.count; i++) expect((await uploadAs(person, pngBytes(), 'image/png', `n${i}.png`)).status).toBe(200);
    const res = await expectNothingStored('directus_files', {}, () => uploadAs(person, pngBytes(), 'image/png', 'one-more.png'));
    expectRefused(res, 429, 'Слишком много загрузок подряд. Подождите');
    expect((await uploadAs(user, pngBytes(), 'image/png', 'someone-else.png')).status).toBe(200);
  });
});


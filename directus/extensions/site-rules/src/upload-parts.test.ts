import { describe, expect, it } from 'vitest';
import { USER_UPLOAD_MAX_BYTES } from '../../../../shared/rules.ts';
import { FORM_PARTS_MAX, formOf, parseParts } from './upload-parts.ts';

const BOUNDARY = 'test-boundary';
const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

type Entry = { field: string; value: string } | { file: string; type: string; bytes: Buffer };

function form(entries: Entry[]): Buffer {
  const chunks: Buffer[] = [];
  for (const e of entries) {
    if ('field' in e) {
      chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${e.field}"\r\n\r\n${e.value}\r\n`));
    } else {
      chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${e.file}"\r\nContent-Type: ${e.type}\r\n\r\n`));
      chunks.push(e.bytes, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

describe('parseParts', () => {
  it('gives the file the fields sent before it, as Directus applies them', async () => {
    const parts = await parseParts(form([
      { field: 'chat', value: '12' },
      { field: 'title', value: 'Кот' },
      { file: 'a.png', type: 'image/png', bytes: Buffer.from('first') },
    ]), headers);
    expect(parts.map((p) => ({ fields: p.fields, filename: p.filename, type: p.declaredType, bytes: p.bytes.toString(), truncated: p.truncated }))).toEqual([
      { fields: { chat: '12', title: 'Кот' }, filename: 'a.png', type: 'image/png', bytes: 'first', truncated: false },
    ]);
  });

  it('lets a file of exactly the limit through whole and marks a larger one cut', async () => {
    const [exact] = await parseParts(form([{ file: 'a.png', type: 'image/png', bytes: Buffer.alloc(USER_UPLOAD_MAX_BYTES, 1) }]), headers);
    const [larger] = await parseParts(form([{ file: 'b.png', type: 'image/png', bytes: Buffer.alloc(USER_UPLOAD_MAX_BYTES + 2, 1) }]), headers);
    expect(exact.truncated).toBe(false);
    expect(exact.bytes.length).toBe(USER_UPLOAD_MAX_BYTES);
    expect(larger.truncated).toBe(true);
  });

  it('refuses a second file, and a form of thousands of tiny files, with its reason', async () => {
    const file = { file: 'a.gif', type: 'image/gif', bytes: Buffer.from('GIF89a') };
    await expect(parseParts(form([file, file]), headers)).rejects.toMatchObject({ status: 400, extensions: { reason: 'Загружайте по одному файлу за раз' } });
    await expect(parseParts(form(Array.from({ length: 8000 }, () => file)), headers)).rejects.toMatchObject({ status: 400 });
  });

  it(`refuses a form of more than ${FORM_PARTS_MAX} parts`, async () => {
    const fields = Array.from({ length: FORM_PARTS_MAX }, (_, i) => ({ field: `f${i}`, value: 'x' }));
    await expect(parseParts(form([...fields, { file: 'a.png', type: 'image/png', bytes: Buffer.from('x') }]), headers))
      .rejects.toMatchObject({ status: 400, extensions: { reason: `В форме загрузки больше ${FORM_PARTS_MAX} частей` } });
  });

  it('refuses a form without a boundary, or cut short, as the sender’s fault', async () => {
    const reason = 'Форма с файлом повреждена, загрузите файл ещё раз';
    await expect(parseParts(Buffer.from('x'), { 'content-type': 'multipart/form-data' })).rejects.toMatchObject({ status: 400, extensions: { reason } });
    const whole = form([{ file: 'a.png', type: 'image/png', bytes: Buffer.from('bytes') }]);
    await expect(parseParts(whole.subarray(0, whole.length - 20), headers)).rejects.toMatchObject({ status: 400, extensions: { reason } });
  });
});

describe('formOf', () => {
  it('writes a form that reads back as the same fields, name, type and bytes', async () => {
    const bytes = Buffer.from('bytes with "quotes"\r\n--and a dash line');
    const part = { fields: { chat: '7', title: 'Кот "рыжий"' }, name: 'file', filename: 'кот.png', declaredType: 'image/png', bytes, truncated: false };
    const { body, contentType } = formOf(part);
    const [read] = await parseParts(body, { 'content-type': contentType });
    expect(read).toEqual({ ...part, fields: { chat: '7', title: 'Кот "рыжий"' } });
  });
});

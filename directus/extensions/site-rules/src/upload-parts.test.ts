import { describe, expect, it } from 'vitest';
import { USER_UPLOAD_MAX_BYTES } from '../../../../shared/rules.ts';
import { parseParts } from './upload-parts.ts';

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
  it('gives each file the fields sent before it, as Directus applies them', async () => {
    const parts = await parseParts(form([
      { field: 'chat', value: '12' },
      { field: 'title', value: 'Кот' },
      { file: 'a.png', type: 'image/png', bytes: Buffer.from('first') },
      { field: 'chat', value: '13' },
      { file: 'b.gif', type: 'image/gif', bytes: Buffer.from('second') },
    ]), headers);
    expect(parts.map((p) => ({ fields: p.fields, type: p.declaredType, bytes: p.bytes.toString(), truncated: p.truncated }))).toEqual([
      { fields: { chat: '12', title: 'Кот' }, type: 'image/png', bytes: 'first', truncated: false },
      { fields: { chat: '13' }, type: 'image/gif', bytes: 'second', truncated: false },
    ]);
  });

  it('lets a file of exactly the limit through whole and marks a larger one cut', async () => {
    const [exact, larger] = await parseParts(form([
      { file: 'a.png', type: 'image/png', bytes: Buffer.alloc(USER_UPLOAD_MAX_BYTES, 1) },
      { file: 'b.png', type: 'image/png', bytes: Buffer.alloc(USER_UPLOAD_MAX_BYTES + 2, 1) },
    ]), headers);
    expect(exact.truncated).toBe(false);
    expect(exact.bytes.length).toBe(USER_UPLOAD_MAX_BYTES);
    expect(larger.truncated).toBe(true);
  });

  it('refuses a form without a boundary, or cut short, as the sender’s fault', async () => {
    const reason = 'Форма с файлом повреждена, загрузите файл ещё раз';
    await expect(parseParts(Buffer.from('x'), { 'content-type': 'multipart/form-data' })).rejects.toMatchObject({ status: 400, extensions: { reason } });
    const whole = form([{ file: 'a.png', type: 'image/png', bytes: Buffer.from('bytes') }]);
    await expect(parseParts(whole.subarray(0, whole.length - 20), headers)).rejects.toMatchObject({ status: 400, extensions: { reason } });
  });
});

// The build's reader tries a read again when Directus is busy or a call gets no answer, and fails at once on a refusal.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createReader } from '../../src/lib/directus/reader.ts';
import { DirectusRequestError } from '../../src/lib/directus/request-error.ts';
import { MAX_READ_ROWS } from '../../shared/rules.ts';

const TAGS = [{ id: 1, name: 'Любовь', slug: 'lyubov' }];
let close: (() => void) | undefined;
afterEach(() => close?.());

/** A server whose n-th request (from 1) `answer` handles; it returns the reader and the requests seen. */
async function serve(answer: (n: number, req: IncomingMessage, res: ServerResponse) => void) {
  let seen = 0;
  const server = createServer((req, res) => answer(++seen, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => server.close();
  const { port } = server.address() as AddressInfo;
  return { reader: createReader(`http://127.0.0.1:${port}`), seen: () => seen };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

describe('build reader', () => {
  it('reads again when a call was cut off without an answer', async () => {
    const { reader, seen } = await serve((n, req, res) => (n === 1 ? req.socket.destroy() : json(res, 200, { data: TAGS })));
    expect(await reader.getTags()).toEqual(TAGS);
    expect(seen()).toBe(2);
  });

  it('reads again while Directus answers 503', async () => {
    const { reader, seen } = await serve((n, _req, res) => (n < 3
      ? json(res, 503, { errors: [{ message: 'Under pressure', extensions: { code: 'SERVICE_UNAVAILABLE' } }] })
      : json(res, 200, { data: TAGS })));
    expect(await reader.getTags()).toEqual(TAGS);
    expect(seen()).toBe(3);
  });

  it('fails at once on a refusal, naming what was read and why', async () => {
    const { reader, seen } = await serve((_n, _req, res) => json(res, 403, { errors: [{ message: 'You don\'t have permission', extensions: { code: 'FORBIDDEN' } }] }));
    const failure = await reader.getTags().catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(DirectusRequestError);
    expect((failure as DirectusRequestError).message).toBe('tags: 403 You don\'t have permission');
    expect(seen()).toBe(1);
  });

  it(`reads every row page after page of ${MAX_READ_ROWS}, the most the backend gives one read, until a page comes short`, async () => {
    const all = Array.from({ length: MAX_READ_ROWS * 2 + 3 }, (_, i) => ({ id: i + 1, name: `Тег ${i + 1}`, slug: `teg-${i + 1}` }));
    const asked: { limit: string | null; page: string | null }[] = [];
    const { reader } = await serve((_n, req, res) => {
      const params = new URL(req.url ?? '/', 'http://x').searchParams;
      const at = { limit: params.get('limit'), page: params.get('page') };
      asked.push(at);
      const from = (Number(at.page) - 1) * Number(at.limit);
      json(res, 200, { data: all.slice(from, from + Number(at.limit)) });
    });
    expect(await reader.getTags()).toEqual(all);
    expect(asked).toEqual([1, 2, 3].map((page) => ({ limit: String(MAX_READ_ROWS), page: String(page) })));
  });
});

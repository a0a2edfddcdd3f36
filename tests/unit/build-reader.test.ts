// The build's reader tries a read again when Directus is busy, limits its address or a call gets no answer, and fails at once on a refusal.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createReader, LIMITED_PAUSE_MAX_MS, LIMITED_TRIES, pacedFetch, pauseAfterLimit } from '../../src/lib/directus/reader.ts';
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

  it('waits as long as a 429 asks (Retry-After) and reads again', async () => {
    const { reader, seen } = await serve((n, _req, res) => {
      if (n > 1) return json(res, 200, { data: TAGS });
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ errors: [{ message: 'Too many requests, retry after 448ms.', extensions: { code: 'REQUESTS_EXCEEDED' } }] }));
    });
    const started = performance.now();
    expect(await reader.getTags()).toEqual(TAGS);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(seen()).toBe(2);
  });

  it(`gives a 429 up after ${LIMITED_TRIES} tries, each pause longer, none past ${LIMITED_PAUSE_MAX_MS / 1000} s`, async () => {
    const pauses: number[] = [];
    let calls = 0;
    const limited = pacedFetch(async () => (calls++, new Response('{}', { status: 429, headers: { 'retry-after': '0' } })), async (ms) => void pauses.push(ms));
    expect((await limited('http://directus.test/items/tags')).status).toBe(429);
    expect(calls).toBe(LIMITED_TRIES);
    expect(pauses).toEqual([500, 1000, 2000, 4000, 8000]);
  });

  it('reads Retry-After as seconds or as a date, and never waits past the most', () => {
    const now = Date.parse('2026-12-06T09:00:00Z');
    expect(pauseAfterLimit('3', 1, now)).toBe(3000);
    expect(pauseAfterLimit('0', 1, now)).toBe(500);
    expect(pauseAfterLimit(null, 2, now)).toBe(1000);
    expect(pauseAfterLimit('Sun, 06 Dec 2026 09:00:04 GMT', 1, now)).toBe(4000);
    expect(pauseAfterLimit('soon', 1, now)).toBe(500);
    expect(pauseAfterLimit('3600', 1, now)).toBe(LIMITED_PAUSE_MAX_MS);
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

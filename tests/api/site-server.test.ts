/** The site server (scripts/lib/static-server.ts) on a fake build, proxying /api to the test Directus. */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_CACHE_TTL_MS } from '../../scripts/lib/api-cache.ts';
import { BACKEND_HEALTH_REUSE_MS } from '../../scripts/lib/health.ts';
import { IN_FLIGHT_PER_ADDRESS, SOCKETS_PER_ADDRESS, TOO_MANY_IN_FLIGHT_ANSWER, startSiteServer, type SiteServer } from '../../scripts/lib/static-server.ts';
import { baseUrl, newTitle, newUser, type TestUser } from '../support/api.ts';

const PAGE = (text: string) => `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>${text}</title></head><body><h1>${text}</h1>${'<p>текст страницы</p>'.repeat(40)}</body></html>`;
const FILES: Record<string, string> = {
  'index.html': PAGE('Дорамы онлайн'),
  '404.html': PAGE('Страница не найдена'),
  '_astro/app.123.js': `export const x = ${JSON.stringify('a'.repeat(2000))};\n`,
  'profile/user.html': PAGE('Профиль пользователя'),
  'some-title/index.html': PAGE('Некий тайтл'),
  'robots.txt': 'User-agent: *\n',
};

let dir = '';
let site: SiteServer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dorama-site-'));
  const dist = path.join(dir, 'dist');
  for (const [file, body] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), body);
  }
  // A file next to dist that no request may reach.
  writeFileSync(path.join(dir, 'secret.txt'), 'TOP-SECRET');
  site = await startSiteServer({ distDir: dist, port: 0, directusUrl: baseUrl() });
});

afterAll(async () => {
  await site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A raw request: the path goes out exactly as written (fetch would normalise `..`). */
function raw(pathname: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const url = new URL(site.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: pathname, method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('the /api proxy', () => {
  it('proxies /api/server/ping to Directus', async () => {
    const res = await fetch(`${site.url}/api/server/ping`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('pong');
  });

  it('returns Directus JSON for /api/items/titles, query string kept', async () => {
    const res = await fetch(`${site.url}/api/items/titles?limit=1&fields=id,slug`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const json = (await res.json()) as { data: unknown[] };
    expect(Array.isArray(json.data)).toBe(true);
  });

  it('streams request bodies and passes Directus errors through', async () => {
    const res = await fetch(`${site.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
    });
    expect(res.status).toBe(401);
    const json = (await res.json()) as { errors: { extensions: { code: string } }[] };
    expect(json.errors[0]?.extensions.code).toBe('INVALID_CREDENTIALS');
  });

  it('upgrades /api/websocket and Directus answers the handshake', async () => {
    const ws = new WebSocket(`${site.url.replace('http', 'ws')}/api/websocket`);
    try {
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      const reply = new Promise<{ type: string; status?: string }>((resolve, reject) => {
        ws.once('message', (data) => resolve(JSON.parse(String(data))));
        ws.once('error', reject);
        ws.once('close', () => reject(new Error('closed before a reply')));
      });
      ws.send(JSON.stringify({ type: 'auth', access_token: 'not-a-token' }));
      const message = await reply;
      expect(message.type).toBe('auth');
      expect(message.status).toBe('error');
    } finally {
      ws.terminate();
    }
  });
});

describe('bodies on their way to Directus', () => {
  it('drop a read\'s body and its length, so Directus never waits for it on the connection it shares', async () => {
    const read = await raw(`/api/items/titles?limit=1&fields=id&u=${Date.now()}`, { headers: { 'content-length': '5' }, body: 'x=1&y' });
    expect(read.status).toBe(200);
    expect(Array.isArray(JSON.parse(read.body.toString()).data)).toBe(true);
    expect((await raw('/api/server/ping')).body.toString()).toBe('pong');
  });

  it('keep a chunked body framed, so it is read as this request\'s and not as the next', async () => {
    const body = JSON.stringify(['a', 'b']);
    const direct = await fetch(`${baseUrl()}/items/titles`, { method: 'DELETE', headers: { 'content-type': 'application/json' }, body });
    const proxied = await raw('/api/items/titles', { method: 'DELETE', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, body });
    expect(proxied.status).toBe(direct.status);
    expect(JSON.parse(proxied.body.toString())).toEqual(await direct.json());
    for (let i = 0; i < 3; i++) expect((await raw('/api/server/ping')).body.toString()).toBe('pong');
  });

  it('upgrade only Directus\'s socket: a websocket asked of another /api address is that address\'s plain answer', async () => {
    const answer = await exchange(site.url, 'GET /api/x HTTP/1.1\r\nHost: site\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');
    expect(answer.head).toMatch(/^HTTP\/1\.1 404 /);
    expect(JSON.parse(answer.body)).toMatchObject({ errors: [{ extensions: { code: 'ROUTE_NOT_FOUND' } }] });
  });
});

/**
 * One request sent as written on a connection of its own, and the answer: its head, and its body as far
 * as its length says.
 */
function exchange(siteUrl: string, request: string): Promise<{ head: string; body: string }> {
  const url = new URL(siteUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(request));
    let received = Buffer.alloc(0);
    const answered = () => {
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return null;
      const head = received.subarray(0, end).toString();
      const length = Number(/^content-length: *(\d+)/im.exec(head)?.[1] ?? 0);
      const body = received.subarray(end + 4);
      return body.length >= length ? { head, body: body.subarray(0, length).toString() } : null;
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const answer = answered();
      if (answer) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('close', () => resolve(answered() ?? { head: received.toString(), body: '' }));
    socket.on('error', reject);
  });
}

describe('a request that asks for another protocol (an Upgrade the site does not make)', () => {
  // What `curl --http2 http://…` sends: HTTP/1.1 asking to go on in cleartext HTTP/2.
  const h2c = (pathname: string) => `GET ${pathname} HTTP/1.1\r\nHost: site\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA\r\n\r\n`;

  it('is answered with the page, as without the header', async () => {
    for (const [pathname, text] of [['/', 'Дорамы онлайн'], ['/some-title', 'Некий тайтл'], ['/profile/anyone', 'Профиль пользователя']]) {
      const answer = await exchange(site.url, h2c(pathname));
      expect(answer.head, pathname).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer.body, pathname).toContain(text);
    }
    const missing = await exchange(site.url, h2c('/no-such-page'));
    expect(missing.head).toMatch(/^HTTP\/1\.1 404 /);
    expect(missing.body).toContain('Страница не найдена');
  });

  it('is passed on to Directus as the plain request through /api', async () => {
    expect((await exchange(site.url, h2c('/api/server/ping'))).body).toBe('pong');
  });

  it('is not upgraded on a page when it asks for a websocket either', async () => {
    const answer = await exchange(site.url, 'GET / HTTP/1.1\r\nHost: site\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');
    expect(answer.head).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.body).toContain('Дорамы онлайн');
  });
});

/** A websocket to the site's /api/websocket from a given local address: open, or refused with the status the site answered. */
function socketFrom(siteUrl: string, from: string): Promise<{ ws: WebSocket; refused: number | null }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${siteUrl.replace('http', 'ws')}/api/websocket`, { localAddress: from });
    ws.once('open', () => resolve({ ws, refused: null }));
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      resolve({ ws, refused: res.statusCode ?? 0 });
    });
    ws.once('error', reject);
  });
}

describe('realtime sockets through /api/websocket', () => {
  it(`are at most ${SOCKETS_PER_ADDRESS} an address: the next is refused with 429 before Directus, others go on, one closed makes room`, async () => {
    const held: WebSocket[] = [];
    try {
      for (let i = 0; i < SOCKETS_PER_ADDRESS; i++) {
        const socket = await socketFrom(site.url, '127.0.0.5');
        held.push(socket.ws);
        expect(socket.refused, `socket ${i + 1}`).toBeNull();
      }
      const over = await socketFrom(site.url, '127.0.0.5');
      expect(over.refused).toBe(429);
      const other = await socketFrom(site.url, '127.0.0.6');
      expect(other.refused).toBeNull();
      other.ws.terminate();
      held.pop()?.terminate();
      await vi.waitFor(async () => {
        const again = await socketFrom(site.url, '127.0.0.5');
        if (again.refused === null) held.push(again.ws);
        expect(again.refused).toBeNull();
      });
    } finally {
      for (const ws of held) ws.terminate();
    }
  });
});

/** A request whose body is declared but only begun, from a given local address; resolves once the proxy has taken it on. */
function slowBody(siteUrl: string, pathname: string, from = '127.0.0.1'): Promise<net.Socket> {
  const url = new URL(siteUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: Number(url.port), host: url.hostname, localAddress: from }, () => {
      socket.write(`POST ${pathname} HTTP/1.1\r\nHost: site\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":`, () => resolve(socket));
    });
    socket.on('error', reject);
  });
}

/** A small write from a given local address: its status and answer. */
function smallWrite(siteUrl: string, from: string): Promise<{ status: number; body: string }> {
  const url = new URL(siteUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: '/api/auth/login', method: 'POST', localAddress: from, headers: { 'content-type': 'application/json' } }, (res) => {
      let body = '';
      res.on('data', (c) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }));
  });
}

/** A read from a given local address whose answer is never taken; resolves once it is sent. */
function untakenRead(siteUrl: string, pathname: string, from: string): Promise<net.Socket> {
  const url = new URL(siteUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: Number(url.port), host: url.hostname, localAddress: from }, () => {
      socket.write(`GET ${pathname} HTTP/1.1\r\nHost: site\r\n\r\n`, () => resolve(socket));
    });
    socket.on('error', reject);
  });
}

/** A site server in front of a Directus as slow callers find it: what is under /hold is never answered, the rest at once. */
async function withStalledUpstream(check: (front: SiteServer, held: () => number) => Promise<void>): Promise<void> {
  let held = 0;
  const upstream = http.createServer((req, res) => {
    if (req.url?.startsWith('/hold')) return void held++;
    req.resume();
    req.on('end', () => res.end('pong'));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
  const front = await startSiteServer({ distDir: path.join(dir, 'dist'), port: 0, directusUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, apiCache: false });
  try {
    await check(front, () => held);
  } finally {
    await front.close();
    upstream.closeAllConnections();
    await new Promise((r) => upstream.close(r));
  }
}

describe('what one address has under way through /api', () => {
  it(`is at most ${IN_FLIGHT_PER_ADDRESS.body} slow bodies: the next is refused, others and reads go on`, async () => {
    const held: net.Socket[] = [];
    try {
      for (let i = 0; i < IN_FLIGHT_PER_ADDRESS.body; i++) held.push(await slowBody(site.url, '/api/auth/login'));
      await vi.waitFor(async () => expect((await smallWrite(site.url, '127.0.0.1')).status).toBe(429));
      const refused = await smallWrite(site.url, '127.0.0.1');
      expect(JSON.parse(refused.body)).toEqual(TOO_MANY_IN_FLIGHT_ANSWER);
      expect((await smallWrite(site.url, '127.0.0.2')).status).toBe(401);
      expect((await raw('/api/server/ping')).body.toString()).toBe('pong');
      // One body given up frees its place.
      held.pop()?.destroy();
      await vi.waitFor(async () => expect((await smallWrite(site.url, '127.0.0.1')).status).toBe(401));
    } finally {
      for (const socket of held) socket.destroy();
    }
  });

  it(`is at most ${IN_FLIGHT_PER_ADDRESS.read} reads whose answers are not taken: the next is refused, others go on`, async () => {
    await withStalledUpstream(async (front, heldUpstream) => {
      const held: net.Socket[] = [];
      try {
        for (let i = 0; i < IN_FLIGHT_PER_ADDRESS.read; i++) held.push(await untakenRead(front.url, `/api/hold/${i}`, '127.0.0.3'));
        await vi.waitFor(() => expect(heldUpstream()).toBe(IN_FLIGHT_PER_ADDRESS.read));
        const refused = await new Promise<number>((resolve, reject) => {
          const url = new URL(front.url);
          http.get({ host: url.hostname, port: url.port, path: '/api/hold/next', localAddress: '127.0.0.3' }, (res) => { res.resume(); resolve(res.statusCode ?? 0); }).on('error', reject);
        });
        expect(refused).toBe(429);
        expect(await (await fetch(`${front.url}/api/server/ping`)).text()).toBe('pong');
      } finally {
        for (const socket of held) socket.destroy();
      }
    });
  });

  it('keeps no one else waiting, however many addresses hold bodies', async () => {
    await withStalledUpstream(async (front, heldUpstream) => {
      const held: net.Socket[] = [];
      // More than any pool of connections a proxy of this kind would keep (Node's own, nginx's keepalive).
      const addresses = 20;
      try {
        for (let a = 1; a <= addresses; a++) {
          for (let i = 0; i < IN_FLIGHT_PER_ADDRESS.body; i++) held.push(await slowBody(front.url, '/api/hold', `127.0.2.${a}`));
        }
        await vi.waitFor(() => expect(heldUpstream()).toBe(addresses * IN_FLIGHT_PER_ADDRESS.body));
        const write = await fetch(`${front.url}/api/items/comments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        expect(await write.text()).toBe('pong');
        expect(await (await fetch(`${front.url}/api/server/ping`)).text()).toBe('pong');
      } finally {
        for (const socket of held) socket.destroy();
      }
    });
  });
});

describe('GET /healthz', () => {
  it('says the backend answers and which build is served, never cached', async () => {
    const res = await fetch(`${site.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { status: string; backend: { status: string; ms: number }; build: { id: string; builtAt: string } };
    expect(body).toMatchObject({ status: 'ok', backend: { status: 'ok' }, build: { id: 'dist' } });
    expect(Number.isNaN(Date.parse(body.build.builtAt))).toBe(false);
  });

  it(`asks Directus once for all its callers, at most once in ${BACKEND_HEALTH_REUSE_MS} ms, and still tells a change within about that`, async () => {
    let checks = 0;
    let up = true;
    const upstream = http.createServer((req, res) => {
      req.resume();
      if (req.url === '/server/health') checks++;
      res.writeHead(up ? 200 : 503, { 'content-type': 'application/health+json' });
      res.end(JSON.stringify({ status: up ? 'ok' : 'error' }));
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
    const front = await startSiteServer({ distDir: path.join(dir, 'dist'), port: 0, directusUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` });
    const statuses = (n: number) => Promise.all(Array.from({ length: n }, async () => (await fetch(`${front.url}/healthz`)).status));
    try {
      expect(new Set(await statuses(200))).toEqual(new Set([200]));
      expect(checks).toBe(1);
      // A flood for a second and a half: a check a second at most.
      for (const until = Date.now() + 1_500; Date.now() < until;) expect(new Set(await statuses(20))).toEqual(new Set([200]));
      expect(checks).toBeLessThanOrEqual(3);
      up = false;
      const downAt = Date.now();
      await vi.waitFor(async () => expect((await fetch(`${front.url}/healthz`)).status).toBe(503), { timeout: BACKEND_HEALTH_REUSE_MS + 1_000, interval: 50 });
      expect(Date.now() - downAt).toBeLessThanOrEqual(BACKEND_HEALTH_REUSE_MS + 1_000);
    } finally {
      await front.close();
      upstream.closeAllConnections();
      await new Promise((r) => upstream.close(r));
    }
  });
});

describe('anonymous reads through /api, served from memory for a few seconds', () => {
  let title: { id: number };
  let author: TestUser;
  const reviewsPath = () => `/api/items/comments?filter[title][_eq]=${title.id}&fields=id,text&sort=-id`;
  const read = (path: string, token?: string) => fetch(`${site.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const texts = async (res: Response) => ((await res.json()) as { data: { text: string }[] }).data.map((r) => r.text);

  beforeAll(async () => {
    title = await newTitle();
    author = await newUser();
  });

  it('reads Directus once for every visitor while the answer is fresh', async () => {
    const first = await read(reviewsPath());
    expect(first.headers.get('x-cache')).toBe('MISS');
    const second = await read(reviewsPath());
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(await texts(second)).toEqual(await texts(first));
  });

  it('shows a visitor a review written through the site at once', async () => {
    expect(await texts(await read(reviewsPath()))).toEqual([]);
    const posted = await fetch(`${site.url}/api/items/comments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${author.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Свежий отзыв', title: title.id }),
    });
    expect(posted.status).toBe(200);
    const after = await read(reviewsPath());
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(await texts(after)).toEqual(['Свежий отзыв']);
  });

  it(`shows a visitor a change made elsewhere within ${API_CACHE_TTL_MS / 1000} s`, async () => {
    await read(reviewsPath());
    const started = Date.now();
    expect((await author.call('POST', '/items/comments', { text: 'Отзыв мимо сайта', title: title.id })).status).toBe(200);
    await vi.waitFor(async () => expect((await texts(await read(reviewsPath())))[0]).toBe('Отзыв мимо сайта'), { timeout: API_CACHE_TTL_MS + 2_000, interval: 250 });
    expect(Date.now() - started).toBeLessThanOrEqual(API_CACHE_TTL_MS + 2_000);
  });

  it('never serves a signed-in person\'s read to anyone else, nor a cached read to them', async () => {
    const path = `/api/items/ratings?fields=id,rating,title`;
    expect((await author.call('PUT', `/site/rating/${title.id}`, { rating: 4 })).status).toBe(200);
    const mine = await read(path, author.token);
    expect(mine.headers.get('x-cache')).toBeNull();
    expect(((await mine.json()) as { data: { title: number }[] }).data.map((r) => r.title)).toContain(title.id);
    const visitor = await read(path);
    expect(visitor.headers.get('x-cache')).not.toBe('HIT');
    expect(((await visitor.json()) as { data?: unknown[] }).data ?? []).toEqual([]);
  });

  it('asks Directus every time for what is paced per address or personal', async () => {
    for (const path of ['/api/site/availability?login=somebody', '/api/users/me']) {
      await read(path);
      expect((await read(path)).headers.get('x-cache'), path).toBeNull();
    }
  });

  it('compresses a cached answer as the visitor asks', async () => {
    const path = `/api/items/titles?fields=*`;
    const plain = await raw(path);
    const res = await raw(path, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(res.body).toString()).toBe(plain.body.toString());
  });
});

describe('static files', () => {
  it('caches hashed assets for a year, immutable, with a JavaScript type', async () => {
    const res = await raw('/_astro/app.123.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(res.headers['cache-control']).toMatch(/immutable/);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
  });

  it('revalidates HTML: no-cache, ETag and Last-Modified, 304 when unchanged', async () => {
    const res = await raw('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['last-modified']).toBeTruthy();
    expect(res.body.toString()).toContain('Дорамы онлайн');
    const again = await raw('/', { headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('compresses text when asked: gzip, brotli, or nothing', async () => {
    const gz = await raw('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(gz.body).toString()).toBe(FILES['index.html']);
    const br = await raw('/_astro/app.123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(FILES['_astro/app.123.js']);
    const plain = await raw('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(FILES['index.html']);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await raw('/some-title', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(FILES['some-title/index.html'] as string));
    expect(res.body.length).toBe(0);
  });

  it('refuses other methods on pages', async () => {
    const res = await raw('/', { method: 'POST' });
    expect(res.status).toBe(405);
  });
});

describe('what another site may do with a page', () => {
  it.each(['/', '/profile/someone', '/robots.txt', '/_astro/app.123.js', '/no-such-page'])('may not frame %s, nor learn more than the origin from its links', async (pathname) => {
    const res = await raw(pathname);
    expect(res.headers).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      'content-security-policy': "frame-ancestors 'self'",
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
    });
  });
});

describe('rewrites and 404', () => {
  it('serves the profile shell for /profile/{login}', async () => {
    const res = await raw('/profile/anyone');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain('Профиль пользователя');
  });

  it('serves /titles/{slug} from the canonical /{slug} build', async () => {
    const res = await raw('/titles/some-title');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain('Некий тайтл');
  });

  it('answers unknown paths and /not-found with status 404 and the 404 page', async () => {
    for (const p of ['/no-such-page', '/not-found', '/titles/no-such-title', '/_astro/missing.js']) {
      const res = await raw(p);
      expect(res.status, p).toBe(404);
      expect(res.body.toString(), p).toContain('Страница не найдена');
      expect(res.headers['content-type'], p).toBe('text/html; charset=utf-8');
    }
  });

  it('answers a path of broken encoding with status 400 and the 404 page', async () => {
    for (const p of ['/%E0%A4%A', '/together/%E0%A4%A', '/a%00b']) {
      const res = await raw(p);
      expect(res.status, p).toBe(400);
      expect(res.body.toString(), p).toContain('Страница не найдена');
      expect(res.headers['content-type'], p).toBe('text/html; charset=utf-8');
    }
  });

  it('never serves a file outside dist', async () => {
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/%2E%2E%2Fsecret.txt', '/..%2fsecret.txt', '/..%5csecret.txt', '/a/../../secret.txt', '/../../package.json', '/%2e%2e/%2e%2e/package.json']) {
      const res = await raw(p);
      expect([400, 404], p).toContain(res.status);
      expect(res.body.toString(), p).not.toContain('TOP-SECRET');
      expect(res.body.toString(), p).not.toContain('"name"');
    }
  });
});

describe('what Directus is told', () => {
  it('strips /api, streams the body, sets X-Forwarded-* from the connection (not from the visitor)', async () => {
    let seen: { url?: string; method?: string; headers?: http.IncomingHttpHeaders; body?: string } = {};
    const upstream = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen = { url: req.url, method: req.method, headers: req.headers, body: Buffer.concat(chunks).toString() };
        res.writeHead(201, { 'content-type': 'application/json', 'x-upstream': 'yes' });
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
    const port = (upstream.address() as { port: number }).port;
    const front = await startSiteServer({ distDir: path.join(dir, 'dist'), port: 0, directusUrl: `http://127.0.0.1:${port}` });
    try {
      const res = await fetch(`${front.url}/api/items/comments?fields=id`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '6.6.6.6', authorization: 'Bearer t' },
        body: JSON.stringify({ text: 'привет' }),
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('x-upstream')).toBe('yes');
      expect(seen.url).toBe('/items/comments?fields=id');
      expect(seen.method).toBe('PATCH');
      expect(seen.body).toBe('{"text":"привет"}');
      expect(seen.headers?.authorization).toBe('Bearer t');
      expect(seen.headers?.['x-forwarded-for']).toBe('127.0.0.1');
      expect(seen.headers?.['x-forwarded-proto']).toBe('http');
      expect(seen.headers?.['x-forwarded-host']).toBe(new URL(front.url).host);
    } finally {
      await front.close();
      await new Promise((r) => upstream.close(r));
    }
  });

  it('lets go of an idle connection before Directus would close it, so no write is sent on a closing one', async () => {
    const upstream = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.end('{}'));
    });
    // Announced as `Keep-Alive: timeout=2`, as Directus announces its 5 s.
    upstream.keepAliveTimeout = 2000;
    // A connection the proxy closes ends from its side first; one the server drops on its timeout does not.
    const closedByProxy = new Promise<boolean>((resolve) => upstream.on('connection', (socket) => {
      let ended = false;
      socket.on('end', () => { ended = true; });
      socket.on('close', () => resolve(ended));
    }));
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
    const port = (upstream.address() as { port: number }).port;
    const front = await startSiteServer({ distDir: path.join(dir, 'dist'), port: 0, directusUrl: `http://127.0.0.1:${port}` });
    try {
      expect((await fetch(`${front.url}/api/items/comments`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(200);
      expect(await closedByProxy).toBe(true);
    } finally {
      await front.close();
      await new Promise((r) => upstream.close(r));
    }
  });

  it('answers 502 with a JSON error when Directus is down', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = http.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const front = await startSiteServer({ distDir: path.join(dir, 'dist'), port: 0, directusUrl: `http://127.0.0.1:${closed}` });
    try {
      const res = await fetch(`${front.url}/api/server/ping`);
      expect(res.status).toBe(502);
      const json = (await res.json()) as { errors: { extensions: { code: string } }[] };
      expect(json.errors[0]?.extensions.code).toBe('BAD_GATEWAY');
      // The pages are still served, and the health check says the backend is down.
      expect((await fetch(`${front.url}/`)).status).toBe(200);
      const health = await fetch(`${front.url}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'fail', backend: { status: 'down' }, build: { id: 'dist' } });
    } finally {
      await front.close();
    }
  });
});

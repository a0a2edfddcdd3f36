/**
 * Serves the static build (dist/) the way production does, on one origin:
 * - `/api/*` is proxied to Directus with the prefix stripped: any method, headers and body streamed both
 *   ways, websocket upgrade (`/api/websocket`, the one upgrade made: any other Upgrade is answered as a
 *   plain request), X-Forwarded-For / -Proto / -Host set. This server is the edge, so X-Forwarded-For is
 *   the connecting address, never what the visitor claims. Each address has a share of what is under way
 *   (IN_FLIGHT_PER_ADDRESS) and of open sockets (SOCKETS_PER_ADDRESS).
 * - Everything else goes through the rewrite table (`rewrites.ts`): GET and HEAD only, never outside dist,
 *   a real 404 status with the 404 page, or a 301 where the path is a page's former address (`redirects.ts`).
 * - `/_astro/*` (hashed) is cached for a year (immutable); HTML is `no-cache` and revalidated with
 *   ETag / Last-Modified; other files an hour. Text types are compressed (brotli or gzip, by Accept-Encoding).
 *
 * - `/api` reads anyone may make without a credential are served from memory for a few seconds
 *   (`api-cache.ts`); `/healthz` tells the backend's state and the served build (`health.ts`).
 *
 * Extension point: `handlers` run before the static files (not before `/api`), each returning true when
 * it answered. The rebuild webhook (`rebuild-webhook.ts`, `/__rebuild`) plugs in there.
 * The served folder may be a function: the rebuild loop swaps it after each successful build, and a
 * request reads the whole of one build (its root is taken once, when it starts).
 */
import http from 'node:http';
import { createReadStream, promises as fsp, realpathSync, statSync, type Stats } from 'node:fs';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { API_PREFIX, ASSETS_PREFIX, resolveRoute } from './rewrites.ts';
import { ApiCache, isSharedRead, touchedBy, type CachedAnswer } from './api-cache.ts';
import { healthCheck, type ServedBuild } from './health.ts';
import { redirectLookup } from './redirects.ts';
import { addressKey } from '../../shared/address-key.ts';

// Node 22.21 added this option (the package's Node); @types/node 22 does not name it yet.
declare module 'node:http' {
  interface ServerOptions {
    /** Which requests with an Upgrade header go to the 'upgrade' listener; the rest are ordinary requests. */
    shouldUpgradeCallback?: (req: http.IncomingMessage) => boolean;
  }
}

/** The request path as sent (still percent-encoded, never normalised) and its query. */
export interface RequestTarget {
  pathname: string;
  searchParams: URLSearchParams;
}

export type SiteHandler = (req: http.IncomingMessage, res: http.ServerResponse, target: RequestTarget) => boolean | Promise<boolean>;

export interface SiteServerOptions {
  /** The build to serve, or a function answering the current one (null: none yet, 503). */
  distDir: string | (() => string | null);
  /** 0 picks a free port. */
  port: number;
  /** Where Directus listens, e.g. http://127.0.0.1:8055. */
  directusUrl: string;
  /** 127.0.0.1 unless told otherwise. */
  host?: string;
  /** Answer before the static files (the rebuild webhook goes here). */
  handlers?: SiteHandler[];
  /** Called once per request with the outcome; nothing is logged by default. */
  log?: (line: string) => void;
  /** Anonymous public reads of /api served from memory for a few seconds (api-cache.ts); on unless false. */
  apiCache?: boolean;
  /** The served build for GET /healthz (health.ts); by default its folder's name and time. */
  build?: () => ServedBuild | null;
}

export interface SiteServer {
  url: string;
  server: http.Server;
  close(): Promise<void>;
}

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_HTML = 'no-cache';
export const CACHE_OTHER = 'public, max-age=3600';
/**
 * Sent with every file of the site (`deploy/nginx.conf.example` sends the same): no other site may
 * frame its pages (a signed-in profile under someone else's buttons), and another site learns from
 * a link no more than the origin it came from.
 */
export const PAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'content-security-policy': "frame-ancestors 'self'",
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;
/** What /api answers when Directus does not (down, restarting): the islands say they could not load. */
export const BAD_GATEWAY_ANSWER = { errors: [{ message: 'Сервер данных недоступен', extensions: { code: 'BAD_GATEWAY' } }] };
/**
 * What one visitor's address (an IPv6 one's /64) may have under way through /api at once. Each holds
 * a connection to Directus until it ends: a body until its last byte comes, an answer until its last
 * byte is taken. A page sends a write at a time and reads a few things at once (a browser opens at most
 * six connections to a site).
 */
export const IN_FLIGHT_PER_ADDRESS = { body: 16, read: 64 } as const;
/**
 * The realtime sockets (`/api/websocket`) one address may hold open at once. A page holds at most two
 * (the reviews' public one, and the signed-in one the chat, watched marks and a room of watching together
 * share), so this is sixteen pages open behind one address: a household or a small office each in a room
 * of its own. Directus's own allowance (socket-budget.ts, 64) closes a socket only once it is open;
 * here one past the share is refused before Directus is asked.
 */
export const SOCKETS_PER_ADDRESS = 32;
export const TOO_MANY_IN_FLIGHT_ANSWER = { errors: [{ message: 'Слишком много запросов одновременно, попробуйте позже', extensions: { code: 'TOO_MANY_REQUESTS' } }] };
/** Smaller bodies are sent as they are (as nginx's gzip_min_length). */
export const COMPRESS_MIN_BYTES = 256;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
};

/** A served file's ETag, from its size and time as nginx makes it: a file left untouched keeps it. */
export function fileEtag(stat: Pick<Stats, 'size' | 'mtimeMs'>): string {
  return `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
}

export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

const isCompressible = (type: string) => /^(text\/|application\/(json|manifest\+json|xml|javascript)|image\/svg\+xml)/.test(type);

/** brotli, gzip or nothing, by the client's Accept-Encoding (q-values honoured; brotli preferred on a tie). */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  const q = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const of = (n: string) => q.get(n) ?? (q.has('*') ? (q.get('*') as number) : 0);
  const br = of('br');
  const gzip = of('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** How bodies are compressed: fast enough to do per answer, so what a visitor downloads is measured with the same settings. */
export const brotliOptions = (size: number): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
});
export const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };

/** Compressed bodies of unchanged files, kept while they fit (the build does not change under a running server often). */
class CompressedCache {
  private entries = new Map<string, Buffer>();
  private bytes = 0;
  private readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }
  async get(file: string, stat: Stats, encoding: 'br' | 'gzip'): Promise<Buffer> {
    const key = `${encoding}:${file}:${stat.size}:${stat.mtimeMs}`;
    const hit = this.entries.get(key);
    if (hit) return hit;
    const raw = await fsp.readFile(file);
    const body =
      encoding === 'br'
        ? await brotli(raw, brotliOptions(raw.length))
        : await gzip(raw, GZIP_OPTIONS);
    if (body.length < this.limit / 4) {
      while (this.bytes + body.length > this.limit && this.entries.size) {
        const [oldest, value] = this.entries.entries().next().value as [string, Buffer];
        this.entries.delete(oldest);
        this.bytes -= value.length;
      }
      this.entries.set(key, body);
      this.bytes += body.length;
    }
    return body;
  }
}

/** Directus's realtime socket, the one address the site upgrades (Directus leaves an upgrade elsewhere open and unanswered). */
export const API_SOCKET_PATH = `${API_PREFIX}/websocket`;

/**
 * Whether a request asking for an upgrade gets one: a websocket to Directus's socket alone. Any other
 * (curl's `--http2` asks every address for h2c, say) is answered as the plain request it also is, as
 * RFC 9110 §7.8 lets a server ignore an Upgrade.
 */
export function upgradesTo(req: Pick<http.IncomingMessage, 'url' | 'headers'>): boolean {
  const rawPath = (req.url ?? '/').split('?')[0];
  const protocols = String(req.headers.upgrade ?? '').toLowerCase().split(',').map((p) => p.trim());
  return rawPath === API_SOCKET_PATH && protocols.includes('websocket');
}
/** How long an upgrade may wait for Directus's answer. */
const UPGRADE_ANSWER_MS = 10_000;

/**
 * How a request's body goes on to Directus: by the length the visitor declared, in chunks as it came,
 * or not at all (GET and HEAD never carry one). Directus reads a kept-alive connection as a stream of
 * requests, so a declared length with no body sent, or a body sent without its framing, would have it
 * read the next visitor's request as this one's body, and answer each with another's answer.
 */
export function bodyFraming(req: Pick<http.IncomingMessage, 'method' | 'headers'>): 'length' | 'chunked' | 'none' {
  if (req.method === 'GET' || req.method === 'HEAD') return 'none';
  if (req.headers['content-length'] !== undefined) return 'length';
  return req.headers['transfer-encoding'] !== undefined ? 'chunked' : 'none';
}

const HOP_BY_HOP = new Set([
  'connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer',
  'transfer-encoding', 'upgrade', 'http2-settings',
]);

/** Request headers for Directus: hop-by-hop ones dropped (and those named in Connection), forwarding set. */
function forwardHeaders(req: http.IncomingMessage, target: URL): http.OutgoingHttpHeaders {
  const named = String(req.headers.connection ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase());
  const out: http.OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || HOP_BY_HOP.has(k) || named.includes(k) || k.startsWith('x-forwarded-') || k === 'forwarded') continue;
    out[k] = v;
  }
  out.host = target.host;
  out['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  out['x-forwarded-proto'] = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  if (req.headers.host) out['x-forwarded-host'] = req.headers.host;
  return out;
}

/** `/api/items/x?y` → `/items/x?y`; `/api` → `/`. */
function upstreamPath(rawUrl: string): string {
  const rest = rawUrl.slice(API_PREFIX.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

export function isApiPath(pathname: string): boolean {
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`) || pathname.startsWith(`${API_PREFIX}?`);
}

export async function startSiteServer(o: SiteServerOptions): Promise<SiteServer> {
  const root = o.distDir;
  const fixedRoot = typeof root === 'string' ? realpathSync(path.resolve(root)) : '';
  const currentRoot = typeof root === 'string' ? () => fixedRoot : () => {
    const dir = root();
    return dir ? realpathSync(path.resolve(dir)) : null;
  };
  const target = new URL(o.directusUrl);
  // Directus may itself live under a path (https://host/directus).
  const base = target.pathname.replace(/\/+$/, '');
  // Node lets go of an idle connection a second before the server's announced keep-alive ends (Directus:
  // 5 s), but only when the agent has a timeout of its own: without one, a write could be sent on a
  // connection Directus was closing, and fail. The timeout also ends an upstream silent for 10 minutes.
  // No cap on the connections to Directus: a shared cap is one that a few slow callers fill for everyone.
  // Each address's share is capped instead (IN_FLIGHT_PER_ADDRESS).
  const agent = new http.Agent({ keepAlive: true, timeout: 10 * 60_000 });
  const inFlight = { body: new Map<string, number>(), read: new Map<string, number>() };
  const socketsOf = new Map<string, number>();
  const cache = new CompressedCache(64 * 1024 * 1024);
  const apiCache = o.apiCache === false ? null : new ApiCache();
  const servedBuild = o.build ?? ((): ServedBuild | null => {
    const dir = currentRoot();
    return dir ? { id: path.basename(dir), builtAt: statSync(dir).mtime.toISOString() } : null;
  });
  const handlers = [healthCheck(o.directusUrl, servedBuild), ...(o.handlers ?? [])];
  const upgraded = new Set<Duplex>();
  const formerAddress = redirectLookup();

  const fileStat = (distDir: string, file: string): Stats | null => {
    const full = path.join(distDir, file);
    if (full !== distDir && !full.startsWith(distDir + path.sep)) return null;
    try {
      const s = statSync(full);
      return s.isFile() ? s : null;
    } catch {
      return null;
    }
  };

  /** One read of Directus, whole, for the API cache (uncompressed, so it is compressed once per encoding here). */
  function readUpstream(req: http.IncomingMessage, upPath: string, again = false): Promise<CachedAnswer> {
    return new Promise((resolve, reject) => {
      const headers = forwardHeaders(req, target);
      delete headers['accept-encoding'];
      // The read goes without the visitor's body, so without the length it declared (see bodyFraming).
      delete headers['content-length'];
      const upstream = http.request({ protocol: target.protocol, hostname: target.hostname, port: target.port, method: 'GET', path: base + upPath, headers, agent }, (up) => {
        const chunks: Buffer[] = [];
        up.on('data', (chunk: Buffer) => chunks.push(chunk));
        up.on('error', reject);
        up.on('end', () => {
          const kept: http.OutgoingHttpHeaders = {};
          for (const [k, v] of Object.entries(up.headers)) if (v !== undefined && !HOP_BY_HOP.has(k) && k !== 'content-length') kept[k] = v;
          resolve({ status: up.statusCode ?? 502, headers: kept, body: Buffer.concat(chunks) });
        });
      });
      upstream.on('error', (err: NodeJS.ErrnoException) => {
        // A kept-alive connection Directus closed as it was reused: read once more, on a new one.
        if (!again && upstream.reusedSocket && err.code === 'ECONNRESET') resolve(readUpstream(req, upPath, true));
        else reject(err);
      });
      upstream.end();
    });
  }

  async function serveShared(req: http.IncomingMessage, res: http.ServerResponse, upPath: string, shared: ApiCache): Promise<void> {
    let got: { answer: CachedAnswer; state: string };
    try {
      got = await shared.get(upPath, () => readUpstream(req, upPath));
    } catch {
      return badGateway(res);
    }
    const { answer, state } = got;
    const headers: http.OutgoingHttpHeaders = { ...answer.headers, 'x-cache': state, vary: 'Accept-Encoding' };
    const encoding = answer.body.length >= COMPRESS_MIN_BYTES ? pickEncoding(req.headers['accept-encoding']) : null;
    let body = answer.body;
    if (encoding) {
      answer.encoded ??= {};
      body = answer.encoded[encoding] ??= encoding === 'br'
        ? await brotli(answer.body, brotliOptions(answer.body.length))
        : await gzip(answer.body, GZIP_OPTIONS);
      headers['content-encoding'] = encoding;
    }
    headers['content-length'] = body.length;
    res.writeHead(answer.status, headers);
    res.end(body);
  }

  function badGateway(res: http.ServerResponse): void {
    if (res.headersSent) return void res.destroy();
    res.writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(BAD_GATEWAY_ANSWER));
  }

  /** Counts one more of its address in `counts` until `holder` closes; false past `share`. */
  function holdShare(counts: Map<string, number>, share: number, req: http.IncomingMessage, holder: { once(event: 'close', done: () => void): unknown }): boolean {
    const from = addressKey(req.socket.remoteAddress);
    const held = counts.get(from) ?? 0;
    if (held >= share) return false;
    counts.set(from, held + 1);
    holder.once('close', () => {
      const left = (counts.get(from) ?? 1) - 1;
      if (left > 0) counts.set(from, left);
      else counts.delete(from);
    });
    return true;
  }

  /** Counts a request under way from its address until its answer ends; false past the address's share. */
  const holdSlot = (kind: keyof typeof inFlight, req: http.IncomingMessage, res: http.ServerResponse): boolean =>
    holdShare(inFlight[kind], IN_FLIGHT_PER_ADDRESS[kind], req, res);

  function proxy(req: http.IncomingMessage, res: http.ServerResponse, again = false): void {
    const upPath = upstreamPath(req.url ?? '/');
    if (apiCache && !again && isSharedRead(req.method, upPath, req.headers)) return void serveShared(req, res, upPath, apiCache);
    const touched = apiCache ? touchedBy(req.method, upPath) : null;
    // A read sent again has no body left to send.
    const framing = again ? 'none' : bodyFraming(req);
    // A read sent again still holds the place it took.
    if (!again && !holdSlot(framing === 'none' ? 'read' : 'body', req, res)) {
      // An unread body is not waited for: the connection ends with the answer.
      res.writeHead(429, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
      return void res.end(JSON.stringify(TOO_MANY_IN_FLIGHT_ANSWER));
    }
    const headers = forwardHeaders(req, target);
    if (framing !== 'length') delete headers['content-length'];
    if (framing === 'chunked') headers['transfer-encoding'] = 'chunked';
    const upstream = http.request(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: base + upPath,
        headers,
        agent,
      },
      (up) => {
        // What the write changed is read afresh from now on: its author sees it at once.
        if (touched && (up.statusCode ?? 500) < 400) apiCache?.purge(touched);
        const headers: http.OutgoingHttpHeaders = {};
        for (const [k, v] of Object.entries(up.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
        res.writeHead(up.statusCode ?? 502, up.statusMessage, headers);
        up.pipe(res);
        up.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      // A kept-alive connection Directus closed as it was reused: a read is sent once more, on a new one.
      const read = req.method === 'GET' || req.method === 'HEAD';
      if (read && !again && upstream.reusedSocket && err.code === 'ECONNRESET' && !res.headersSent) return proxy(req, res, true);
      badGateway(res);
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    if (framing === 'none') upstream.end();
    else req.pipe(upstream);
  }

  /** Counts a socket of its address until it closes; false past SOCKETS_PER_ADDRESS. */
  const holdSocket = (req: http.IncomingMessage, socket: Duplex): boolean => holdShare(socketsOf, SOCKETS_PER_ADDRESS, req, socket);

  function proxyUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    if (!holdSocket(req, socket)) {
      const body = JSON.stringify(TOO_MANY_IN_FLIGHT_ANSWER);
      socket.end(`HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json; charset=utf-8\r\ncache-control: no-store\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      return;
    }
    const headers = forwardHeaders(req, target);
    headers.connection = 'Upgrade';
    headers.upgrade = req.headers.upgrade ?? 'websocket';
    const upstream = http.request({
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: base + upstreamPath(req.url ?? '/'),
      headers,
    });
    socket.on('error', () => upstream.destroy());
    socket.on('close', () => { if (!upgraded.has(socket)) upstream.destroy(); });
    upstream.on('error', () => socket.destroy());
    // Until it switches, the upgrade is an ordinary request: one Directus leaves unanswered is let go.
    upstream.setTimeout(UPGRADE_ANSWER_MS, () => { upstream.destroy(); socket.destroy(); });
    upstream.on('response', (up) => {
      // Directus refused the upgrade: pass its answer on and close.
      const lines = [`HTTP/1.1 ${up.statusCode} ${up.statusMessage ?? ''}`];
      for (let i = 0; i < up.rawHeaders.length; i += 2) {
        if (HOP_BY_HOP.has(String(up.rawHeaders[i]).toLowerCase())) continue;
        lines.push(`${up.rawHeaders[i]}: ${up.rawHeaders[i + 1]}`);
      }
      lines.push('connection: close');
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      up.pipe(socket);
    });
    upstream.on('upgrade', (up, upSocket, upHead) => {
      upstream.setTimeout(0);
      const lines = [`HTTP/1.1 ${up.statusCode} ${up.statusMessage ?? 'Switching Protocols'}`];
      for (let i = 0; i < up.rawHeaders.length; i += 2) lines.push(`${up.rawHeaders[i]}: ${up.rawHeaders[i + 1]}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (upHead.length) socket.write(upHead);
      if (head.length) upSocket.write(head);
      upgraded.add(socket);
      upgraded.add(upSocket);
      const done = () => {
        upgraded.delete(socket);
        upgraded.delete(upSocket);
        socket.destroy();
        upSocket.destroy();
      };
      socket.on('close', done);
      upSocket.on('close', done);
      upSocket.on('error', done);
      upSocket.pipe(socket);
      socket.pipe(upSocket);
    });
    upstream.end();
  }

  async function serveStatic(req: http.IncomingMessage, res: http.ServerResponse, url: RequestTarget): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed');
      return;
    }
    const distDir = currentRoot();
    if (!distDir) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '10' });
      res.end(req.method === 'HEAD' ? undefined : 'Сайт собирается, загляните через минуту');
      return;
    }
    // A path of broken encoding is a 400 that still shows the site's page of a missing address.
    const route = resolveRoute(url.pathname, (file) => fileStat(distDir, file) !== null);
    // A page's former address (a slug changed): sent on to the page, its query kept (redirects.ts).
    const movedTo = route.status === 404 ? formerAddress(distDir, url.pathname) : null;
    if (movedTo) {
      const query = url.searchParams.toString();
      res.writeHead(301, { ...PAGE_HEADERS, location: query ? `${movedTo}?${query}` : movedTo, 'cache-control': CACHE_HTML });
      res.end();
      return;
    }
    const full = path.join(distDir, route.file);
    const stat = fileStat(distDir, route.file);
    if (!stat) {
      // No 404 page in this build: a plain one.
      res.writeHead(404, { ...PAGE_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : 'Страница не найдена');
      return;
    }
    const type = contentType(route.file);
    const isHtml = type.startsWith('text/html');
    const headers: http.OutgoingHttpHeaders = {
      ...PAGE_HEADERS,
      'content-type': type,
      'cache-control': route.status === 200 && url.pathname.startsWith(ASSETS_PREFIX) ? CACHE_IMMUTABLE : isHtml || route.status !== 200 ? CACHE_HTML : CACHE_OTHER,
    };
    if (route.status === 200) {
      const etag = fileEtag(stat);
      headers.etag = etag;
      headers['last-modified'] = stat.mtime.toUTCString();
      const inm = req.headers['if-none-match'];
      const ims = req.headers['if-modified-since'];
      const fresh = inm
        ? inm.split(',').some((t) => t.trim() === etag || t.trim() === '*' || t.trim() === etag.slice(2))
        : ims
          ? Math.floor(stat.mtimeMs / 1000) <= Math.floor(Date.parse(ims) / 1000)
          : false;
      if (fresh) {
        delete headers['content-type'];
        res.writeHead(304, headers);
        res.end();
        return;
      }
    }
    const compressible = isCompressible(type);
    if (compressible) headers.vary = 'Accept-Encoding';
    const encoding = compressible && stat.size >= COMPRESS_MIN_BYTES ? pickEncoding(req.headers['accept-encoding']) : null;
    if (encoding) {
      const body = await cache.get(full, stat, encoding);
      headers['content-encoding'] = encoding;
      headers['content-length'] = body.length;
      res.writeHead(route.status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    headers['content-length'] = stat.size;
    res.writeHead(route.status, headers);
    if (req.method === 'HEAD') return void res.end();
    const stream = createReadStream(full);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }

  // Node hands the 'upgrade' listener only what `upgradesTo` takes (Node ≥ 22.21); the rest reach the handler below.
  const server = http.createServer({ shouldUpgradeCallback: upgradesTo }, async (req, res) => {
    const started = Date.now();
    if (o.log) res.on('finish', () => o.log?.(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`));
    try {
      const rawUrl = req.url ?? '/';
      // Parse only the query apart: the path stays raw so `..` is judged by resolveRoute, not collapsed here.
      const q = rawUrl.indexOf('?');
      const rawPath = q === -1 ? rawUrl : rawUrl.slice(0, q);
      if (isApiPath(rawPath)) return proxy(req, res);
      const url: RequestTarget = {
        pathname: rawPath.startsWith('/') ? rawPath : `/${rawPath}`,
        searchParams: new URLSearchParams(q === -1 ? '' : rawUrl.slice(q + 1)),
      };
      for (const handler of handlers) if (await handler(req, res, url)) return;
      await serveStatic(req, res, url);
    } catch (err) {
      o.log?.(`error: ${(err as Error).stack ?? err}`);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Internal Server Error');
      } else res.destroy();
    }
  });

  server.on('upgrade', (req, socket, head) => {
    // Only on a Node without shouldUpgradeCallback: nothing else is upgraded, and the request cannot be answered as a plain one here.
    if (!upgradesTo(req)) return void socket.destroy();
    proxyUpgrade(req, socket, head);
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of upgraded) s.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}

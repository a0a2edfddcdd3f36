/**
 * Oversized and broken request bodies, as an attacker sends them: every content type, with and without
 * a length, compressed, or broken off half way. Used against Directus (SQLite and PostgreSQL), the site
 * server and the gateway's stand-in; after each one the server must still answer.
 */
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { USER_UPLOAD_MAX_BYTES } from '../../shared/rules.ts';
import { VIEW_FLOW_ID } from '../../shared/visitor-rules.ts';

/** Past every limit of ours and Directus's (1 MB for JSON) but a user's upload. */
export const OVERSIZED_BYTES = 2 * 1024 * 1024;
/** Past a user's upload: its cap and the room for the envelope. */
export const OVERSIZED_UPLOAD_BYTES = USER_UPLOAD_MAX_BYTES + 1024 * 1024;

/** Content types Directus parses (JSON) and those it leaves to the route; null sends none. */
export const BODY_TYPES = [
  'application/json',
  'text/plain',
  'application/octet-stream',
  'multipart/form-data; boundary=----oversized',
  'application/x-www-form-urlencoded',
  null,
] as const;

export type BodyType = (typeof BODY_TYPES)[number];

export interface BodyShape {
  type: BodyType;
  /** No Content-Length: sent in chunks, so the size is learned only by reading. */
  chunked?: boolean;
  /** A small gzip body that inflates past every limit. */
  gzip?: boolean;
  /** The client breaks the connection after this many bytes. */
  breakOffAt?: number;
}

/** Every shape each endpoint gets: each type with its length, chunked, compressed, and broken off. */
export const BODY_SHAPES: BodyShape[] = [
  ...BODY_TYPES.map((type) => ({ type })),
  { type: 'text/plain', chunked: true },
  { type: 'multipart/form-data; boundary=----oversized', chunked: true },
  { type: 'application/json', gzip: true },
  { type: 'text/plain', gzip: true },
  { type: 'text/plain', breakOffAt: 256 * 1024 },
];

export const describeShape = (s: BodyShape) =>
  `${s.type ?? 'no type'}${s.chunked ? ', chunked' : ''}${s.gzip ? ', gzip' : ''}${s.breakOffAt ? ', broken off' : ''}`;

export interface Answer {
  status: number;
  text: string;
}

const filler = Buffer.alloc(OVERSIZED_UPLOAD_BYTES, 'a');
let bomb: Buffer | undefined;

/**
 * Sends one oversized body; answers what came back, or null when the client broke off as told.
 * A connection the server cuts before answering rejects (that is a fault of its own).
 */
export function sendOversized(base: string, o: { method: string; path: string; token?: string; headers?: Record<string, string>; size?: number } & BodyShape): Promise<Answer | null> {
  const url = new URL(`${base.replace(/\/+$/, '')}${o.path}`);
  const body = o.gzip ? (bomb ??= gzipSync(Buffer.alloc(OVERSIZED_UPLOAD_BYTES * 2, '{'))) : filler.subarray(0, o.size ?? OVERSIZED_BYTES);
  const headers: Record<string, string> = { ...o.headers };
  if (o.type) headers['content-type'] = o.type;
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.gzip) headers['content-encoding'] = 'gzip';
  if (!o.chunked) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    let answered = false;
    // A connection of its own, kept alive as a browser's is (with `Connection: close` a server may close it
    // under a body still being sent), closed once this request is done. An answer that comes before the whole
    // body was sent ends the sending, as browsers and curl do.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: o.method, headers, agent }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        agent.destroy();
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', (err) => {
      if (answered) return;
      agent.destroy();
      if (o.breakOffAt) resolve(null);
      else reject(err);
    });
    const end = o.breakOffAt ?? body.length;
    const step = 64 * 1024;
    let written = 0;
    const pump = () => {
      while (written < end && !answered) {
        const chunk = body.subarray(written, Math.min(end, written + step));
        written += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (answered) return;
      if (o.breakOffAt) {
        req.destroy();
        agent.destroy();
        resolve(null);
      } else req.end();
    };
    pump();
  });
}

/**
 * An answer came, and it is no server error: a refusal (4xx), or, from a route that reads no body of
 * that type, what it answers to none (the body is read off and dropped).
 */
export function expectAnswer(answer: Answer | null, what: string): void {
  if (answer === null) return;
  expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(200);
  expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
}

/** A clear refusal: a 4xx. */
export function expectRefusal(answer: Answer | null, what: string): void {
  expectAnswer(answer, what);
  if (answer) expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
}

/** Directus (directly or through the site's /api) still answers. */
export async function expectDirectusAnswers(base: string, what: string): Promise<void> {
  const res = await fetch(`${base.replace(/\/+$/, '')}/server/ping`).catch((err: unknown) => err as Error);
  expect(res instanceof Error ? `down: ${res.message}` : res.status, `after ${what}`).toBe(200);
}

export interface BodyEndpoint {
  name: string;
  method: string;
  path: string;
  /** Signed in as this token. */
  token?: string;
  /** How large a body it is sent (OVERSIZED_BYTES unless its limit is higher). */
  size?: number;
}

/** Every Directus route of ours that reads a body, and routes of Directus our rules wrap. */
export function endpointsReadingBodies(c: { userToken: string; titleId: number; chatId: number; fileId: string }): BodyEndpoint[] {
  const u = c.userToken;
  return [
    { name: 'the payment webhook', method: 'POST', path: '/payment/webhook' },
    { name: 'buying a plan', method: 'POST', path: '/payment/buy', token: u },
    { name: 'registration', method: 'POST', path: '/site/register' },
    { name: 'deleting one\'s account', method: 'POST', path: '/site/account/delete', token: u },
    { name: 'marking a chat read', method: 'POST', path: `/site/chats/${c.chatId}/read`, token: u },
    { name: 'rating a title', method: 'PUT', path: `/site/rating/${c.titleId}`, token: u },
    { name: 'keeping the place in a title', method: 'PUT', path: `/site/progress/${c.titleId}`, token: u },
    { name: 'making a watching-together room', method: 'POST', path: '/together/rooms', token: u },
    { name: 'marking an episode watched', method: 'PUT', path: '/site/watched/1', token: u },
    { name: 'importing a browser\'s watched episodes', method: 'POST', path: '/site/watched/import', token: u },
    { name: 'counting a search opening', method: 'POST', path: '/site/search/opened' },
    { name: 'signing in', method: 'POST', path: '/auth/login' },
    { name: 'refreshing a session', method: 'POST', path: '/auth/refresh' },
    { name: 'uploading a picture', method: 'POST', path: '/files', token: u, size: OVERSIZED_UPLOAD_BYTES },
    { name: 'replacing a picture', method: 'PATCH', path: `/files/${c.fileId}`, token: u, size: OVERSIZED_UPLOAD_BYTES },
    { name: 'importing a file', method: 'POST', path: '/files/import', token: u },
    { name: 'the view counter', method: 'POST', path: `/flows/trigger/${VIEW_FLOW_ID}` },
    { name: 'a review', method: 'POST', path: '/items/comments', token: u },
    { name: 'a support request', method: 'POST', path: '/items/supportRequests' },
    { name: 'the profile', method: 'PATCH', path: '/users/me', token: u },
    { name: 'a build failure report', method: 'POST', path: '/site-rebuild/report' },
  ];
}

/** Every shape to one endpoint, each followed by a check that Directus still answers; the answers by shape. */
export async function sendEveryShape(base: string, endpoint: BodyEndpoint, pingBase = base): Promise<Map<string, Answer | null>> {
  const answers = new Map<string, Answer | null>();
  for (const shape of BODY_SHAPES) {
    const what = `${endpoint.name} (${endpoint.method} ${endpoint.path}), ${describeShape(shape)}`;
    const answer = await sendOversized(base, { ...endpoint, ...shape }).catch((err: Error) => {
      throw new Error(`${what}: ${err.message}`, { cause: err });
    });
    // Directus reads JSON for every route (at most 1 MB): that body is refused everywhere.
    if (shape.type === 'application/json') expectRefusal(answer, what);
    else expectAnswer(answer, what);
    await expectDirectusAnswers(pingBase, what);
    answers.set(describeShape(shape), answer);
  }
  return answers;
}

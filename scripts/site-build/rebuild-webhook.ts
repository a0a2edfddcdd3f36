/**
 * The rebuild webhook: `POST /__rebuild` asks for a build (the backend's hook sends the changes, the
 * admin app's button sends `{manual: true, by}`), `GET /__rebuild` answers the build state. Both need
 * `Authorization: Bearer <SITE_REBUILD_SECRET>`; anything else is refused (401 / 405 / 400 / 413).
 */
import type http from 'node:http';
import { NAMES_SHOWN } from '../../shared/build-changes.ts';
import { BodyRefused, readRawBody } from '../../shared/request-body.ts';
import { secretMatches } from '../../shared/secret-match.ts';
import type { SiteHandler } from '../lib/static-server.ts';
import type { RebuildChange, Rebuilder } from './rebuilder.ts';

export const REBUILD_PATH = '/__rebuild';
const MAX_BODY = 256 * 1024;
const MAX_CHANGES = 1000;
/** A change's keys kept: the rest are counted (`more`), for the admin app's words about the build. */
const KEYS_KEPT = 50;

function bearer(req: http.IncomingMessage): string | undefined {
  const h = req.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
}

function reply(res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

const refusal = (message: string) => ({ errors: [{ message }] });

export interface RebuildRequest {
  changes: RebuildChange[];
  manual: boolean;
  by?: string;
  byName?: string;
}

const isKey = (k: unknown) => typeof k === 'string' || (typeof k === 'number' && Number.isFinite(k));
const isIds = (ids: unknown) => ids === undefined || (Array.isArray(ids) && ids.every((id) => Number.isInteger(id)));
/** Ids a change may name; a longer list is dropped, and the build reads the whole catalogue. */
const MAX_IDS = 1000;
const fits = (list: number[] | undefined) => !list || list.length <= MAX_IDS;
/** A row's name as the admin app shows it: a line, cut short. */
const NAME_MAX = 200;
const isName = (v: unknown) => v === undefined || typeof v === 'string';
const isNames = (v: unknown) => v === undefined || (!!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((n) => typeof n === 'string'));
const line = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, NAME_MAX);

/** The request body, or null when it is not one the hook or the button sends. */
export function parseRebuildRequest(text: string): RebuildRequest | null {
  let body: unknown;
  try {
    body = text.trim() ? JSON.parse(text) : {};
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const { changes = [], manual = false, by, byName } = body as Record<string, unknown>;
  if (!Array.isArray(changes) || changes.length > MAX_CHANGES || typeof manual !== 'boolean') return null;
  if (!isName(by) || !isName(byName)) return null;
  const valid = changes.every(
    (c) =>
      c && typeof c === 'object' && typeof c.event === 'string' && typeof c.collection === 'string' &&
      Array.isArray(c.keys) && c.keys.every(isKey) && isIds(c.titles) && isIds(c.actors) && isNames(c.names) && isName(c.of),
  );
  if (!valid) return null;
  const clean = (changes as RebuildChange[]).map((c) => {
    const change: RebuildChange = {
      event: c.event.slice(0, 40),
      collection: c.collection.slice(0, 64),
      keys: c.keys.slice(0, KEYS_KEPT).map((k) => (typeof k === 'string' ? k.slice(0, 64) : k)),
    };
    if (c.keys.length > KEYS_KEPT) change.more = c.keys.length - KEYS_KEPT;
    const names = Object.entries((c.names ?? {}) as Record<string, string>).slice(0, NAMES_SHOWN);
    if (names.length) change.names = Object.fromEntries(names.map(([k, n]) => [k.slice(0, 64), line(n)]));
    if (c.of) change.of = line(c.of);
    // Both lists whole, or neither kept: a list cut short must not pass for the whole change.
    if ((c.titles || c.actors) && fits(c.titles) && fits(c.actors)) {
      if (c.titles) change.titles = c.titles;
      if (c.actors) change.actors = c.actors;
    }
    return change;
  });
  return {
    changes: clean, manual,
    ...(typeof by === 'string' && by ? { by: by.slice(0, 64) } : {}),
    ...(typeof byName === 'string' && line(byName) ? { byName: line(byName) } : {}),
  };
}

export function rebuildWebhook(rebuilder: Rebuilder, secret: string): SiteHandler {
  return async (req, res, target) => {
    if (target.pathname !== REBUILD_PATH) return false;
    if (req.method !== 'GET' && req.method !== 'POST') {
      reply(res, 405, refusal('Method Not Allowed'), { allow: 'GET, POST' });
      return true;
    }
    if (!secretMatches(bearer(req), secret)) {
      req.resume();
      reply(res, 401, refusal('Unauthorized'), { 'www-authenticate': 'Bearer' });
      return true;
    }
    if (req.method === 'GET') {
      reply(res, 200, { data: rebuilder.snapshot() });
      return true;
    }
    let text: string;
    try {
      text = (await readRawBody(req, res, MAX_BODY)).toString('utf8');
    } catch (err) {
      if (!(err instanceof BodyRefused)) throw err;
      reply(res, err.status, refusal(err.tooLarge ? 'Payload Too Large' : 'Bad Request'));
      return true;
    }
    const body = parseRebuildRequest(text);
    if (!body) {
      reply(res, 400, refusal('Bad Request'));
      return true;
    }
    rebuilder.request(body.manual ? 'manual' : 'change', body.changes, body.by, body.byName);
    reply(res, 202, { data: rebuilder.snapshot() });
    return true;
  };
}

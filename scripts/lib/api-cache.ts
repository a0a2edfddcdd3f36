/**
 * A short-lived cache of what anyone may read through /api. A GET that carries no credential (no
 * Authorization header, no cookie, no access_token in the query) to a public read route gets the
 * same answer for every visitor, so one read of Directus serves them all for API_CACHE_TTL_MS and
 * concurrent misses wait for the one read under way; for a while after that an answer is still served
 * as it was while one read fetches its successor, so no visitor waits on Directus for a popular
 * read (as nginx's `proxy_cache_use_stale updating`). A signed-in person's reads carry their token
 * and never come from here, so nobody's own data reaches another. A write through this server
 * purges, as it is answered, every cached read that names the collection it changed; on another
 * instance (or a write made elsewhere) a visitor sees it within API_CACHE_TTL_MS + API_CACHE_STALE_MS
 * (6 s).
 */
import type http from 'node:http';
import { API_CACHE_STALE_MS, API_CACHE_TTL_MS } from '../../shared/shared-read-age.ts';

/**
 * How long an anonymous read is served from memory (API_CACHE_TTL_MS), and how long just after that
 * an answer may still be served while one read fetches its successor (API_CACHE_STALE_MS): a read
 * asked all the time never makes its visitors wait, and one asked rarely is read afresh.
 */
export { API_CACHE_STALE_MS, API_CACHE_TTL_MS };
/** While the backend fails (down, restarting, 5xx), a public read kept this long past its expiry is served instead. */
export const API_CACHE_IF_BROKEN_MS = 10 * 60_000;
/** Larger answers are passed through uncached. */
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
/**
 * All entries together, each counted with its address and headers: the address is a visitor's to choose
 * (up to Node's 16 KB of headers), so 100,000 reads of 8 KB addresses answered `{"data":[]}` held 900 MiB
 * when only bodies were counted, and were never let go. The oldest go first.
 */
export const MAX_TOTAL_BYTES = 64 * 1024 * 1024;
/** What the map and the answer's objects take besides the counted strings and bytes, roughly. */
const ENTRY_OVERHEAD_BYTES = 256;

/** The bytes an entry holds (its compressed copies, made on need, are a fraction of its body and not counted). */
export function entryBytes(key: string, answer: CachedAnswer): number {
  let headers = 0;
  for (const [name, value] of Object.entries(answer.headers)) headers += name.length + String(value).length;
  return key.length + headers + answer.body.length + ENTRY_OVERHEAD_BYTES;
}

/** Routes of public reads (upstream paths, without /api). The availability check is paced per address, never shared. */
export const CACHED_ROUTES = /^\/(?:items\/[^/?]+|users(?:\/[^/?]+)?|site\/(?:rating\/\d+|ratings|comment-counts|online|search(?:\/popular)?))(?:\?|$)/;

export interface CachedAnswer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
  /** The body compressed, per encoding, made on first need. */
  encoded?: Partial<Record<'br' | 'gzip', Buffer>>;
}

/** True for a read every visitor shares: a GET with no credential of any kind to a public read route. */
export function isSharedRead(method: string | undefined, upstreamPath: string, headers: http.IncomingHttpHeaders): boolean {
  if (method !== 'GET') return false;
  if (headers.authorization || headers.cookie) return false;
  if (/[?&]access_token=/.test(upstreamPath)) return false;
  return CACHED_ROUTES.test(upstreamPath) && !upstreamPath.startsWith('/users/me');
}

/**
 * What a write changes among cached reads: `/items/comments` (POST, PATCH, DELETE) changes every
 * read naming comments (a title's reviews, review counts); a rating changes the rating answers; a
 * profile change, the reads of people. Null: nothing shared (sign-in, a person's own progress).
 */
export function touchedBy(method: string | undefined, upstreamPath: string): string | null {
  if (!method || method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return null;
  const path = upstreamPath.split('?')[0] ?? '';
  const item = /^\/items\/([^/]+)/.exec(path);
  if (item) return item[1] ?? null;
  if (path.startsWith('/site/rating')) return 'rating';
  if (path.startsWith('/users') || path === '/site/account/delete') return 'users';
  return null;
}

export class ApiCache {
  private entries = new Map<string, { answer: CachedAnswer; expires: number; bytes: number }>();
  private inFlight = new Map<string, Promise<CachedAnswer | null>>();
  private bytes = 0;
  /** Counts purges: a read that began before one is answered but not kept (it may be stale). */
  private generation = 0;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(ttlMs = API_CACHE_TTL_MS, now: () => number = Date.now) {
    this.ttlMs = ttlMs;
    this.now = now;
  }

  /**
   * The answer for `key`: from memory while fresh (HIT); once expired, still from memory while one
   * read fetches its successor (STALE); else from `read`, once however many ask at the same time
   * (MISS). A 200 is kept; any other answer is passed on and forgotten, except that a failing backend
   * (no answer, or a 5xx) gets the last good answer served (STALE) for a while rather than the failure.
   */
  async get(key: string, read: () => Promise<CachedAnswer>): Promise<{ answer: CachedAnswer; state: 'HIT' | 'STALE' | 'MISS' }> {
    const kept = this.entries.get(key);
    const now = this.now();
    if (kept && kept.expires > now) return { answer: kept.answer, state: 'HIT' };
    if (kept && kept.expires + API_CACHE_STALE_MS > now) {
      if (!this.inFlight.has(key)) void this.fetch(key, read).catch(() => {});
      return { answer: kept.answer, state: 'STALE' };
    }
    const waiting = this.inFlight.get(key);
    if (waiting) {
      const shared = await waiting;
      if (shared) return { answer: shared, state: 'HIT' };
    }
    const fallback = kept && kept.expires + API_CACHE_IF_BROKEN_MS > now ? kept.answer : null;
    try {
      const answer = await this.fetch(key, read);
      if (answer.status < 500 || !fallback) return { answer, state: 'MISS' };
    } catch (err) {
      if (!fallback) throw err;
    }
    return { answer: fallback, state: 'STALE' };
  }

  /** One read of `key`, registered while under way, kept when it may be. */
  private fetch(key: string, read: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    const began = this.generation;
    const reading = read();
    const keeping = reading.then((answer) => (began === this.generation && this.keep(key, answer) ? answer : null), () => null);
    this.inFlight.set(key, keeping);
    void keeping.finally(() => {
      if (this.inFlight.get(key) === keeping) this.inFlight.delete(key);
    });
    return reading;
  }

  /** Forgets every read whose address names `word` (a collection, 'rating', 'users'). */
  purge(word: string): void {
    this.generation++;
    this.inFlight.clear();
    for (const [key, entry] of this.entries) {
      if (key.includes(word)) this.drop(key, entry.bytes);
    }
  }

  private keep(key: string, answer: CachedAnswer): boolean {
    if (answer.status !== 200 || answer.body.length > MAX_ENTRY_BYTES || answer.headers['set-cookie']) return false;
    const old = this.entries.get(key);
    if (old) this.drop(key, old.bytes);
    const bytes = entryBytes(key, answer);
    while (this.bytes + bytes > MAX_TOTAL_BYTES && this.entries.size) {
      const [oldest, entry] = this.entries.entries().next().value as [string, { bytes: number }];
      this.drop(oldest, entry.bytes);
    }
    this.entries.set(key, { answer, expires: this.now() + this.ttlMs, bytes });
    this.bytes += bytes;
    return true;
  }

  /** What the entries hold together, as counted against MAX_TOTAL_BYTES. */
  get heldBytes(): number {
    return this.bytes;
  }

  private drop(key: string, bytes: number): void {
    this.entries.delete(key);
    this.bytes -= bytes;
  }
}

import { describe, expect, it, vi } from 'vitest';
import { API_CACHE_IF_BROKEN_MS, API_CACHE_STALE_MS, ApiCache, MAX_TOTAL_BYTES, entryBytes, isSharedRead, touchedBy, type CachedAnswer } from '../../scripts/lib/api-cache.ts';

const ok = (text: string, status = 200): CachedAnswer => ({ status, headers: { 'content-type': 'application/json' }, body: Buffer.from(text) });

describe('which reads every visitor shares', () => {
  it('takes credential-free GETs of public read routes', () => {
    for (const path of ['/items/comments?filter[title][_eq]=3', '/items/titles', '/users?filter[login][_eq]=mina', '/site/rating/12', '/site/ratings', '/site/comment-counts', '/site/online', '/site/search?q=%D0%B4%D0%BE%D1%80', '/site/search/popular']) {
      expect(isSharedRead('GET', path, {}), path).toBe(true);
    }
  });

  it('never takes a read that carries a credential, is personal, or is paced per address', () => {
    expect(isSharedRead('GET', '/items/comments', { authorization: 'Bearer x' })).toBe(false);
    expect(isSharedRead('GET', '/items/comments', { cookie: 'directus_session_token=x' })).toBe(false);
    expect(isSharedRead('GET', '/items/comments?access_token=x', {})).toBe(false);
    expect(isSharedRead('GET', '/users/me', {})).toBe(false);
    expect(isSharedRead('GET', '/site/availability?email=a@b.c', {})).toBe(false);
    expect(isSharedRead('GET', '/site/chats', {})).toBe(false);
    expect(isSharedRead('GET', '/site/search/opened', {})).toBe(false);
    expect(isSharedRead('GET', '/assets/abc', {})).toBe(false);
    expect(isSharedRead('GET', '/server/health', {})).toBe(false);
    expect(isSharedRead('POST', '/items/comments', {})).toBe(false);
  });
});

describe('what a write changes', () => {
  it('names the collection, the ratings or the people; reads and private writes change nothing shared', () => {
    expect(touchedBy('POST', '/items/comments')).toBe('comments');
    expect(touchedBy('PATCH', '/items/reactions/4?fields=id')).toBe('reactions');
    expect(touchedBy('PUT', '/site/rating/12')).toBe('rating');
    expect(touchedBy('PATCH', '/users/me')).toBe('users');
    expect(touchedBy('POST', '/auth/login')).toBeNull();
    expect(touchedBy('PUT', '/site/progress/3')).toBeNull();
    expect(touchedBy('GET', '/items/comments')).toBeNull();
  });
});

describe('the cache', () => {
  it('serves a fresh answer from memory; an expired one while one read fetches its successor; then reads again', async () => {
    let now = 0;
    let reads = 0;
    const cache = new ApiCache(5_000, () => now);
    const read = async () => ok(`answer ${++reads}`);
    const body = async () => {
      const got = await cache.get('/items/x', read);
      return `${got.state} ${got.answer.body.toString()}`;
    };
    expect(await body()).toBe('MISS answer 1');
    now = 4_999;
    expect(await body()).toBe('HIT answer 1');
    now = 5_000;
    expect(await body()).toBe('STALE answer 1');
    await vi.waitFor(() => expect(reads).toBe(2));
    expect(await body()).toBe('HIT answer 2');
    now = 5_000 + 5_000 + API_CACHE_STALE_MS;
    expect(await body()).toBe('MISS answer 3');
  });

  it('reads once for many who ask at the same moment', async () => {
    let reads = 0;
    const cache = new ApiCache();
    const read = () => new Promise<CachedAnswer>((resolve) => setImmediate(() => resolve(ok(`answer ${++reads}`))));
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('/items/x', read)));
    expect(reads).toBe(1);
    expect(answers.filter((a) => a.state === 'HIT')).toHaveLength(19);
  });

  it('keeps only a 200', async () => {
    let reads = 0;
    const cache = new ApiCache();
    const read = async () => ok('refused', ++reads === 1 ? 403 : 200);
    expect((await cache.get('/items/x', read)).answer.status).toBe(403);
    expect((await cache.get('/items/x', read)).state).toBe('MISS');
    expect((await cache.get('/items/x', read)).state).toBe('HIT');
  });

  it('serves the last good answer while the backend fails, for a while, and never an answer a write purged', async () => {
    let now = 0;
    const cache = new ApiCache(5_000, () => now);
    await cache.get('/items/titles', async () => ok('titles'));
    await cache.get('/items/comments', async () => ok('reviews'));
    now = 60_000;
    const down = async (): Promise<CachedAnswer> => { throw new Error('ECONNREFUSED'); };
    const got = await cache.get('/items/titles', down);
    expect([got.state, got.answer.body.toString()]).toEqual(['STALE', 'titles']);
    expect((await cache.get('/items/titles', async () => ok('failed', 503))).answer.body.toString()).toBe('titles');
    expect((await cache.get('/items/titles', async () => ok('none', 404))).answer.status).toBe(404);
    cache.purge('comments');
    await expect(cache.get('/items/comments', down)).rejects.toThrow('ECONNREFUSED');
    now = 5_000 + API_CACHE_IF_BROKEN_MS;
    await expect(cache.get('/items/titles', down)).rejects.toThrow('ECONNREFUSED');
  });

  it('forgets what a write names at once, and does not keep a read that began before the write', async () => {
    const cache = new ApiCache();
    await cache.get('/items/comments?filter=1', async () => ok('old reviews'));
    await cache.get('/items/titles', async () => ok('titles'));
    cache.purge('comments');
    expect((await cache.get('/items/titles', async () => ok('new titles'))).state).toBe('HIT');
    expect((await cache.get('/items/comments?filter=1', async () => ok('new reviews'))).answer.body.toString()).toBe('new reviews');

    let finish: (a: CachedAnswer) => void = () => {};
    const slow = cache.get('/items/comments?filter=2', () => new Promise<CachedAnswer>((resolve) => { finish = resolve; }));
    cache.purge('comments');
    finish(ok('read before the write'));
    expect((await slow).answer.body.toString()).toBe('read before the write');
    expect((await cache.get('/items/comments?filter=2', async () => ok('after'))).answer.body.toString()).toBe('after');
  });

  it('counts each entry with its address, so long addresses with small answers are let go as they pile up', async () => {
    const cache = new ApiCache();
    const address = (i: number) => `/items/titles?fields=id&n=${i}&pad=${'a'.repeat(8_000)}`;
    const empty = ok('{"data":[]}');
    const fit = Math.floor(MAX_TOTAL_BYTES / entryBytes(address(0), empty));
    for (let i = 0; i < fit * 1.5; i++) await cache.get(address(i), async () => empty);
    expect(cache.heldBytes).toBeLessThanOrEqual(MAX_TOTAL_BYTES);
    expect(cache.heldBytes).toBeGreaterThan(MAX_TOTAL_BYTES - 2 * entryBytes(address(0), empty));
    expect((await cache.get(address(0), async () => empty)).state).toBe('MISS');
    expect((await cache.get(address(Math.ceil(fit * 1.5) - 1), async () => empty)).state).toBe('HIT');
  });
});

import { describe, expect, it } from 'vitest';
import { ApiCache, isSharedRead, touchedBy, type CachedAnswer } from '../../scripts/lib/api-cache.ts';

const ok = (text: string, status = 200): CachedAnswer => ({ status, headers: { 'content-type': 'application/json' }, body: Buffer.from(text) });

describe('which reads every visitor shares', () => {
  it('takes credential-free GETs of public read routes', () => {
    for (const path of ['/items/comments?filter[title][_eq]=3', '/items/titles', '/users?filter[login][_eq]=mina', '/site/rating/12', '/site/ratings', '/site/online']) {
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
  it('serves a fresh answer from memory, and reads again once it is older than its time', async () => {
    let now = 0;
    let reads = 0;
    const cache = new ApiCache(5_000, () => now);
    const read = async () => ok(`answer ${++reads}`);
    expect((await cache.get('/items/x', read)).hit).toBe(false);
    now = 4_999;
    expect(await cache.get('/items/x', read)).toMatchObject({ hit: true, answer: { body: Buffer.from('answer 1') } });
    now = 5_000;
    expect(await cache.get('/items/x', read)).toMatchObject({ hit: false, answer: { body: Buffer.from('answer 2') } });
  });

  it('reads once for many who ask at the same moment', async () => {
    let reads = 0;
    const cache = new ApiCache();
    const read = () => new Promise<CachedAnswer>((resolve) => setImmediate(() => resolve(ok(`answer ${++reads}`))));
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('/items/x', read)));
    expect(reads).toBe(1);
    expect(answers.filter((a) => a.hit)).toHaveLength(19);
  });

  it('keeps only a 200', async () => {
    let reads = 0;
    const cache = new ApiCache();
    const read = async () => ok('refused', ++reads === 1 ? 403 : 200);
    expect((await cache.get('/items/x', read)).answer.status).toBe(403);
    expect((await cache.get('/items/x', read)).hit).toBe(false);
    expect((await cache.get('/items/x', read)).hit).toBe(true);
  });

  it('forgets what a write names at once, and does not keep a read that began before the write', async () => {
    const cache = new ApiCache();
    await cache.get('/items/comments?filter=1', async () => ok('old reviews'));
    await cache.get('/items/titles', async () => ok('titles'));
    cache.purge('comments');
    expect((await cache.get('/items/titles', async () => ok('new titles'))).hit).toBe(true);
    expect((await cache.get('/items/comments?filter=1', async () => ok('new reviews'))).answer.body.toString()).toBe('new reviews');

    let finish: (a: CachedAnswer) => void = () => {};
    const slow = cache.get('/items/comments?filter=2', () => new Promise<CachedAnswer>((resolve) => { finish = resolve; }));
    cache.purge('comments');
    finish(ok('read before the write'));
    expect((await slow).answer.body.toString()).toBe('read before the write');
    expect((await cache.get('/items/comments?filter=2', async () => ok('after'))).answer.body.toString()).toBe('after');
  });
});

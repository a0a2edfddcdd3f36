/**
 * A session refreshed twice at once on two instances of PostgreSQL + Redis: the next page's refresh sent
 * while the left page's is still on its way, each reaching another instance. Both are answered in turn,
 * and the session goes on. A sign-out on one instance ends the session's socket on the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../../support/direct-http.ts';
import { closeAllRealtime, Realtime } from '../../support/realtime.ts';
import { newPersonOn, startTwoInstances, type TwoInstances } from '../../support/two-instances.ts';

let world: TwoInstances | undefined;
/** The two calls meet at the database only now and then: each round is another chance for them to. */
const ROUNDS = 20;

beforeAll(async () => {
  world = await startTwoInstances('sessions');
}, 360_000);

afterAll(async () => {
  await world?.stop();
}, 60_000);

interface Tokens { access_token: string; refresh_token: string }
const signIn = (base: string, email: string, password: string) => http<Tokens>(base, 'POST', '/auth/login', { body: { email, password, mode: 'json' } });
const refresh = (base: string, token: string) => http<Tokens>(base, 'POST', '/auth/refresh', { body: { refresh_token: token, mode: 'json' } });
const me = (base: string, token: string) => http(base, 'GET', '/users/me?fields=id', { token });

describe('a refresh made again on the other instance while the first is on its way', () => {
  it('is answered on both, one after the other, and the session goes on, time after time', async () => {
    const { a, b } = world!;
    const person = await newPersonOn(a);
    const bases = [a.url, b.url];
    // Both instances answered once before, so the two calls of each round meet at the database.
    for (const base of bases) expect((await signIn(base, person.email, person.password)).status).toBe(200);

    for (let round = 0; round < ROUNDS; round++) {
      const session = await signIn(a.url, person.email, person.password);
      const both = await Promise.all(bases.map((base) => refresh(base, session.data.refresh_token)));
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      // The later answer holds the live session; the earlier one's token leads to it while its grace lasts.
      const live = await Promise.all(both.map((r, i) => me(bases[i], r.data.access_token)));
      expect(live.map((r) => r.status).sort()).toEqual([200, 401]);
      const earlier = both[live.findIndex((r) => r.status === 401)];
      const next = await refresh(b.url, earlier.data.refresh_token);
      expect(next.status).toBe(200);
      expect((await me(a.url, next.data.access_token)).status).toBe(200);
    }
  });
});

describe('a sign-out on one instance', () => {
  it('ends the socket the session opened on the other', async () => {
    const { a, b } = world!;
    const person = await newPersonOn(a);
    const session = await signIn(a.url, person.email, person.password);
    const rt = await Realtime.open(b.url, session.data.access_token, 'a socket on B');
    expect((await http(a.url, 'POST', '/auth/logout', { body: { refresh_token: session.data.refresh_token, mode: 'json' } })).status).toBe(204);
    const ended = await rt.waitFor((f) => f.type === 'auth' && f.status === 'error', 'the end of its sign-in');
    expect(ended.error.code).toBe('TOKEN_EXPIRED');
    await closeAllRealtime();
  });
});

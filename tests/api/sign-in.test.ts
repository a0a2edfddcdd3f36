/**
 * Signing in and out: sign-in attempts limited per address and per email with a 429 and a Russian
 * message, nobody locked out by a stranger, access ending at once on sign-out, on refresh of the
 * old token, and on a password change elsewhere (open sockets too), and a refresh whose answer was lost made again; a
 * password taken by REST's sign-in alone (not GraphQL's, not the realtime socket's).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { LOGIN_LIMITS } from '../../directus/extensions/site-auth/src/login-limits.ts';
import { DEVICE_COOKIE } from '../../directus/extensions/site-auth/src/trusted-device.ts';
import { SIGN_IN_ON_REST } from '../../directus/extensions/site-rules/src/graphql-reads.ts';
import { baseUrl, call, newUser } from '../support/api.ts';
import { adminRead, asAdmin, expectRefused } from '../support/fixtures.ts';
import { linkIn, mailsTo, mailTo } from '../support/mail.ts';
import { closeAllRealtime, Realtime } from '../support/realtime.ts';

interface Attempt { status: number; message?: string; retryAfter: string | null; access?: string; refresh?: string; device?: string }

/** A sign-in from a given address (the proxy's X-Forwarded-For, which Directus trusts from loopback) and browser. */
async function signIn(email: string, password: string, o: { ip: string; device?: string }): Promise<Attempt> {
  const res = await fetch(`${baseUrl()}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': o.ip, ...(o.device ? { cookie: `${DEVICE_COOKIE}=${o.device}` } : {}) },
    body: JSON.stringify({ email, password, mode: 'json' }),
  });
  const json = await res.json();
  const device = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))?.split(';')[0].split('=')[1];
  return {
    status: res.status, message: json.errors?.[0]?.message, retryAfter: res.headers.get('retry-after'),
    access: json.data?.access_token, refresh: json.data?.refresh_token, device,
  };
}

/** Every attempt of this file comes from an address of its own unless a test reuses one (a fresh backend per run). */
let addresses = 0;
const address = () => `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`;
const freshAddresses = (n: number) => Array.from({ length: n }, address);
const me = (token: string) => call('GET', '/users/me?fields=id', { token });

describe('attempts at one email', () => {
  it('are limited from any number of addresses, with a 429 and the Russian message, and the account is never suspended', async () => {
    const victim = await newUser();
    // At once, as a botnet would: every guess is counted all the same.
    const guesses = await Promise.all(freshAddresses(LOGIN_LIMITS.email.points).map((ip) => signIn(victim.email, 'wrong-guess', { ip })));
    expect(guesses.map((g) => g.status)).toEqual(guesses.map(() => 401));
    const limited = await signIn(victim.email, 'another-guess', { ip: address() });
    expect(limited.status).toBe(429);
    expect(limited.message).toMatch(/^Слишком много попыток входа\. Попробуйте через \d+ мин\. или восстановите пароль$/);
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    expect((await adminRead('directus_users', victim.id, 'status')).status).toBe('active');
  });

  it('are lifted by a password reset, as the refusal advises', async () => {
    const owner = await newUser();
    await Promise.all(freshAddresses(LOGIN_LIMITS.email.points).map((ip) => signIn(owner.email, 'guess', { ip })));
    expect((await signIn(owner.email, owner.password, { ip: address() })).status).toBe(429);
    const resetPage = 'http://127.0.0.1:4321/reset-password';
    expect((await call('POST', '/auth/password/request', { body: { email: owner.email, reset_url: resetPage } })).status).toBe(204);
    const token = new URL(linkIn(await mailTo(inject('mailOutbox'), owner.email), resetPage)).searchParams.get('token');
    expect((await call('POST', '/auth/password/reset', { body: { token, password: 'a-new-password-1' } })).status).toBe(204);
    expect((await signIn(owner.email, 'a-new-password-1', { ip: address() })).status).toBe(200);
  });

  it('never lock the owner out of a browser they signed in with before', async () => {
    const owner = await newUser();
    const home = await signIn(owner.email, owner.password, { ip: address() });
    expect(home.status).toBe(200);
    expect(home.device).toBeTruthy();
    // A stranger exhausts the email's allowance from many addresses...
    await Promise.all(freshAddresses(LOGIN_LIMITS.email.points + 2).map((ip) => signIn(owner.email, 'guess', { ip })));
    expect((await signIn(owner.email, owner.password, { ip: address() })).status).toBe(429);
    // ...and the owner, at home, still signs in.
    const again = await signIn(owner.email, owner.password, { ip: address(), device: home.device });
    expect(again.status).toBe(200);
    expect((await me(again.access!)).status).toBe(200);
  });

  it('do not trust a device cookie made for another email', async () => {
    const [first, second] = await Promise.all([newUser(), newUser()]);
    const device = (await signIn(first.email, first.password, { ip: address() })).device;
    await Promise.all(freshAddresses(LOGIN_LIMITS.email.points).map((ip) => signIn(second.email, 'guess', { ip, device })));
    expect((await signIn(second.email, second.password, { ip: address(), device })).status).toBe(429);
  });
});

describe('attempts from one address', () => {
  it('are limited whatever the emails', async () => {
    const ip = address();
    const guesses = await Promise.all(Array.from({ length: LOGIN_LIMITS.address.points }, () => signIn(`nobody-${randomUUID()}@example.com`, 'guess', { ip })));
    expect(guesses.map((g) => g.status)).toEqual(guesses.map(() => 401));
    expect((await signIn(`nobody-${randomUUID()}@example.com`, 'guess', { ip })).status).toBe(429);
  });

  it('give successful sign-ins their point back', async () => {
    const user = await newUser();
    const ip = address();
    for (let i = 0; i < LOGIN_LIMITS.address.points + 3; i++) expect((await signIn(user.email, user.password, { ip })).status).toBe(200);
  });
});

describe('access ends at once', () => {
  it('on sign-out', async () => {
    const user = await newUser();
    const session = await signIn(user.email, user.password, { ip: address() });
    expect((await me(session.access!)).status).toBe(200);
    expect((await call('POST', '/auth/logout', { body: { refresh_token: session.refresh, mode: 'json' } })).status).toBe(204);
    expect((await me(session.access!)).status).toBe(401);
  });

  it('for the old access token when the session is refreshed', async () => {
    const user = await newUser();
    const session = await signIn(user.email, user.password, { ip: address() });
    const refreshed = await call('POST', '/auth/refresh', { body: { refresh_token: session.refresh, mode: 'json' } });
    expect(refreshed.status).toBe(200);
    expect((await me(session.access!)).status).toBe(401);
    expect((await me(refreshed.data.access_token)).status).toBe(200);
  });

  it('for other sessions when the password changes, not for the one that changed it', async () => {
    const user = await newUser();
    const [laptop, phone] = [await signIn(user.email, user.password, { ip: address() }), await signIn(user.email, user.password, { ip: address() })];
    const changed = await call('PATCH', '/users/me', { token: laptop.access, body: { password: 'a-brand-new-password', current_password: user.password } });
    expect(changed.status).toBe(200);
    expect((await me(phone.access!)).status).toBe(401);
    expect((await me(laptop.access!)).status).toBe(200);
  });
});

describe('an open socket signed in with a session', () => {
  /** Whether a post written over the socket is taken: a member may post, a visitor may not. */
  async function posts(rt: Realtime, text: string): Promise<boolean> {
    // Directus's refusal names no uid: the answer is the first items frame after the ask.
    const from = rt.frames.length;
    rt.send({ type: 'items', collection: 'posts', action: 'create', data: { text }, uid: randomUUID() });
    const answer = await rt.waitFor((f) => f.type === 'items' && rt.frames.indexOf(f) >= from, `the answer to the post «${text}»`);
    return answer.status !== 'error' && answer.data?.text === text;
  }
  const toldExpired = (rt: Realtime) => rt.waitFor((f) => f.type === 'auth' && f.error?.code === 'TOKEN_EXPIRED', 'the token expired frame');
  /** A new person signed in on two devices, each with its socket open. */
  async function onTwoDevices() {
    const user = await newUser();
    const [laptop, phone] = [await signIn(user.email, user.password, { ip: address() }), await signIn(user.email, user.password, { ip: address() })];
    const [onLaptop, onPhone] = [await Realtime.open(baseUrl(), laptop.access!, 'laptop'), await Realtime.open(baseUrl(), phone.access!, 'phone')];
    return { user, laptop, onLaptop, onPhone };
  }

  it('ends with a sign-out, and another session of the person goes on', async () => {
    const { laptop, onLaptop, onPhone } = await onTwoDevices();
    expect(await posts(onLaptop, 'до выхода')).toBe(true);
    expect((await call('POST', '/auth/logout', { body: { refresh_token: laptop.refresh, mode: 'json' } })).status).toBe(204);
    await toldExpired(onLaptop);
    expect(await posts(onLaptop, 'после выхода')).toBe(false);
    expect(await posts(onPhone, 'с другого устройства')).toBe(true);
    await closeAllRealtime();
  });

  it('ends with a sign-out after a refresh it did not follow', async () => {
    const user = await newUser();
    const session = await signIn(user.email, user.password, { ip: address() });
    const rt = await Realtime.open(baseUrl(), session.access!, 'on the first key');
    const refreshed = await call('POST', '/auth/refresh', { body: { refresh_token: session.refresh, mode: 'json' } });
    expect(refreshed.status).toBe(200);
    expect((await call('POST', '/auth/logout', { body: { refresh_token: refreshed.data.refresh_token, mode: 'json' } })).status).toBe(204);
    await toldExpired(rt);
    expect(await posts(rt, 'после выхода')).toBe(false);
    await closeAllRealtime();
  });

  it('ends when the password changes elsewhere, and the session that changed it goes on', async () => {
    const { user, laptop, onLaptop, onPhone } = await onTwoDevices();
    expect((await call('PATCH', '/users/me', { token: laptop.access, body: { password: 'a-brand-new-password', current_password: user.password } })).status).toBe(200);
    await toldExpired(onPhone);
    expect(await posts(onPhone, 'после смены пароля')).toBe(false);
    expect(await posts(onLaptop, 'с устройства, сменившего пароль')).toBe(true);
    await closeAllRealtime();
  });

  it('ends when the account is suspended', async () => {
    const user = await newUser();
    const rt = await Realtime.open(baseUrl(), user.token, 'suspended');
    expect((await asAdmin('PATCH', `/users/${user.id}`, { status: 'suspended' })).status).toBe(200);
    await toldExpired(rt);
    expect(await posts(rt, 'после блокировки')).toBe(false);
    await closeAllRealtime();
  });
});

describe('an access token, which anyone who sees it can read', () => {
  /** Every value of its payload (JWT payloads are only base64), as text. */
  const claimValues = (token: string) =>
    Object.values(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>).map(String);
  const refreshWith = (cookie: string, mode: string) => fetch(`${baseUrl()}/auth/refresh`, {
    method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ mode }),
  });

  it('holds nothing that refreshes a session, in any mode, and not the refresh token', async () => {
    const user = await newUser();
    const session = await signIn(user.email, user.password, { ip: address() });
    const values = claimValues(session.access!);
    expect(values).not.toContain(session.refresh);
    for (const value of values) {
      const json = await call('POST', '/auth/refresh', { body: { refresh_token: value, mode: 'json' } });
      expect({ value, refused: json.status >= 400 && json.status < 500 }).toEqual({ value, refused: true });
      const cookie = await refreshWith(`directus_refresh_token=${value}`, 'cookie');
      expect({ value, refused: cookie.status >= 400 && cookie.status < 500 }).toEqual({ value, refused: true });
    }
    // Nor is the token itself a session cookie.
    const asSession = await refreshWith(`directus_session_token=${session.access}`, 'session');
    expect(asSession.status).toBeGreaterThanOrEqual(400);
    expect(asSession.status).toBeLessThan(500);
    expect(asSession.headers.getSetCookie()).toEqual([]);
    // The session itself goes on.
    expect((await me(session.access!)).status).toBe(200);
    expect((await call('POST', '/auth/refresh', { body: { refresh_token: session.refresh, mode: 'json' } })).status).toBe(200);
  });

  it('holds nothing the realtime socket takes as a refresh token', async () => {
    const user = await newUser();
    const session = await signIn(user.email, user.password, { ip: address() });
    const rt = await Realtime.visitor(baseUrl(), 'a claim as a refresh token');
    for (const [i, value] of claimValues(session.access!).entries()) {
      rt.send({ type: 'auth', refresh_token: value, uid: `claim-${i}` });
      const answer = await rt.waitFor((f) => f.type === 'auth' && f.uid === `claim-${i}`, `the answer to claim ${i}`);
      expect({ value, status: answer.status, refresh: answer.refresh_token }).toEqual({ value, status: 'error', refresh: undefined });
    }
    // Directus had replaced the session's key before the refusal: a session whose key was tried there ends.
    expect((await me(session.access!)).status).toBe(401);
    await closeAllRealtime();
  });

  it('of a cookie-mode sign-in holds nothing that refreshes it', async () => {
    const user = await newUser();
    const session = await signInWith('cookie', user.email, user.password);
    for (const value of claimValues(session.access)) {
      const json = await call('POST', '/auth/refresh', { body: { refresh_token: value, mode: 'json' } });
      expect({ value, refused: json.status >= 400 && json.status < 500 }).toEqual({ value, refused: true });
    }
    expect((await refreshWith(`directus_session_token=${session.access}`, 'session')).status).toBe(401);
    const refreshed = await refreshWith(session.cookie, 'cookie');
    expect(refreshed.status).toBe(200);
    expect((await me((await refreshed.json()).data.access_token)).status).toBe(200);
  });
});

/** A sign-in in Directus's cookie or session mode: the token a request carries, and the cookie that names the session. */
async function signInWith(mode: 'cookie' | 'session', email: string, password: string): Promise<{ access: string; cookie: string }> {
  const res = await fetch(`${baseUrl()}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address() },
    body: JSON.stringify({ email, password, mode }),
  });
  expect(res.status).toBe(200);
  const json = await res.json();
  const name = mode === 'cookie' ? 'directus_refresh_token' : 'directus_session_token';
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))!.split(';')[0];
  return { access: mode === 'cookie' ? json.data.access_token : cookie.split('=')[1], cookie };
}

describe.each(['cookie', 'session'] as const)('access of a %s-mode sign-in ends at once', (mode) => {
  it('on sign-out', async () => {
    const user = await newUser();
    const session = await signInWith(mode, user.email, user.password);
    expect((await me(session.access)).status).toBe(200);
    const out = await fetch(`${baseUrl()}/auth/logout`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie: session.cookie }, body: JSON.stringify({ mode }),
    });
    expect(out.status).toBe(204);
    expect((await me(session.access)).status).toBe(401);
  });

  it('when the password changes elsewhere, and it cannot set the password again', async () => {
    const user = await newUser();
    const stolen = await signInWith(mode, user.email, user.password);
    expect((await call('PATCH', '/users/me', { token: user.token, body: { password: 'the-owner-took-it-back', current_password: user.password } })).status).toBe(200);
    expect((await me(stolen.access)).status).toBe(401);
    expect((await call('PATCH', '/users/me', { token: stolen.access, body: { password: 'the-thief-wants-it', current_password: user.password } })).status).toBe(401);
    expect((await call('POST', '/auth/login', { body: { email: user.email, password: 'the-owner-took-it-back' } })).status).toBe(200);
  });

  it('when the account is suspended', async () => {
    const user = await newUser();
    const session = await signInWith(mode, user.email, user.password);
    expect((await asAdmin('PATCH', `/users/${user.id}`, { status: 'suspended' })).status).toBe(200);
    expect((await me(session.access)).status).toBe(401);
  });
});

describe('a refresh whose answer was lost', () => {
  const refresh = (token: string) => call('POST', '/auth/refresh', { body: { refresh_token: token, mode: 'json' } });

  it('can be made again with the token it spent, and the session goes on from the new answer', async () => {
    const user = await newUser();
    const session = await signIn(user.email, user.password, { ip: address() });
    expect((await refresh(session.refresh!)).status).toBe(200); // the answer the browser never got

    const again = await refresh(session.refresh!);
    expect(again.status).toBe(200);
    expect((await me(again.data.access_token)).status).toBe(200);
    const next = await refresh(again.data.refresh_token);
    expect(next.status).toBe(200);
    expect((await me(next.data.access_token)).status).toBe(200);
  });

  it('made again while the lost one is still on its way, both answer and the session goes on', async () => {
    const user = await newUser();
    const session = await signIn(user.email, user.password, { ip: address() });
    // The next page's refresh reaches the backend before the left page's has been answered.
    const both = await Promise.all([refresh(session.refresh!), refresh(session.refresh!)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    // Whichever came second holds the live session; the other's token leads to it while its grace lasts.
    const live = await Promise.all(both.map((r) => me(r.data.access_token)));
    expect(live.map((r) => r.status).sort()).toEqual([200, 401]);
    const next = await refresh(both[live.findIndex((r) => r.status === 401)].data.refresh_token);
    expect(next.status).toBe(200);
    expect((await me(next.data.access_token)).status).toBe(200);
  });

  it('left by the browser while the backend replaces its token, and made again at that moment, lets the session go on', async () => {
    // The left page's refresh goes on in Directus after its caller has gone; the next page's must wait for
    // it to end, not for its caller to leave. Each round leaves at another moment of the first refresh.
    for (let leaveAfterMs = 0; leaveAfterMs < 40; leaveAfterMs += 2) {
      const user = await newUser();
      const session = await signIn(user.email, user.password, { ip: address() });
      const leaving = new AbortController();
      const left = fetch(`${baseUrl()}/auth/refresh`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, signal: leaving.signal,
        body: JSON.stringify({ refresh_token: session.refresh, mode: 'json' }),
      }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, leaveAfterMs));
      leaving.abort();
      const again = await refresh(session.refresh!);
      await left;
      expect({ leaveAfterMs, status: again.status }).toEqual({ leaveAfterMs, status: 200 });
      expect((await me(again.data.access_token)).status).toBe(200);
      const next = await refresh(again.data.refresh_token);
      expect({ leaveAfterMs, status: next.status }).toEqual({ leaveAfterMs, status: 200 });
      expect((await me(next.data.access_token)).status).toBe(200);
    }
  });

  it('repeated many times at once, every call is answered, with a session or a refusal, never a server error', async () => {
    const user = await newUser();
    const session = await signIn(user.email, user.password, { ip: address() });
    const all = await Promise.all(Array.from({ length: 40 }, () => refresh(session.refresh!)));
    expect(all.every((r) => r.status === 200 || r.status === 401)).toBe(true);
    expect(all.some((r) => r.status === 200)).toBe(true);
  });

  it('gives the spent token no access of its own, and it ends with its session', async () => {
    const user = await newUser();
    const session = await signIn(user.email, user.password, { ip: address() });
    const lost = await refresh(session.refresh!);
    expect((await me(session.access!)).status).toBe(401);
    expect((await call('POST', '/auth/logout', { body: { refresh_token: lost.data.refresh_token, mode: 'json' } })).status).toBe(204);
    expect((await refresh(session.refresh!)).status).toBe(401);
  });

  it('ends for the spent token when the password changes elsewhere', async () => {
    const user = await newUser();
    const [laptop, phone] = [await signIn(user.email, user.password, { ip: address() }), await signIn(user.email, user.password, { ip: address() })];
    expect((await refresh(phone.refresh!)).status).toBe(200);
    expect((await call('PATCH', '/users/me', { token: laptop.access, body: { password: 'a-brand-new-password', current_password: user.password } })).status).toBe(200);
    expect((await refresh(phone.refresh!)).status).toBe(401);
  });

  it('can be made again only for the grace period after the token was spent', async () => {
    const user = await newUser();
    const session = await signIn(user.email, user.password, { ip: address() });
    const spentAt = Date.now();
    let latest = await refresh(session.refresh!);
    expect(latest.status).toBe(200);

    let refusedAt = 0;
    await expect.poll(async () => {
      const again = await refresh(session.refresh!);
      if (again.status === 200) latest = again;
      else refusedAt = Date.now();
      return again.status;
    }, { timeout: inject('refreshGraceMs') + 10_000, interval: 250 }).toBe(401);
    expect(refusedAt - spentAt).toBeGreaterThanOrEqual(inject('refreshGraceMs'));
    // The session itself lives on in the last answer.
    expect((await me(latest.data.access_token)).status).toBe(200);
  });
});

describe('signing in or out or asking for a reset letter through GraphQL', () => {
  it('is refused with the way to REST, and gives no token and sends no letter', async () => {
    const person = await newUser();
    const graphql = (query: string) => call('POST', '/graphql/system', { body: { query } });
    const signed = await graphql(`mutation { auth_login(email: "${person.email}", password: "${person.password}") { access_token } }`);
    expectRefused(signed, 400, SIGN_IN_ON_REST);
    expect(JSON.stringify(signed.data ?? null)).not.toContain('access_token');
    expectRefused(await graphql(`mutation { auth_password_request(email: "${person.email}") }`), 400, SIGN_IN_ON_REST);
    // Signing out names a refresh token, which REST's route alone opens.
    expectRefused(await graphql(`mutation { auth_logout(refresh_token: "any") }`), 400, SIGN_IN_ON_REST);
    // A letter asked for over REST afterwards is the first this person gets.
    expect((await call('POST', '/auth/password/request', { body: { email: person.email } })).status).toBe(204);
    await mailTo(inject('mailOutbox'), person.email);
    expect(await mailsTo(inject('mailOutbox'), person.email)).toHaveLength(1);
  });
});

describe('signing in with a password over the realtime socket', () => {
  it('is refused even with the right password; a token signs the socket in', async () => {
    const person = await newUser();
    const rt = await Realtime.visitor(baseUrl(), 'password on the socket');
    rt.send({ type: 'auth', email: person.email, password: person.password, uid: 'pw' });
    const refused = await rt.waitFor((f) => f.type === 'auth', 'the answer to a password');
    expect(refused).toMatchObject({ status: 'error', error: { code: 'AUTH_FAILED' } });
    expect(refused.refresh_token).toBeUndefined();
    const signed = await Realtime.open(baseUrl(), person.token, 'token on the socket');
    signed.send({ type: 'subscribe', uid: 'mine', collection: 'messages', query: { fields: ['id'], limit: 1 } });
    expect((await signed.waitFor((f) => f.uid === 'mine', 'a subscription')).event).toBe('init');
    await closeAllRealtime();
  });
});

/**
 * The spec's registration sequence (section 5) through the SDK the site uses: register with
 * email and password, log in, then fill the profile with PATCH /users/me.
 */
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { authentication, createDirectus, readMe, registerUser, rest, updateMe } from '@directus/sdk';
import { ROLES } from '../../shared/rules.ts';
import { DOB_ERROR } from '../../shared/dob.ts';
import { admin, baseUrl, call, newUser } from '../support/api.ts';
import { adminRead, countRows, expectRefused } from '../support/fixtures.ts';

interface SiteUser {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  login: string | null;
  gender: 'Мужской' | 'Женский' | null;
  dob: string | null;
  role: string;
  status: string;
}
interface Schema { directus_users: SiteUser }

const client = () => createDirectus<Schema>(baseUrl()).with(rest()).with(authentication('json'));
const fresh = () => {
  const tag = randomUUID().slice(0, 8);
  return { email: `reg-${tag}@example.com`, password: `pass-${tag}-word`, login: `reg_${tag}` };
};

/** The SDK rejects with the parsed body; this is the first error's message. */
const reason = (err: unknown) => (err as { errors?: { message: string }[] }).errors?.[0]?.message ?? String(err);

describe('registration with the SDK', () => {
  const me = fresh();
  const sdk = client();
  let firstRefresh: string | null = null;

  it('registers with email and password', async () => {
    // 204 No Content: the SDK resolves with nothing.
    await expect(sdk.request(registerUser(me.email, me.password))).resolves.toBeNull();
    expect(await countRows('directus_users', { email: { _eq: me.email } })).toBe(1);
  });

  it('makes an active user with the User role', async () => {
    const rows = await (await admin()).get<{ role: string; status: string }[]>(
      `/users?filter[email][_eq]=${encodeURIComponent(me.email)}&fields=role,status`,
    );
    expect(rows).toEqual([{ role: ROLES.user, status: 'active' }]);
  });

  it('logs in and gets a session', async () => {
    const session = await sdk.login({ email: me.email, password: me.password });
    expect(session.access_token).toEqual(expect.any(String));
    expect(session.refresh_token).toEqual(expect.any(String));
    expect(session.expires).toBeGreaterThan(0);
    firstRefresh = session.refresh_token;
  });

  it('fills the profile with first_name, last_name, login, gender and dob', async () => {
    const updated = await sdk.request(updateMe({ first_name: 'Мария', last_name: 'Пак', login: me.login, gender: 'Женский', dob: '1999-03-08' }));
    expect(updated).toMatchObject({ first_name: 'Мария', last_name: 'Пак', login: me.login, gender: 'Женский', dob: '1999-03-08' });
  });

  it('reads the filled profile back with readMe', async () => {
    const profile = await sdk.request(readMe({ fields: ['email', 'first_name', 'last_name', 'login', 'gender', 'dob', 'role'] }));
    expect(profile).toEqual({
      email: me.email, first_name: 'Мария', last_name: 'Пак', login: me.login, gender: 'Женский', dob: '1999-03-08', role: ROLES.user,
    });
  });

  it('refreshes the session', async () => {
    const session = await sdk.refresh();
    expect(session.access_token).toEqual(expect.any(String));
    // Refresh tokens rotate (access tokens made in the same second may be equal).
    expect(session.refresh_token).toEqual(expect.any(String));
    expect(session.refresh_token).not.toBe(firstRefresh);
    const profile = await sdk.request(readMe({ fields: ['login'] }));
    expect(profile.login).toBe(me.login);
  });

  it('shows the login as taken to the next person', async () => {
    const res = await call('GET', `/site/availability?login=${me.login.toUpperCase()}`);
    expect(res.data).toEqual({ available: false });
  });

  it('logs out', async () => {
    await sdk.logout();
    await expect(sdk.request(readMe({ fields: ['id'] }))).rejects.toBeDefined();
  });
});

describe('registration refusals', () => {
  it('refuses the wrong password at login', async () => {
    const person = fresh();
    const sdk = client();
    await sdk.request(registerUser(person.email, person.password));
    await expect(sdk.login({ email: person.email, password: 'wrong-password' })).rejects.toBeDefined();
    const raw = await call('POST', '/auth/login', { body: { email: person.email, password: 'wrong-password' } });
    expectRefused(raw, 401);
  });

  it('does not make a second account for a registered email', async () => {
    const person = fresh();
    await client().request(registerUser(person.email, person.password));
    await client().request(registerUser(person.email.toUpperCase(), 'another-password')).catch(() => undefined);
    await client().request(registerUser(person.email, 'another-password')).catch(() => undefined);
    expect(await countRows('directus_users', { email: { _icontains: person.email } })).toBe(1);
  });

  it.each([['role', ROLES.premiumPlus], ['login', 'sneaky_login'], ['status', 'active']])(
    'refuses a registration that also sends %s',
    async (field, value) => {
      const person = fresh();
      const res = await call('POST', '/users/register', { body: { email: person.email, password: person.password, [field]: value } });
      expectRefused(res, 400, `"${field}" is not allowed`);
      expect(await countRows('directus_users', { email: { _eq: person.email } })).toBe(0);
    },
  );

  it('answers a registration for a taken email like any other, without a second account', async () => {
    const person = fresh();
    await client().request(registerUser(person.email, person.password));
    const again = await call('POST', '/users/register', { body: { email: person.email, password: 'another-password' } });
    expect(again.status).toBe(204);
    expect(await countRows('directus_users', { email: { _eq: person.email } })).toBe(1);
  });

  it('refuses a taken login in the profile step with the spec\'s message', async () => {
    const owner = await newUser();
    const person = fresh();
    const sdk = client();
    await sdk.request(registerUser(person.email, person.password));
    await sdk.login({ email: person.email, password: person.password });
    const err = await sdk.request(updateMe({ login: owner.login.toUpperCase() })).catch((e) => e);
    expect(reason(err)).toContain('Логин уже занят');
  });

  it('refuses an impossible date of birth in the profile step', async () => {
    const person = fresh();
    const sdk = client();
    await sdk.request(registerUser(person.email, person.password));
    await sdk.login({ email: person.email, password: person.password });
    const err = await sdk.request(updateMe({ dob: '2001-02-29' })).catch((e) => e);
    expect(reason(err)).toContain(DOB_ERROR);
    const id = (await sdk.request(readMe({ fields: ['id'] }))).id;
    expect((await adminRead('directus_users', id, 'dob')).dob).toBeNull();
  });
});

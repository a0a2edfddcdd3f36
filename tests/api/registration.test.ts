/**
 * Registration in one step (POST /site/register: the whole account or nothing), then signing in,
 * reading and refreshing the session and signing out through the SDK the site uses.
 */
import { describe, expect, inject, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { authentication, createDirectus, readMe, rest } from '@directus/sdk';
import { ACCOUNT_MESSAGES, ADULT_AGE, OWN_PROFILE_PAGES, ROLES } from '../../shared/rules.ts';
import { ADULTS_ONLY, DOB_ERROR } from '../../shared/dob.ts';
import { baseUrl, call, newUser } from '../support/api.ts';
import { adminRead, countRows, expectNothingStored, expectRefused } from '../support/fixtures.ts';
import { linkIn, mailTo } from '../support/mail.ts';
import type { Schema } from '../../src/lib/directus/schema.ts';

/** The date `years` years before today, moved `days` later (UTC), as yyyy-mm-dd. */
function isoYearsAgo(years: number, days = 0): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

const client = () => createDirectus<Schema>(baseUrl()).with(rest()).with(authentication('json'));
const fresh = () => {
  const tag = randomUUID().slice(0, 8);
  return {
    email: `reg-${tag}@example.com`, password: `pass-${tag}-word`, login: `reg_${tag}`,
    first_name: 'Мария', last_name: 'Пак', dob: '1999-03-08', gender: 'Женский',
  };
};
const register = (body: Record<string, unknown>) => call('POST', '/site/register', { body });

describe('registration', () => {
  const me = fresh();
  const sdk = client();
  let firstRefresh: string | null = null;

  it('makes the whole account in one call: an active User with login, names, date of birth and gender', async () => {
    const res = await register(me);
    expect(res.status).toBe(204);
    const rows = await call('GET', `/users?fields=id&filter[login][_eq]=${me.login}`);
    const stored = await adminRead('directus_users', rows.data[0].id, 'email,login,first_name,last_name,dob,gender,role,status');
    expect(stored).toEqual({
      email: me.email, login: me.login, first_name: 'Мария', last_name: 'Пак', dob: '1999-03-08', gender: 'Женский', role: ROLES.user, status: 'active',
    });
  });

  it('signs in and reads the profile', async () => {
    const session = await sdk.login({ email: me.email, password: me.password });
    expect(session.access_token).toEqual(expect.any(String));
    expect(session.expires).toBeGreaterThan(0);
    firstRefresh = session.refresh_token;
    const profile = await sdk.request(readMe({ fields: ['email', 'login', 'role'] }));
    expect(profile).toEqual({ email: me.email, login: me.login, role: ROLES.user });
  });

  it('refreshes the session, rotating the refresh token', async () => {
    const session = await sdk.refresh();
    expect(session.refresh_token).not.toBe(firstRefresh);
    expect((await sdk.request(readMe({ fields: ['login'] }))).login).toBe(me.login);
  });

  it('shows the login and the email as taken to the next person', async () => {
    expect((await call('GET', `/site/availability?login=${me.login.toUpperCase()}`)).data).toEqual({ available: false });
    expect((await call('GET', `/site/availability?email=${me.email.toUpperCase()}`)).data).toEqual({ available: false });
  });

  it('signs out, and the old token reads nothing more', async () => {
    await sdk.logout();
    await expect(sdk.request(readMe({ fields: ['id'] }))).rejects.toBeDefined();
  });
});

describe('registration refusals, each storing nothing', () => {
  const none = (email: string) => ({ email: { _eq: email.toLowerCase() } });

  it.each(['email', 'password', 'login', 'first_name', 'last_name', 'dob', 'gender'])('needs %s', async (field) => {
    const person = fresh();
    const res = await expectNothingStored('directus_users', none(person.email), () => register({ ...person, [field]: '   ' }));
    expectRefused(res, 400, ACCOUNT_MESSAGES.fillAll);
  });

  it.each([
    ['an impossible date of birth', { dob: '2001-02-29' }, DOB_ERROR],
    ['a date of birth before 1900', { dob: '1899-12-31' }, DOB_ERROR],
    ['a person of 17, whatever the 18+ box says', { dob: isoYearsAgo(ADULT_AGE, 1) }, ADULTS_ONLY],
    ['a person born in 2016', { dob: '2016-05-01' }, ADULTS_ONLY],
    ['a short password', { password: 'short' }, ACCOUNT_MESSAGES.passwordTooShort],
    ['an unknown gender', { gender: 'Другой' }, 'Пол: Мужской или Женский'],
    ['a malformed email', { email: 'not-an-email' }, 'Укажите корректный email'],
    ['a malformed login', { login: 'два слова' }, 'Логин: от 3 до 32'],
    ['a date of birth with an offset, stored as a later day than judged', { dob: `${isoYearsAgo(ADULT_AGE)}T00:00:00-99:00` }, DOB_ERROR],
  ])('refuses %s', async (_what, change, message) => {
    const person = { ...fresh(), ...change };
    const res = await expectNothingStored('directus_users', none(person.email), () => register(person));
    expectRefused(res, 400, message);
  });

  it(`takes a person on their ${ADULT_AGE}th birthday`, async () => {
    expect((await register({ ...fresh(), dob: isoYearsAgo(ADULT_AGE) })).status).toBe(204);
  });

  it('keeps a profile\'s date of birth that of an adult', async () => {
    const person = await newUser(ROLES.user, { dob: '1990-01-01' });
    expectRefused(await person.call('PATCH', '/users/me', { dob: isoYearsAgo(ADULT_AGE, 1) }), 400, ADULTS_ONLY);
    expect((await adminRead('directus_users', person.id, 'dob')).dob).toMatch(/^1990-01-01/);
    expectRefused(await person.call('PATCH', '/users/me', { dob: `${isoYearsAgo(ADULT_AGE)}T00:00:00-99:00` }), 400, DOB_ERROR);
    expect((await adminRead('directus_users', person.id, 'dob')).dob).toMatch(/^1990-01-01/);
  });

  it.each(OWN_PROFILE_PAGES)('refuses the login %s, the address of a page of the own profile', async (page) => {
    const person = { ...fresh(), login: page };
    const res = await expectNothingStored('directus_users', none(person.email), () => register(person));
    expectRefused(res, 400, ACCOUNT_MESSAGES.loginTaken);
    const member = await newUser();
    expectRefused(await member.call('PATCH', '/users/me', { login: page.toUpperCase() }), 400, ACCOUNT_MESSAGES.loginTaken);
    expect((await adminRead('directus_users', member.id, 'login')).login).toBe(member.login);
  });

  it('refuses a login taken in any case', async () => {
    const owner = await newUser();
    const person = { ...fresh(), login: owner.login.toUpperCase() };
    const res = await expectNothingStored('directus_users', none(person.email), () => register(person));
    expectRefused(res, 400, ACCOUNT_MESSAGES.loginTaken);
  });

  it('refuses an email taken in any case', async () => {
    const owner = await newUser();
    const res = await register({ ...fresh(), email: owner.email.toUpperCase() });
    expectRefused(res, 400, ACCOUNT_MESSAGES.emailTaken);
    expect(await countRows('directus_users', { email: { _icontains: owner.email } })).toBe(1);
  });

  it('lets only one of two racing registrations have a login, and tells the other', async () => {
    const login = `race_${randomUUID().slice(0, 8)}`;
    const [first, second] = [{ ...fresh(), login }, { ...fresh(), login }];
    const answers = await Promise.all([register(first), register(second)]);
    expect(answers.map((a) => a.status).sort()).toEqual([204, 400]);
    expect(answers.find((a) => a.status === 400)?.errors?.[0].message).toContain(ACCOUNT_MESSAGES.loginTaken);
    expect(await countRows('directus_users', { login: { _eq: login } })).toBe(1);
  });

  it('ignores a role or status sent along: the account is a plain active User', async () => {
    const person = fresh();
    expect((await register({ ...person, role: ROLES.premiumPlus, status: 'suspended' })).status).toBe(204);
    const [row] = (await call('GET', `/users?fields=id&filter[login][_eq]=${person.login}`)).data;
    expect(await adminRead('directus_users', row.id, 'role,status')).toEqual({ role: ROLES.user, status: 'active' });
  });

  it('has Directus\'s own half-step registration closed', async () => {
    const person = fresh();
    const res = await expectNothingStored('directus_users', none(person.email), () =>
      call('POST', '/users/register', { body: { email: person.email, password: person.password } }));
    expectRefused(res, 403);
  });
});

describe('deleting one\'s account', () => {
  it('needs the password, and then removes the account with what it wrote', async () => {
    const person = await newUser();
    const comment = await person.call('POST', '/items/posts', { text: 'Моя запись' });
    expectRefused(await person.call('POST', '/site/account/delete', { password: 'not-my-password' }), 400, ACCOUNT_MESSAGES.wrongPassword);
    expect(await countRows('directus_users', { id: { _eq: person.id } })).toBe(1);
    expect((await person.call('POST', '/site/account/delete', { password: person.password })).status).toBe(204);
    expect(await countRows('directus_users', { id: { _eq: person.id } })).toBe(0);
    expect(await countRows('posts', { id: { _eq: comment.data.id } })).toBe(0);
  });

  it('is refused to a visitor', async () => {
    expectRefused(await call('POST', '/site/account/delete', { body: { password: 'x' } }), 403);
  });
});

describe('forgotten password', () => {
  const resetPage = 'http://127.0.0.1:4321/reset-password';

  it('mails a Russian link to the site\'s reset page, whose token sets a new password', async () => {
    const person = await newUser();
    expect((await call('POST', '/auth/password/request', { body: { email: person.email, reset_url: resetPage } })).status).toBe(204);
    const mail = await mailTo(inject('mailOutbox'), person.email);
    expect(mail.subject).toBe('Восстановление пароля');
    expect(mail.text).toContain('Задать новый пароль');
    const token = new URL(linkIn(mail, resetPage)).searchParams.get('token');
    expect((await call('POST', '/auth/password/reset', { body: { token, password: 'my-new-password-1' } })).status).toBe(204);
    expectRefused(await call('POST', '/auth/login', { body: { email: person.email, password: person.password } }), 401);
    expect((await call('POST', '/auth/login', { body: { email: person.email, password: 'my-new-password-1' } })).status).toBe(200);
  });

  it('answers an unknown email exactly as a known one, telling nothing', async () => {
    const res = await call('POST', '/auth/password/request', { body: { email: `nobody-${randomUUID()}@example.com`, reset_url: resetPage } });
    expect(res.status).toBe(204);
  });

  it('refuses a reset link to any other address', async () => {
    const person = await newUser();
    const res = await call('POST', '/auth/password/request', { body: { email: person.email, reset_url: 'https://evil.example/reset' } });
    expectRefused(res, 400);
  });
});

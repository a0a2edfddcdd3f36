/**
 * What the site's /reset-password page relies on: a link's token sets a password of the least
 * length only (the reset writes as an administrator, and the rule holds for it too), works once,
 * and a garbled or used token is refused with a 403 (an expired one with a 401), which the page explains;
 * and the letters one mailbox gets are limited, whoever asks.
 */
import { describe, expect, inject, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, PACE, PASSWORD_MIN_LENGTH } from '../../shared/rules.ts';
import { call, newUser, type TestUser } from '../support/api.ts';
import { asAdmin, expectRefused } from '../support/fixtures.ts';
import { linkIn, mailsTo, mailTo } from '../support/mail.ts';

const RESET_PAGE = 'http://127.0.0.1:4321/reset-password';

async function resetToken(person: TestUser): Promise<string> {
  expect((await call('POST', '/auth/password/request', { body: { email: person.email, reset_url: RESET_PAGE } })).status).toBe(204);
  const token = new URL(linkIn(await mailTo(inject('mailOutbox'), person.email), RESET_PAGE)).searchParams.get('token');
  if (!token) throw new Error('The reset mail carries no token');
  return token;
}

const signsIn = async (email: string, password: string) => (await call('POST', '/auth/login', { body: { email, password } })).status === 200;
const reset = (token: string, password: string) => call('POST', '/auth/password/reset', { body: { token, password } });

describe('a password reset link', () => {
  it('refuses a password shorter than the least length, keeping the old one, and then sets a long one once', async () => {
    const person = await newUser();
    const token = await resetToken(person);
    const short = 'x'.repeat(PASSWORD_MIN_LENGTH - 1);
    expectRefused(await reset(token, short), 400, ACCOUNT_MESSAGES.passwordTooShort);
    expect(await signsIn(person.email, short)).toBe(false);
    expect(await signsIn(person.email, person.password)).toBe(true);

    expect((await reset(token, 'a-fresh-password-2')).status).toBe(204);
    expect(await signsIn(person.email, 'a-fresh-password-2')).toBe(true);
    // Used once, the same link sets nothing more.
    expectRefused(await reset(token, 'a-third-password-3'), 403);
    expect(await signsIn(person.email, 'a-third-password-3')).toBe(false);
  });

  it('refuses a garbled token', async () => {
    expectRefused(await reset('not-a-token', 'a-fresh-password-2'), 403);
  });

  it('holds administrators to the least length as well', async () => {
    const person = await newUser();
    expectRefused(await asAdmin('PATCH', `/users/${person.id}`, { password: 'short' }), 400, ACCOUNT_MESSAGES.passwordTooShort);
    expect(await signsIn(person.email, person.password)).toBe(true);
  });
});

describe('reset letters', () => {
  it(`reach one mailbox ${PACE.passwordLetter.count} times an hour, however many ask; each request is answered alike`, async () => {
    const person = await newUser();
    const outbox = inject('mailOutbox');
    let asker = 0;
    // From addresses of their own, so that the address's allowance is not what stops them.
    const ask = (email: string) => call('POST', '/auth/password/request', { ip: `10.77.0.${++asker}`, body: { email, reset_url: RESET_PAGE } });
    for (let i = 1; i <= PACE.passwordLetter.count; i++) {
      expect((await ask(i % 2 ? person.email : person.email.toUpperCase())).status).toBe(204);
      await vi.waitFor(async () => expect(await mailsTo(outbox, person.email)).toHaveLength(i), { timeout: 15_000, interval: 200 });
    }
    expect((await ask(person.email)).status).toBe(204);
    // A letter to someone else asked for afterwards: once it is there, the one past the allowance would have been too.
    const other = await newUser();
    expect((await ask(other.email)).status).toBe(204);
    await mailTo(outbox, other.email);
    expect(await mailsTo(outbox, person.email)).toHaveLength(PACE.passwordLetter.count);
  });
});

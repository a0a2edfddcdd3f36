import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../shared/rules.ts';
import { ADULTS_ONLY, DOB_ERROR } from '../../../shared/dob.ts';
import { checkRegistration, type RegistrationForm } from './registration.ts';
import { afterSignInPath, loginHref, returnPath } from './return-path.ts';

const ORIGIN = 'https://dorama.example';

describe('the screen to return to after signing in', () => {
  it('follows a path of this site with its query and hash', () => {
    expect(returnPath('/profile/edit', ORIGIN)).toBe('/profile/edit');
    expect(returnPath('/messages?id=12#last', ORIGIN)).toBe('/messages?id=12#last');
    expect(returnPath('/aromat-poslednego-leta?tab=seasons', ORIGIN)).toBe('/aromat-poslednego-leta?tab=seasons');
  });

  it('goes home for anything that is not a path of this site', () => {
    for (const next of [
      null, undefined, '', 'profile', 'https://evil.example/', '//evil.example/x', '/\\evil.example', '\\\\evil.example',
      'javascript:alert(1)', ' /profile', 'http://dorama.example/profile',
    ]) {
      expect(returnPath(next, ORIGIN), String(next)).toBe('/');
    }
  });

  it('stays on this site for paths that resolve to another site\'s address', () => {
    for (const next of ['/.//evil.example', '/a/..//evil.example', '/./\\evil.example', '/x/../\\/evil.example', '/.//evil.example/path?q=1#h']) {
      const path = returnPath(next, ORIGIN);
      expect(new URL(path, ORIGIN).origin, next).toBe(ORIGIN);
      expect(path, next).toMatch(/^\/(?![/\\])/);
    }
    expect(returnPath('/.//evil.example/path?q=1#h', ORIGIN)).toBe('/evil.example/path?q=1#h');
  });

  it('does not return to the sign-in page itself, nor to a spent password reset link', () => {
    expect(returnPath('/login', ORIGIN)).toBe('/');
    expect(returnPath('/login/?next=/profile', ORIGIN)).toBe('/');
    expect(returnPath('/reset-password?token=abc', ORIGIN)).toBe('/');
  });

  it('takes ?next= first, then the page of this site the person came from, then home', () => {
    const from = `${ORIGIN}/aromat-poslednego-leta?tab=seasons`;
    expect(afterSignInPath('?next=%2Fprofile%2Fedit', from, ORIGIN)).toBe('/profile/edit');
    expect(afterSignInPath('', from, ORIGIN)).toBe('/aromat-poslednego-leta?tab=seasons');
    expect(afterSignInPath('', '', ORIGIN)).toBe('/');
    // A ?next= naming another site goes home, not to the page before.
    expect(afterSignInPath('?next=%2F%2Fevil.example', from, ORIGIN)).toBe('/');
    // Another site, or a page never returned to, as the page before: home.
    for (const referrer of ['https://evil.example/aromat', 'http://dorama.example/aromat', `${ORIGIN}/login#register`, `${ORIGIN}/reset-password?token=x`, 'not a url']) {
      expect(afterSignInPath('', referrer, ORIGIN), referrer).toBe('/');
    }
  });

  it('makes the sign-in link of a screen, which leads back to it', () => {
    const href = loginHref('/messages?id=12');
    expect(href).toBe('/login?next=%2Fmessages%3Fid%3D12');
    expect(returnPath(new URL(href, ORIGIN).searchParams.get('next'), ORIGIN)).toBe('/messages?id=12');
  });
});

describe('the registration form\'s own checks', () => {
  const filled: RegistrationForm = {
    login: ' mina_k ', first_name: ' Мина ', last_name: 'Ким', email: ' Mina@Example.com ', dob: '08.03.1999',
    gender: 'Женский', password: 'long-enough', repeat: 'long-enough',
  };

  it('sends the trimmed values with the date of birth as yyyy-mm-dd', () => {
    expect(checkRegistration(filled)).toEqual({
      ok: true,
      registration: {
        login: 'mina_k', first_name: 'Мина', last_name: 'Ким', email: 'Mina@Example.com', dob: '1999-03-08', gender: 'Женский', password: 'long-enough',
      },
    });
  });

  it('names every blank field with «Заполните все поля»', () => {
    expect(checkRegistration({ ...filled, first_name: '  ', gender: '', repeat: '' }))
      .toEqual({ ok: false, message: ACCOUNT_MESSAGES.fillAll, fields: ['first_name', 'gender', 'repeat'] });
  });

  it.each([
    ['a login of another shape', { login: 'два слова' }, ACCOUNT_MESSAGES.loginShape, 'login'],
    ['an impossible date', { dob: '31.02.1999' }, DOB_ERROR, 'dob'],
    ['a date not fully typed', { dob: '08.03.19' }, DOB_ERROR, 'dob'],
    ['the date of birth of a child', { dob: '01.05.2016' }, ADULTS_ONLY, 'dob'],
    ['a short password', { password: 'short', repeat: 'short' }, ACCOUNT_MESSAGES.passwordTooShort, 'password'],
    ['a repeat that differs', { repeat: 'long-enougH' }, ACCOUNT_MESSAGES.passwordsDiffer, 'repeat'],
  ] as const)('refuses %s', (_what, change, message, field) => {
    expect(checkRegistration({ ...filled, ...change })).toEqual({ ok: false, message, fields: [field] });
  });
});

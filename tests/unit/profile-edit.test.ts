import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../shared/rules.ts';
import { CURRENT_PASSWORD_NEEDED } from '../../shared/current-password.ts';
import { DOB_ERROR } from '../../shared/dob.ts';
import { changeOf, formOf, needsCurrentPassword, passwordProblem } from '../../src/lib/profile-edit.ts';

const stored = {
  login: 'sakura_fan', email: 'sakura@example.com', first_name: 'Анна', last_name: 'Смирнова',
  dob: '1995-04-17', gender: 'Женский' as const, aboutMe: 'Люблю мелодрамы',
};

describe('profile edit form', () => {
  it('starts from the stored profile, the date of birth as dd.mm.yyyy and no password', () => {
    expect(formOf(stored)).toEqual({ ...stored, dob: '17.04.1995', password: '', passwordRepeat: '', currentPassword: '' });
    expect(formOf({ ...stored, dob: null, gender: null, aboutMe: null }).dob).toBe('');
  });

  it('sends nothing when nothing changed', () => {
    expect(changeOf(formOf(stored), stored)).toEqual({ change: {}, problems: {} });
  });

  it('sends only the changed fields, trimmed', () => {
    const form = { ...formOf(stored), login: ' new_login ', dob: '01.02.2000', gender: 'Мужской' as const, email: 'New@Example.com', currentPassword: 'old-secret' };
    expect(changeOf(form, stored)).toEqual({
      change: { login: 'new_login', dob: '2000-02-01', gender: 'Мужской', email: 'new@example.com', current_password: 'old-secret' }, problems: {},
    });
  });

  it('does not send emptied fields', () => {
    const form = { ...formOf(stored), first_name: ' ', last_name: '', aboutMe: '', dob: '', email: '' };
    expect(changeOf(form, stored)).toEqual({ change: {}, problems: {} });
  });

  it('refuses a date of birth that is not a real date from 1900 to 2100', () => {
    for (const dob of ['31.02.2001', '01.01.1899', '12.2000', '01.13.2000']) {
      expect(changeOf({ ...formOf(stored), dob }, stored).problems).toEqual({ dob: DOB_ERROR });
    }
  });

  it('asks for the current password with a new email or password, and for nothing else', () => {
    const moved = { ...formOf(stored), email: 'moved@example.com' };
    expect(needsCurrentPassword(moved, stored)).toBe(true);
    expect(changeOf(moved, stored)).toEqual({ change: { email: 'moved@example.com' }, problems: { currentPassword: CURRENT_PASSWORD_NEEDED } });
    expect(needsCurrentPassword({ ...formOf(stored), password: 'n' }, stored)).toBe(true);
    for (const form of [formOf(stored), { ...formOf(stored), email: 'SAKURA@example.com ' }, { ...formOf(stored), email: '' }]) {
      expect(needsCurrentPassword(form, stored)).toBe(false);
    }
    expect(changeOf({ ...formOf(stored), first_name: 'Вера', currentPassword: 'old' }, stored).change).toEqual({ first_name: 'Вера' });
  });

  it('drops an empty password, sends a repeated one, and refuses two that differ', () => {
    expect(changeOf(formOf(stored), stored).change).not.toHaveProperty('password');
    expect(changeOf({ ...formOf(stored), password: 'new-secret-1', passwordRepeat: 'new-secret-1', currentPassword: 'old' }, stored).change).toEqual({ password: 'new-secret-1', current_password: 'old' });
    const differ = { ...formOf(stored), password: 'new-secret-1', passwordRepeat: 'new-secret-2' };
    expect(passwordProblem(differ)).toBe(ACCOUNT_MESSAGES.passwordsDiffer);
    expect(changeOf(differ, stored)).toEqual({ change: {}, problems: { password: ACCOUNT_MESSAGES.passwordsDiffer } });
    expect(passwordProblem({ password: '', passwordRepeat: 'x' })).toBe(ACCOUNT_MESSAGES.passwordsDiffer);
  });
});

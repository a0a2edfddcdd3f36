import { describe, expect, it } from 'vitest';
import { isStaff, type Actor } from './accountability.ts';

const who = (more: Partial<Actor>): Actor => ({ user: 'u-1', role: 'role-user', roles: ['role-user'], admin: false, app: false, ip: null, ...more });

describe('who works under the wider limits', () => {
  it('is administrators and editors alone', () => {
    expect(isStaff(who({ admin: true }))).toBe(true);
    expect(isStaff(who({ app: true }))).toBe(true);
    expect(isStaff(who({}))).toBe(false);
    expect(isStaff(null)).toBe(false);
    expect(isStaff(undefined)).toBe(false);
  });
});

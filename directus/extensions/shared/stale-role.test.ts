import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/rules.ts';
import { claimedRole, outlivesRole } from './stale-role.ts';

const EDITOR = 'editor-role';
const token = (claims: Record<string, unknown>, issuer = 'directus') => jwt.sign(claims, 'secret', { issuer });

describe('claimedRole', () => {
  it('reads the person and role of a Directus token', () => {
    expect(claimedRole(token({ id: 'u1', role: ROLES.premium }))).toEqual({ user: 'u1', role: ROLES.premium });
    expect(claimedRole(token({ id: 'u1', role: null }))).toEqual({ user: 'u1', role: null });
  });

  it('reads nothing of another issuer\'s token, a static token, a share\'s or no token', () => {
    for (const other of [token({ id: 'u1', role: ROLES.premium }, 'elsewhere'), 'static-token', token({ share: 's1', role: null }), undefined, 5]) {
      expect(claimedRole(other)).toBeNull();
    }
  });
});

describe('outlivesRole', () => {
  it('holds for a token of more than the User role that is no longer the person\'s', () => {
    expect(outlivesRole(ROLES.premium, ROLES.user)).toBe(true);
    expect(outlivesRole(ROLES.premiumPlus, ROLES.premium)).toBe(true);
    expect(outlivesRole(EDITOR, ROLES.user)).toBe(true);
  });

  it('leaves the role still held, a User token whatever is held now, and a person gone', () => {
    expect(outlivesRole(ROLES.premium, ROLES.premium)).toBe(false);
    expect(outlivesRole(ROLES.user, ROLES.premiumPlus)).toBe(false);
    expect(outlivesRole(ROLES.premium, undefined)).toBe(false);
  });
});

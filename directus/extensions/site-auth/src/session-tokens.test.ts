import jwt, { type JwtPayload } from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { BEARER_CLAIM, isBearerToken, refreshModeOf, withSession } from './session-tokens.ts';

const SECRET = 'a-secret';
const directusToken = (claims: Record<string, unknown>) => jwt.sign(claims, SECRET, { expiresIn: '15m', issuer: 'directus' });

describe('an access token signed again', () => {
  it('names its session and is a bearer token, with the claims, lifetime and issuer Directus gave it', () => {
    const original = jwt.decode(directusToken({ id: 'u1', role: 'r1', app_access: false, admin_access: false })) as JwtPayload;
    const again = withSession(directusToken({ id: 'u1', role: 'r1', app_access: false, admin_access: false }), 'key', SECRET);
    const claims = jwt.verify(again, SECRET, { issuer: 'directus' }) as JwtPayload;
    expect(claims).toMatchObject({ id: 'u1', role: 'r1', session: 'key', [BEARER_CLAIM]: true, iss: 'directus' });
    expect(claims.exp! - claims.iat!).toBe(original.exp! - original.iat!);
    expect(isBearerToken(again)).toBe(true);
  });

  it('is told from Directus\'s own session-mode token, which is no bearer token', () => {
    expect(isBearerToken(directusToken({ id: 'u1', session: 'key' }))).toBe(false);
    for (const other of [undefined, '', 'not-a-token', 42]) expect(isBearerToken(other)).toBe(false);
  });

  it('is refused unless Directus signed it', () => {
    expect(() => withSession(jwt.sign({ id: 'u1' }, 'another-secret', { issuer: 'directus' }), 'key', SECRET)).toThrow();
  });
});

describe('the mode of a refresh or sign-out', () => {
  it('is read as Directus reads it', () => {
    expect(refreshModeOf({ mode: 'session', refresh_token: 'x' })).toBe('session');
    expect(refreshModeOf({ refresh_token: 'x' })).toBe('json');
    expect(refreshModeOf({ mode: '', refresh_token: 'x' })).toBe('json');
    expect(refreshModeOf({})).toBe('cookie');
    expect(refreshModeOf(undefined)).toBe('cookie');
  });
});

/**
 * Signing out ends access at once. Directus's JSON- and cookie-mode access tokens are valid until
 * they expire, whatever happens to their session; a token that names its session (the `session`
 * claim of Directus's own session mode) is checked against `directus_sessions` on every request.
 * So the access token of every JSON or cookie sign-in and refresh is signed again with its refresh
 * token as the session: logging out, refreshing, changing the password or email, or being
 * suspended removes or replaces that row, and the token stops working on the next request. The
 * claims, lifetime and issuer stay as Directus made them. Session mode needs nothing: its token
 * names its session already.
 */
import jwt, { type JwtPayload } from 'jsonwebtoken';
import type { Request, Response } from 'express';
import { onJsonResponse } from './json-response.ts';

const ISSUER = 'directus';

export function withSession(accessToken: string, session: string, secret: string): string {
  const claims = jwt.verify(accessToken, secret, { issuer: ISSUER }) as JwtPayload;
  return jwt.sign({ ...claims, session }, secret);
}

export function bindTokensToSession(secret: string, refreshCookie: string) {
  return (_req: Request, res: Response, next: () => void) => {
    // Cookie mode sets the refresh token as a cookie before it answers with the access token.
    let refreshInCookie: string | null = null;
    const setCookie = res.cookie.bind(res);
    res.cookie = ((name: string, value: unknown, ...rest: unknown[]) => {
      if (name === refreshCookie && typeof value === 'string') refreshInCookie = value;
      return (setCookie as (...args: unknown[]) => Response)(name, value, ...rest);
    }) as Response['cookie'];

    onJsonResponse(res, (status, body) => {
      const access = body?.data?.access_token;
      const refresh = body?.data?.refresh_token ?? refreshInCookie;
      if (status >= 400 || !body?.data || typeof access !== 'string' || typeof refresh !== 'string') return body;
      return { ...body, data: { ...body.data, access_token: withSession(access, refresh, secret) } };
    });
    next();
  };
}

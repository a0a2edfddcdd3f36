/**
 * Signing out ends access at once. Directus's JSON- and cookie-mode access tokens are valid until
 * they expire, whatever happens to their session; a token that names its session (the `session`
 * claim of Directus's own session mode) is checked against `directus_sessions` on every request.
 * So the access token of every JSON or cookie sign-in and refresh is signed again naming its
 * session's key: logging out, refreshing, changing the password or email, or being suspended
 * removes or replaces that row, and the token stops working on the next request. A password or
 * email change keeps the session that made it by that claim too. The claims, lifetime and issuer
 * stay as Directus made them. Session mode needs nothing: its token names its session already.
 *
 * Directus's session key is its refresh token as well, and anyone who sees an access token reads
 * its claims. So the refresh token handed out is the key sealed (refresh-seal.ts): the answers'
 * tokens are sealed here, and a refresh or sign-out takes a sealed token only. A token signed
 * again also carries BEARER_CLAIM, for Directus's session mode takes the `session` claim of a
 * session cookie as its refresh token: a page's token is refused there.
 */
import jwt, { type JwtPayload } from 'jsonwebtoken';
import type { Request, Response } from 'express';
import { InvalidCredentialsError } from '@directus/errors';
import { onJsonResponse } from './json-response.ts';
import { openRefresh, sealRefresh } from './refresh-seal.ts';

const ISSUER = 'directus';

/** Marks an access token a page holds (JSON or cookie mode), which is never a session cookie. */
export const BEARER_CLAIM = 'bearer';

export interface AuthCookies { refresh: string; session: string }

type Caller = Request & { cookies?: Record<string, unknown> };
type Next = (err?: unknown) => void;

export function withSession(accessToken: string, session: string, secret: string): string {
  const claims = jwt.verify(accessToken, secret, { issuer: ISSUER }) as JwtPayload;
  return jwt.sign({ ...claims, session, [BEARER_CLAIM]: true }, secret);
}

/** Where Directus's /auth/refresh and /auth/logout read the refresh token from, as they decide it. */
export function refreshModeOf(body: unknown): unknown {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (fields.mode) return fields.mode;
  return fields.refresh_token ? 'json' : 'cookie';
}

/** Whether a session cookie holds an access token signed again here rather than Directus's own. */
export function isBearerToken(token: unknown): boolean {
  const claims = typeof token === 'string' ? jwt.decode(token) : null;
  return !!claims && typeof claims === 'object' && claims[BEARER_CLAIM] === true;
}

/**
 * For /auth/refresh and /auth/logout: the sealed refresh token in the body or the refresh cookie is
 * opened for Directus; a token not sealed here, or a page's access token as the session cookie, is
 * refused as Directus refuses an unknown one. A missing token is left to Directus's own answer.
 */
export function openPresentedTokens(secret: string, cookies: AuthCookies) {
  const open = (holder: Record<string, unknown> | undefined, name: string): boolean => {
    if (!holder?.[name]) return true;
    const key = openRefresh(secret, holder[name]);
    if (key === null) return false;
    holder[name] = key;
    return true;
  };
  return (req: Caller, _res: Response, next: Next) => {
    const mode = refreshModeOf(req.body);
    const taken = mode === 'json' ? open(req.body, 'refresh_token')
      : mode === 'cookie' ? open(req.cookies, cookies.refresh)
        : mode === 'session' ? !isBearerToken(req.cookies?.[cookies.session])
          : true;
    next(taken ? undefined : new InvalidCredentialsError());
  };
}

/** For sign-ins and refreshes: the access token names its session, the refresh token goes out sealed. */
export function bindTokensToSession(secret: string, refreshCookie: string) {
  return (_req: Request, res: Response, next: () => void) => {
    // Cookie mode sets the refresh token as a cookie before it answers with the access token.
    let refreshInCookie: string | null = null;
    const setCookie = res.cookie.bind(res);
    res.cookie = ((name: string, value: unknown, ...rest: unknown[]) => {
      // An empty value clears the cookie.
      const sealed = name === refreshCookie && typeof value === 'string' && value !== '';
      if (sealed) refreshInCookie = value;
      return (setCookie as (...args: unknown[]) => Response)(name, sealed ? sealRefresh(secret, value) : value, ...rest);
    }) as Response['cookie'];

    onJsonResponse(res, (status, body) => {
      const access = body?.data?.access_token;
      const inBody = body?.data?.refresh_token;
      const key = inBody ?? refreshInCookie;
      if (status >= 400 || !body?.data || typeof access !== 'string' || typeof key !== 'string') return body;
      const data = { ...body.data, access_token: withSession(access, key, secret) };
      return { ...body, data: typeof inBody === 'string' ? { ...data, refresh_token: sealRefresh(secret, inBody) } : data };
    });
    next();
  };
}

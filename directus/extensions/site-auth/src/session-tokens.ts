/**
 * Signing out ends access at once. Directus's JSON-mode access token is valid until it expires,
 * whatever happens to its session; a token that names its session (the `session` claim of
 * Directus's own session mode) is checked against `directus_sessions` on every request. So the
 * access token of every JSON sign-in and refresh is signed again with its refresh token as the
 * session: logging out, refreshing, changing the password or email, or being suspended removes
 * or replaces that row, and the token stops working on the next request. The claims, lifetime
 * and issuer stay as Directus made them.
 */
import jwt, { type JwtPayload } from 'jsonwebtoken';
import type { Request, Response } from 'express';
import { onJsonResponse, tokensOf } from './json-response.ts';

const ISSUER = 'directus';

export function withSession(accessToken: string, session: string, secret: string): string {
  const claims = jwt.verify(accessToken, secret, { issuer: ISSUER }) as JwtPayload;
  return jwt.sign({ ...claims, session }, secret);
}

export function bindTokensToSession(secret: string) {
  return (_req: Request, res: Response, next: () => void) => {
    onJsonResponse(res, (status, body) => {
      const tokens = tokensOf(status, body);
      if (!tokens || !body?.data) return body;
      return { ...body, data: { ...body.data, access_token: withSession(tokens.access, tokens.refresh, secret) } };
    });
    next();
  };
}

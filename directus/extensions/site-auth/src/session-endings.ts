/**
 * Tells the live sockets which sessions ended (shared/session-news.ts): a sign-out once it is
 * answered, and a password or email change, a suspension or a deletion once it is stored. Directus
 * removes those sessions itself; what it keeps (the session that changed the password) is kept here too.
 */
import jwt from 'jsonwebtoken';
import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import type { RegisterFunctions } from '../../shared/directus.ts';
import { tellSessionsEnded } from '../../shared/session-news.ts';
import { refreshModeOf, type AuthCookies } from './session-tokens.ts';

type Caller = Request & { cookies?: Record<string, unknown> };
type Next = (err?: unknown) => void;
type Action = RegisterFunctions['action'];

/** The session key a sign-out names, opened already (openPresentedTokens), as Directus will read it. */
function signedOutKey(req: Caller, cookies: AuthCookies): string | null {
  const mode = refreshModeOf(req.body);
  const fields = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  const key = mode === 'json' ? fields.refresh_token
    : mode === 'cookie' ? req.cookies?.[cookies.refresh]
      : mode === 'session' ? claimedSession(req.cookies?.[cookies.session])
        : null;
  return typeof key === 'string' && key ? key : null;
}

function claimedSession(token: unknown): unknown {
  const claims = typeof token === 'string' ? jwt.decode(token) : null;
  return claims && typeof claims === 'object' ? claims.session : null;
}

/** For POST /auth/logout: once it succeeds, the person's sockets on sessions that are gone end. */
export function announceSignOut(database: Knex, cookies: AuthCookies, logError: (err: unknown) => void) {
  return async (req: Caller, res: Response, next: Next) => {
    const key = signedOutKey(req, cookies);
    const row = key ? await database('directus_sessions').where('token', key).first('user').catch(logError) : undefined;
    const user = typeof row?.user === 'string' ? row.user : null;
    if (user) res.on('finish', () => { if (res.statusCode < 300) tellSessionsEnded({ user, kept: 'live' }).catch(logError); });
    next();
  };
}

export function registerAccountEndings(action: Action, logError: (err: unknown) => void): void {
  const tell = (keys: unknown, kept: string | null) => {
    for (const user of Array.isArray(keys) ? keys : []) if (typeof user === 'string') tellSessionsEnded({ user, kept }).catch(logError);
  };
  action('users.update', ({ keys, payload }, { accountability }) => {
    const change = (payload ?? {}) as Record<string, unknown>;
    if (change.status !== undefined && change.status !== 'active') tell(keys, null);
    else if (change.password !== undefined || change.email !== undefined) tell(keys, accountability?.session ?? null);
  });
  action('users.delete', ({ keys }) => tell(keys, null));
}

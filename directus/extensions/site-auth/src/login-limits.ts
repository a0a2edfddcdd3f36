/**
 * Sign-in attempts are limited per address and per email, with a 429 and a Russian message; a
 * browser that signed in to the account before is limited on its own (trusted-device.ts). Every
 * attempt takes a point before Directus checks the password, so parallel guesses are counted
 * too; a successful sign-in gives its point back, and a password reset lifts its email's limit
 * (liftEmailLimitOnReset). Directus's own suspension after N failures is
 * off (directus/apply/settings.ts): it would let anyone lock anyone out.
 */
import { createError } from '@directus/errors';
import jwt from 'jsonwebtoken';
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { Request, Response } from 'express';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_MS, deviceCookie, trustedDevice } from './trusted-device.ts';
import { onJsonResponse, type JsonBody } from './json-response.ts';
import { addressKey } from '../../../../shared/address-key.ts';

const WINDOW_S = 15 * 60;

export const LOGIN_LIMITS = {
  /** Attempts from one address, whatever the account. */
  address: { points: 30, duration: WINDOW_S },
  /** Attempts at one email from browsers that never signed in to it. */
  email: { points: 10, duration: WINDOW_S },
  /** Attempts from a browser that signed in to the account before. */
  device: { points: 10, duration: WINDOW_S },
} as const;

export type LoginLimiters = Record<keyof typeof LOGIN_LIMITS, RateLimiterAbstract>;

export const tooManyLogins = (minutes: number) =>
  `Слишком много попыток входа. Попробуйте через ${minutes} мин. или восстановите пароль`;

const LoginLimitedError = createError<{ retryAfter: number }>('LOGIN_LIMITED', (ext) => tooManyLogins(Math.max(1, Math.ceil(ext.retryAfter / 60))), 429);

type Caller = Request & { accountability?: { ip?: string | null } | null; cookies?: Record<string, string> };
type Next = (err?: unknown) => void;

const isRefusal = (reason: unknown): reason is RateLimiterRes => !!reason && typeof reason === 'object' && 'msBeforeNext' in reason;

export function limitLogins(limiters: LoginLimiters, secret: string, secureCookie: boolean) {
  return (req: Caller, res: Response, next: Next) => {
    check(limiters, secret, secureCookie, req, res).then(() => next(), next);
  };
}

async function check(limiters: LoginLimiters, secret: string, secureCookie: boolean, req: Caller, res: Response): Promise<void> {
  const email = typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : '';
  if (!email) return;
  const device = trustedDevice(secret, req.cookies?.[DEVICE_COOKIE], email);
  const counted: [RateLimiterAbstract, string][] = device
    ? [[limiters.device, device]]
    : [[limiters.address, addressKey(req.accountability?.ip ?? req.ip)], [limiters.email, email]];

  const results = await Promise.allSettled(counted.map(([limiter, key]) => limiter.consume(key)));
  const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (refused) {
    // The points the other limiters took for a refused attempt go back.
    await Promise.all(counted.map(([limiter, key], i) => results[i].status === 'fulfilled' && limiter.reward(key, 1)));
    if (!isRefusal(refused.reason)) throw refused.reason;
    const retryAfter = Math.ceil(refused.reason.msBeforeNext / 1000);
    res.set('Retry-After', String(retryAfter));
    throw new LoginLimitedError({ retryAfter });
  }

  onJsonResponse(res, (status, body: JsonBody) => {
    if (status >= 400 || !body?.data) return body;
    // The person knew the password: this attempt is given back, and this email or device starts afresh.
    Promise.all(counted.map(([limiter, key]) => (limiter === limiters.address ? limiter.reward(key, 1) : limiter.delete(key))))
      .catch(() => undefined); // a store hiccup only means the points stay counted
    res.cookie(DEVICE_COOKIE, deviceCookie(secret, email), {
      httpOnly: true, sameSite: 'lax', secure: secureCookie, path: '/', maxAge: DEVICE_COOKIE_MAX_AGE_MS,
    });
    return body;
  });
}

/**
 * For POST /auth/password/reset: the limit's message sends the person to reset their password, so a
 * reset that succeeds lifts the limit on their email; it went on refusing the new password. The
 * token's email is read unchecked, and acted on only once Directus took the token.
 */
export function liftEmailLimitOnReset(limiters: LoginLimiters) {
  return (req: Request, res: Response, next: Next) => {
    const claims = typeof req.body?.token === 'string' ? jwt.decode(req.body.token) : null;
    const email = claims && typeof claims === 'object' && typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (email) res.on('finish', () => { if (res.statusCode < 300) limiters.email.delete(email).catch(() => undefined); });
    next();
  };
}

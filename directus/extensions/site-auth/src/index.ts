/**
 * Sign-in: attempts limited per address, email and trusted browser; access tokens bound to their
 * session in every mode; a refresh token just spent still refreshes for a moment; mail subjects.
 */
import { defineHook } from '@directus/extensions';
import { createRateLimiter, getMilliseconds } from '../../shared/directus-internals.ts';
import { LOGIN_LIMITS, limitLogins, type LoginLimiters } from './login-limits.ts';
import { refreshWithGrace } from './refresh-grace.ts';
import { bindTokensToSession } from './session-tokens.ts';
import { envText, limiterPrefix } from '../../shared/env.ts';

/** Subjects of the mails Directus sends, in Russian (the bodies are directus/email-templates). */
const SUBJECTS: Record<string, string> = { 'password-reset': 'Восстановление пароля' };

export default defineHook(({ init, filter }, { env, database }) => {
  filter('email.send', (mail: { subject?: string; template?: { name?: string } }) => {
    const subject = SUBJECTS[mail.template?.name ?? ''];
    return subject ? { ...mail, subject } : mail;
  });

  const secret = String(env.SECRET);
  // Memory by default, Redis when Directus's limiters use it: every instance then counts together.
  const prefix = limiterPrefix(env);
  const limiters = Object.fromEntries(Object.entries(LOGIN_LIMITS).map(([name, { points, duration }]) =>
    [name, createRateLimiter('RATE_LIMITER_LOGIN', { keyPrefix: `${prefix}-login-${name}`, points, duration })])) as LoginLimiters;
  const limit = limitLogins(limiters, secret, env.REFRESH_TOKEN_COOKIE_SECURE === true);
  const bind = bindTokensToSession(secret, envText(env, 'REFRESH_TOKEN_COOKIE_NAME') ?? 'directus_refresh_token');
  const grace = refreshWithGrace(database, getMilliseconds(env.SESSION_REFRESH_GRACE_PERIOD, 10_000));

  init('routes.before', ({ app }) => {
    for (const path of ['/auth/login', '/auth/login/:provider']) app.post(path, limit);
    app.post('/auth/refresh', grace);
    for (const path of ['/auth/login', '/auth/login/:provider', '/auth/refresh']) app.post(path, bind);
  });
});

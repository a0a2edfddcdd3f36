/**
 * Sign-in: attempts limited per address, email and trusted browser; a password taken over REST
 * alone; access tokens bound to their session in every mode; a refresh token just spent still
 * refreshes for a moment; password reset letters paced; mail subjects.
 */
import { defineHook } from '@directus/extensions';
import { InvalidCredentialsError } from '@directus/errors';
import { createRateLimiter, getMilliseconds } from '../../shared/directus-internals.ts';
import { pace } from '../../shared/pace.ts';
import { LOGIN_LIMITS, limitLogins, type LoginLimiters } from './login-limits.ts';
import { paceResetLetters, paceResetRequests } from './reset-limits.ts';
import { refreshWithGrace } from './refresh-grace.ts';
import { bindTokensToSession } from './session-tokens.ts';
import { envText, limiterPrefix } from '../../shared/env.ts';

/** Subjects of the mails Directus sends, in Russian (the bodies are directus/email-templates). */
const SUBJECTS: Record<string, string> = { 'password-reset': 'Восстановление пароля' };

interface Mail { to?: unknown; subject?: string; template?: { name?: string } }

export default defineHook(({ init, filter }, { env, database }) => {
  const resetLetters = paceResetLetters(pace('passwordLetter', env, 'Слишком много писем для восстановления пароля.'));
  // Directus sends nothing when the filters leave no mail.
  filter<Mail | null>('email.send', async (given) => {
    const mail = given && (await resetLetters(given));
    const subject = SUBJECTS[mail?.template?.name ?? ''];
    return mail && subject ? { ...mail, subject } : mail;
  });

  // A sign-in with a password reaches Directus with no caller only from the realtime socket's auth
  // message, which would skip the limits on REST's routes (below): the site's sockets sign in with a token.
  filter('auth.login', (payload: unknown, _meta: unknown, context: { accountability?: unknown }) => {
    if (!context.accountability) throw new InvalidCredentialsError();
    return payload;
  });

  const secret = String(env.SECRET);
  // Memory by default, Redis when Directus's limiters use it: every instance then counts together.
  const prefix = limiterPrefix(env);
  const limiters = Object.fromEntries(Object.entries(LOGIN_LIMITS).map(([name, { points, duration }]) =>
    [name, createRateLimiter('RATE_LIMITER_LOGIN', { keyPrefix: `${prefix}-login-${name}`, points, duration })])) as LoginLimiters;
  const limit = limitLogins(limiters, secret, env.REFRESH_TOKEN_COOKIE_SECURE === true);
  const bind = bindTokensToSession(secret, envText(env, 'REFRESH_TOKEN_COOKIE_NAME') ?? 'directus_refresh_token');
  const grace = refreshWithGrace(database, getMilliseconds(env.SESSION_REFRESH_GRACE_PERIOD, 10_000));

  const resetRequests = paceResetRequests(pace('passwordRequest', env, 'Слишком много запросов на восстановление пароля.'));

  init('routes.before', ({ app }) => {
    for (const path of ['/auth/login', '/auth/login/:provider']) app.post(path, limit);
    app.post('/auth/password/request', resetRequests);
    app.post('/auth/refresh', grace);
    for (const path of ['/auth/login', '/auth/login/:provider', '/auth/refresh']) app.post(path, bind);
  });
});

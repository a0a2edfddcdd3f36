/**
 * Sign-in: attempts limited per address, email and trusted browser; a password taken over REST
 * alone; access tokens bound to their session in every mode, and refresh tokens sealed so that no
 * access token holds one; a refresh token just spent still refreshes for a moment; open sockets told
 * when their sessions end; password reset letters paced; mail subjects.
 */
import { defineHook } from '@directus/extensions';
import { InvalidCredentialsError, TokenExpiredError } from '@directus/errors';
import { createRateLimiter, getMilliseconds } from '../../shared/directus-internals.ts';
import { pace } from '../../shared/pace.ts';
import { LOGIN_LIMITS, liftEmailLimitOnReset, limitLogins, type LoginLimiters } from './login-limits.ts';
import { paceResetLetters, paceResetRequests } from './reset-limits.ts';
import { refreshWithGrace } from './refresh-grace.ts';
import { bindTokensToSession, openPresentedTokens } from './session-tokens.ts';
import { announceSignOut, registerAccountEndings } from './session-endings.ts';
import { envText, limiterPrefix } from '../../shared/env.ts';
import { isStaleRoleToken } from '../../shared/stale-role.ts';

/** Subjects of the mails Directus sends, in Russian (the bodies are directus/email-templates). */
const SUBJECTS: Record<string, string> = { 'password-reset': 'Восстановление пароля' };

interface Mail { to?: unknown; subject?: string; template?: { name?: string } }

export default defineHook(({ init, filter, action }, { env, database, logger }) => {
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

  // So does a refresh, from the socket's auth message with a refresh token. The site's refresh tokens
  // are sealed and REST's routes alone open them (refresh-seal.ts), so one that gets here is a bare
  // session key read from an access token. Directus has replaced the key by now: that session ends,
  // as it should once its access token is in a stranger's hands.
  filter('auth.jwt', (payload: unknown, meta: { type?: unknown }, context: { accountability?: unknown }) => {
    if (meta.type === 'refresh' && !context.accountability) throw new InvalidCredentialsError();
    return payload;
  });

  // A token of a role its person no longer holds (a plan ended) is refused as expired (stale-role.ts):
  // by REST and GraphQL, and when a socket signs in with it.
  filter('authenticate', async (accountability: unknown, meta: { req?: { token?: unknown } }) => {
    if (await isStaleRoleToken(database, meta.req?.token)) throw new TokenExpiredError();
    return accountability;
  });
  filter('websocket.authenticate', async (accountability: unknown, meta: { message?: { access_token?: unknown } }) => {
    if (await isStaleRoleToken(database, meta.message?.access_token)) throw new TokenExpiredError();
    return accountability;
  });

  const secret = String(env.SECRET);
  // Memory by default, Redis when Directus's limiters use it: every instance then counts together.
  const prefix = limiterPrefix(env);
  const limiters = Object.fromEntries(Object.entries(LOGIN_LIMITS).map(([name, { points, duration }]) =>
    [name, createRateLimiter('RATE_LIMITER_LOGIN', { keyPrefix: `${prefix}-login-${name}`, points, duration })])) as LoginLimiters;
  const limit = limitLogins(limiters, secret, env.REFRESH_TOKEN_COOKIE_SECURE === true);
  const cookies = {
    refresh: envText(env, 'REFRESH_TOKEN_COOKIE_NAME') ?? 'directus_refresh_token',
    session: envText(env, 'SESSION_COOKIE_NAME') ?? 'directus_session_token',
  };
  const open = openPresentedTokens(secret, cookies);
  const bind = bindTokensToSession(secret, cookies.refresh);
  const grace = refreshWithGrace(database, getMilliseconds(env.SESSION_REFRESH_GRACE_PERIOD, 10_000));

  const logError = (err: unknown) => logger.error(err);
  const signedOut = announceSignOut(database, cookies, logError);
  registerAccountEndings(action, logError);

  const resetRequests = paceResetRequests(pace('passwordRequest', env, 'Слишком много запросов на восстановление пароля.'));

  init('routes.before', ({ app }) => {
    for (const path of ['/auth/login', '/auth/login/:provider']) app.post(path, limit);
    app.post('/auth/password/request', resetRequests);
    app.post('/auth/password/reset', liftEmailLimitOnReset(limiters));
    // The grace reads the opened token, and its answer reaches bind's sealing after it kept the spent one.
    for (const path of ['/auth/refresh', '/auth/logout']) app.post(path, open);
    app.post('/auth/logout', signedOut);
    for (const path of ['/auth/login', '/auth/login/:provider', '/auth/refresh']) app.post(path, bind);
    app.post('/auth/refresh', grace);
  });
});

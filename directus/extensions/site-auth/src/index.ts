/** Sign-in: attempts limited per address, email and trusted browser; access tokens bound to their session. */
import { defineHook } from '@directus/extensions';
import { createRateLimiter } from '@directus/api/rate-limiter';
import { LOGIN_LIMITS, limitLogins, type LoginLimiters } from './login-limits.ts';
import { bindTokensToSession } from './session-tokens.ts';

export default defineHook(({ init }, { env }) => {
  const secret = String(env.SECRET);
  // Memory by default, Redis when Directus's limiters use it: every instance then counts together.
  const prefix = typeof env.RATE_LIMITER_KEY_PREFIX === 'string' ? env.RATE_LIMITER_KEY_PREFIX : 'rl';
  const limiters = Object.fromEntries(Object.entries(LOGIN_LIMITS).map(([name, { points, duration }]) =>
    [name, createRateLimiter('RATE_LIMITER_LOGIN', { keyPrefix: `${prefix}-login-${name}`, points, duration })])) as LoginLimiters;
  const limit = limitLogins(limiters, secret, env.REFRESH_TOKEN_COOKIE_SECURE === true);
  const bind = bindTokensToSession(secret);

  init('routes.before', ({ app }) => {
    for (const path of ['/auth/login', '/auth/login/:provider']) app.post(path, limit);
    for (const path of ['/auth/login', '/auth/login/:provider', '/auth/refresh']) app.post(path, bind);
  });
});

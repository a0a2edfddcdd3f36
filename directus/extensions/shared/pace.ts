/**
 * Pace of writing (PACE in shared/rules.ts): each kind of write gets one of Directus's own rate
 * limiters, in memory or in Redis as RATE_LIMITER_STORE says, so every instance counts together.
 * A refusal is a 429 whose message says what and how long to wait. An operator may raise an
 * allowance with RATE_LIMITER_PACE_<KIND>_POINTS (many people behind one address, test suites).
 */
import { createRateLimiter } from '@directus/api/rate-limiter';
import { createError } from '@directus/errors';
import { PACE, type PaceKind } from '../../../shared/rules.ts';

const TooFastError = createError<{ reason: string; wait: number }>('TOO_FAST', (ext) => ext.reason, 429);

/** "Подождите 12 с." under two minutes, then in minutes. */
export function waitText(seconds: number): string {
  return seconds < 120 ? `${seconds} с.` : `${Math.ceil(seconds / 60)} мин.`;
}

export interface Pace {
  /** Takes one write from `who`'s allowance, or refuses with `tooFast` and the time to wait. */
  take(who: string): Promise<void>;
}

export function pace(kind: PaceKind, env: Record<string, unknown>, tooFast: string): Pace {
  const prefix = typeof env.RATE_LIMITER_KEY_PREFIX === 'string' ? env.RATE_LIMITER_KEY_PREFIX : 'rl';
  const { count, seconds } = PACE[kind];
  const name = `RATE_LIMITER_PACE_${kind.toUpperCase()}`;
  const points = Number(env[`${name}_POINTS`]) || count;
  const limiter = createRateLimiter(name, { keyPrefix: `${prefix}-pace-${kind}`, points, duration: seconds });
  return {
    async take(who) {
      try {
        await limiter.consume(who);
      } catch (refusal) {
        const ms = (refusal as { msBeforeNext?: unknown })?.msBeforeNext;
        if (typeof ms !== 'number') throw refusal;
        const wait = Math.max(1, Math.ceil(ms / 1000));
        throw new TooFastError({ reason: `${tooFast} Подождите ${waitText(wait)}`, wait });
      }
    },
  };
}

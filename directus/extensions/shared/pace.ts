/**
 * Pace of writing (PACE in shared/rules.ts): each kind of write gets one of Directus's own rate
 * limiters, in memory or in Redis as RATE_LIMITER_STORE says, so every instance counts together.
 * A refusal is a 429 whose message says what and how long to wait. An operator may raise an
 * allowance with RATE_LIMITER_PACE_<KIND>_POINTS (many people behind one address, test suites).
 */
import { createError } from '@directus/errors';
import type { PaceKind } from '../../../shared/rules.ts';
import { createRateLimiter } from './directus-internals.ts';
import { paceLimit, secondsToWait, tooFastReason } from './pace-rules.ts';

const TooFastError = createError<{ reason: string; wait: number }>('TOO_FAST', (ext) => ext.reason, 429);

export interface Pace {
  /** Takes `writes` (one by default) from `who`'s allowance, or refuses with `tooFast` and the time to wait. */
  take(who: string, writes?: number): Promise<void>;
}

type Limiter = ReturnType<typeof createRateLimiter>;
/**
 * One limiter a kind in this process, whichever extension asks for it: each extension is a bundle of
 * its own, and two limiters in memory would each give the whole allowance (a route and a rule on the
 * same writes, or two routes to them).
 */
const LIMITERS = Symbol.for('site.pace-limiters');
const limiters = ((globalThis as Record<symbol, unknown>)[LIMITERS] ??= new Map<string, Limiter>()) as Map<string, Limiter>;

export function pace(kind: PaceKind, env: Record<string, unknown>, tooFast: string): Pace {
  const { name, keyPrefix, points, duration } = paceLimit(kind, env);
  const limiter = limiters.get(keyPrefix) ?? createRateLimiter(name, { keyPrefix, points, duration });
  limiters.set(keyPrefix, limiter);
  return {
    async take(who, writes = 1) {
      try {
        await limiter.consume(who, writes);
      } catch (refusal) {
        const wait = secondsToWait(refusal);
        if (wait === null) throw refusal;
        throw new TooFastError({ reason: tooFastReason(tooFast, wait), wait });
      }
    },
  };
}

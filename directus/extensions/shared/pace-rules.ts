/** The pace's arithmetic (pace.ts): each kind's allowance and what a refusal tells the writer. */
import { PACE, type PaceKind } from '../../../shared/rules.ts';
import { limiterPrefix } from './env.ts';

export interface PaceLimit {
  /** Directus's limiter settings it is configured from (RATE_LIMITER_PACE_<KIND>_...). */
  name: string;
  keyPrefix: string;
  points: number;
  duration: number;
}

/** The default allowance of `kind`, which an operator may raise with RATE_LIMITER_PACE_<KIND>_POINTS. */
export function paceLimit(kind: PaceKind, env: Record<string, unknown>): PaceLimit {
  const prefix = limiterPrefix(env);
  const { count, seconds } = PACE[kind];
  const name = `RATE_LIMITER_PACE_${kind.toUpperCase()}`;
  return { name, keyPrefix: `${prefix}-pace-${kind}`, points: Number(env[`${name}_POINTS`]) || count, duration: seconds };
}

/** "Подождите 12 с." under two minutes, then in minutes. */
export function waitText(seconds: number): string {
  return seconds < 120 ? `${seconds} с.` : `${Math.ceil(seconds / 60)} мин.`;
}

/** Whole seconds to wait (at least one) when the limiter refused, or null when what it threw is no refusal. */
export function secondsToWait(refusal: unknown): number | null {
  const ms = (refusal as { msBeforeNext?: unknown } | null)?.msBeforeNext;
  return typeof ms === 'number' ? Math.max(1, Math.ceil(ms / 1000)) : null;
}

/** The refusal's message: what was refused and how long to wait. */
export const tooFastReason = (tooFast: string, seconds: number): string => `${tooFast} Подождите ${waitText(seconds)}`;

/**
 * When a stopped process is started again: after a wait that grows while it keeps stopping soon after
 * each start, back to the first wait once a run lasted, and never again after too many quick stops in a row.
 */
export interface RestartPolicy {
  /** Waits before the 1st, 2nd, … restart of a row of quick stops; the last repeats. */
  delaysMs: number[];
  /** A run this long or longer was no quick stop: the next wait is the first again. */
  steadyMs: number;
  /** Quick stops in a row after which the process is left stopped. */
  maxQuickStops: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  delaysMs: [1_000, 2_000, 5_000, 10_000, 30_000],
  steadyMs: 30_000,
  maxQuickStops: 5,
};

export type RestartDecision = { restart: true; delayMs: number; quickStops: number } | { restart: false; quickStops: number };

/** `quickStops` is how many quick stops came right before this one; `ranMs` how long this run lasted (0: it never came up). */
export function decideRestart(policy: RestartPolicy, quickStops: number, ranMs: number): RestartDecision {
  const inRow = ranMs >= policy.steadyMs ? 0 : quickStops + 1;
  if (inRow >= policy.maxQuickStops) return { restart: false, quickStops: inRow };
  const delays = policy.delaysMs;
  const delayMs = delays[Math.min(Math.max(inRow - 1, 0), delays.length - 1)] ?? 0;
  return { restart: true, delayMs, quickStops: inRow };
}

/**
 * The cross-fade of N pictures that each hold the stage for one step: one cycle of N steps, every
 * picture running the same keyframes shifted by its own step, fading in and out over `fadeMs`.
 */
export interface FrameFade {
  cycleMs: number;
  /** Each picture's animation delay: negative, so the cycle is under way from the first paint. */
  delaysMs: number[];
  /** The body of the @keyframes rule (opacity over the cycle). */
  keyframes: string;
}

const pct = (n: number) => `${Math.round(n * 10_000) / 100}%`;

export function frameFade(count: number, stepMs: number, fadeMs: number): FrameFade {
  const cycleMs = count * stepMs;
  const fade = Math.min(fadeMs, stepMs / 2) / cycleMs;
  const step = stepMs / cycleMs;
  return {
    cycleMs,
    // Picture i starts its visible step at i × step; the first is visible at once.
    delaysMs: Array.from({ length: count }, (_, i) => (i === 0 ? 0 : i * stepMs - cycleMs)),
    keyframes: `0% { opacity: 1; } ${pct(step)} { opacity: 1; } ${pct(step + fade)} { opacity: 0; } ${pct(1 - fade)} { opacity: 0; } 100% { opacity: 1; }`,
  };
}

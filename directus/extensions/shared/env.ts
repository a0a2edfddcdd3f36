/**
 * A setting from Directus's env as text, or null when it is unset or empty. Directus casts values that
 * look like numbers or booleans, so a secret or an id of digits comes as a number: it is read back as text.
 */
export function envText(env: Record<string, unknown>, name: string): string | null {
  const value = env[name];
  return value === undefined || value === null || value === '' ? null : String(value);
}

/** The prefix of our own limiters' keys, as Directus's own limiters take it (memory, or Redis shared by instances). */
export function limiterPrefix(env: Record<string, unknown>): string {
  return envText(env, 'RATE_LIMITER_KEY_PREFIX') ?? 'rl';
}

/** A number of milliseconds from Directus's env (0 included), or `fallback` when unset or no such number. */
export function envMs(env: Record<string, unknown>, name: string, fallback: number): number {
  const text = envText(env, name);
  const value = Number(text);
  return text !== null && Number.isFinite(value) && value >= 0 ? value : fallback;
}

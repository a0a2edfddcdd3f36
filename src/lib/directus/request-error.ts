/**
 * A failed call: the HTTP status when there was an answer, and the backend's first message; `reason`
 * is the Russian explanation the backend's rules give for a refused value, to show as it is.
 */
export class DirectusRequestError extends Error {
  status: number | null;
  reason: string | null;
  constructor(message: string, status: number | null, reason: string | null = null) {
    super(message);
    this.name = 'DirectusRequestError';
    this.status = status;
    this.reason = reason;
  }
}

/** What to tell the person about a failed call: the backend's own reason, or `fallback`. */
export function reasonOf(err: unknown, fallback: string): string {
  return err instanceof DirectusRequestError && err.reason ? err.reason : fallback;
}

/**
 * Which of the backend's words a refusal may show as they are: the Russian reason of a 4xx (the rules'
 * `extensions.reason`, or a limit's own 429 message). Directus's own words (a 503 «Under pressure»,
 * its global limiter's «Too many requests») are English and never reach the page.
 */
export function refusalShown(status: number | null, reason: unknown, message: unknown): string | null {
  if (status === null || status < 400 || status >= 500) return null;
  const shown = typeof reason === 'string' ? reason : status === 429 ? message : null;
  return typeof shown === 'string' && /[а-яё]/i.test(shown) ? shown : null;
}

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

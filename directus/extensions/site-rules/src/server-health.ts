/**
 * Directus's /server/health runs every check it has for every caller (a database query, a file written
 * to storage and read back, a connection to the mail server) and then tells anyone but an administrator
 * only 'ok', 'warn' or 'error': the rate limiter's 300 calls a second from one address were 300
 * connections a second to the mail server. Callers other than administrators share one run of the
 * checks every HEALTH_REUSE_MS; administrators get a run of their own, with every detail, as before.
 */
import type { Request, Response } from 'express';
import type { Accountability } from '../../shared/directus.ts';
import type { Register } from './types.ts';

export const HEALTH_REUSE_MS = 5_000;

type Caller = Request & { accountability?: Accountability | null };

/**
 * `run`, shared by every call within `ms` of the run it answers with; a run that fails is not
 * shared (the next call starts another).
 */
export function reusedFor<T>(ms: number, run: () => Promise<T>, now: () => number = () => performance.now()): () => Promise<T> {
  let last: { at: number; result: Promise<T> } | null = null;
  return () => {
    if (last && now() - last.at < ms) return last.result;
    const current = { at: now(), result: run() };
    last = current;
    current.result.catch(() => {
      if (last === current) last = null;
    });
    return current.result;
  };
}

/** `check`: Directus's health as a caller who is not an administrator gets it, `{ status }`. */
export function registerServerHealth({ init }: Register, check: () => Promise<{ status?: unknown }>): void {
  const shared = reusedFor(HEALTH_REUSE_MS, check);
  init('routes.before', ({ app }) => {
    app.get('/server/health', (req: Caller, res: Response, next: (err?: unknown) => void) => {
      if (req.accountability?.admin) return next();
      shared().then((health) => {
        const status = typeof health.status === 'string' ? health.status : 'error';
        res.status(status === 'error' ? 503 : 200).set({ 'Content-Type': 'application/health+json', 'Cache-Control': 'no-store' }).send(JSON.stringify({ status }));
      }, next);
    });
  });
}

/**
 * Directus's /server/health runs every check it has for every caller (a database query, a file written
 * to storage and read back, a connection to the mail server) and then tells anyone but an administrator
 * only 'ok', 'warn' or 'error': the 300 calls a second the rate limiter lets one address make would be
 * 300 connections a second to the mail server. Callers other than administrators share one run of the
 * checks, reused for HEALTH_REUSE_MS after it ends; administrators get a run of their own, with every
 * detail, as before.
 */
import type { Request, Response } from 'express';
import type { Accountability } from '../../shared/directus.ts';
import { sharedRun } from '../../shared/shared-run.ts';
import type { Register } from './types.ts';

export const HEALTH_REUSE_MS = 1_000;

type Caller = Request & { accountability?: Accountability | null };

/** `check`: Directus's health as a caller who is not an administrator gets it, `{ status }`. */
export function registerServerHealth({ init }: Register, check: () => Promise<{ status?: unknown }>): void {
  const shared = sharedRun(check, HEALTH_REUSE_MS);
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

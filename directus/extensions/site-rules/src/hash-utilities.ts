/**
 * Directus's /utils/hash/generate and /utils/hash/verify hash or check any string with argon2 for any
 * caller, visitors included, and verify works at whatever cost the hash it is given names (memory,
 * passes): one request could ask for gigabytes and minutes of the backend's time. Nothing on the site
 * asks for them; administrators keep them.
 */
import { ForbiddenError } from '@directus/errors';
import type { Request } from 'express';
import type { Accountability } from '../../shared/directus.ts';
import type { Register } from './types.ts';

type Caller = Request & { accountability?: Accountability | null };

export function registerHashUtilities({ init }: Register): void {
  init('routes.before', ({ app }) => {
    app.use('/utils/hash', (req: Caller, _res: unknown, next: (err?: unknown) => void) => {
      next(req.accountability?.admin ? undefined : new ForbiddenError());
    });
  });
}

/**
 * Directus's routes that the site never asks for, kept to the people who may need them:
 * - /utils/hash/generate and /utils/hash/verify hash or check any string with argon2, and verify works at
 *   whatever cost the hash it is given names (memory, passes): four visitors' requests naming 1 GiB and
 *   20 passes held 4 GiB and every worker thread for 60 s. Administrators alone.
 * - /utils/export and /utils/import read or write a whole collection in the background and leave a
 *   notification, mailed to its recipient, of how it went: a user's export read every title and mailed
 *   them its failure, as often as asked. The admin app's people alone.
 * - /schema/diff and /schema/apply read a whole uploaded snapshot into memory and parse it before Directus
 *   asks who sent it: a visitor's 300 MB upload took the backend from 442 to 1,358 MiB for 9–13 s, only to be
 *   refused. Administrators alone, refused before the body is read.
 * - /users/me/tfa turns on two-factor sign-in, which the site's sign-in form never asks for: a member who
 *   turned it on could no longer sign in on the site, and a number for the password was a 500. The admin
 *   app's people alone.
 */
import { ForbiddenError } from '@directus/errors';
import type { Request } from 'express';
import { isStaff } from '../../shared/accountability.ts';
import type { Accountability } from '../../shared/directus.ts';
import type { Register } from './types.ts';

type Caller = Request & { accountability?: Accountability | null };

const onlyFor = (may: (who: Accountability | null | undefined) => boolean) =>
  (req: Caller, _res: unknown, next: (err?: unknown) => void) => next(may(req.accountability) ? undefined : new ForbiddenError());

export function registerUtilityRoutes({ init }: Register): void {
  init('routes.before', ({ app }) => {
    const admins = onlyFor((who) => who?.admin === true);
    for (const path of ['/utils/hash', '/schema']) app.use(path, admins);
    for (const path of ['/utils/export', '/utils/import', '/users/me/tfa']) app.use(path, onlyFor(isStaff));
  });
}

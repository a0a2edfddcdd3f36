/**
 * Addresses refused with a 400 before any route sees them:
 * - one that does not decode (`%ff`, a cut-off `%e0%a4`): Express decodes a route's parameters as it
 *   matches them and throws on such an address, and Directus answers any error not its own with a 500,
 *   on every route with a parameter (`/items/:collection` among them);
 * - one with an empty part (`/auth//login`): Directus mounts its routers by prefix, and a prefix takes
 *   the doubled slash, so `/auth//login` signs in, while the rules on exact routes (sign-in pacing,
 *   upload checks, utilities kept from members) never see it.
 */
import { InvalidPathParameterError } from '@directus/errors';
import type { Request } from 'express';
import type { Register } from './types.ts';

export const UNREADABLE_ADDRESS = 'Адрес запроса закодирован с ошибкой';
export const EMPTY_ADDRESS_PART = 'В адресе запроса две косые черты подряд';

/** Whether every percent-escape of `path` makes valid UTF-8, as route parameters are decoded. */
export function addressDecodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** Why `path` is refused, or undefined when it may go on to the routes. */
export function addressProblem(path: string): string | undefined {
  if (!addressDecodes(path)) return UNREADABLE_ADDRESS;
  if (path.includes('//')) return EMPTY_ADDRESS_PART;
  return undefined;
}

export function registerAddressCheck({ init }: Register): void {
  init('middlewares.before', ({ app }) => {
    app.use((req: Request, _res: unknown, next: (err?: unknown) => void) => {
      const problem = addressProblem(req.path);
      next(problem ? new InvalidPathParameterError({ reason: problem }) : undefined);
    });
  });
}

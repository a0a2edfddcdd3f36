/**
 * A request whose address does not decode (`%ff`, a cut-off `%e0%a4`) is refused with a 400. Express
 * decodes a route's parameters as it matches them and throws on such an address, and Directus answers
 * any error not its own with a 500, on every route with a parameter (`/items/:collection` among them).
 */
import { InvalidPathParameterError } from '@directus/errors';
import type { Request } from 'express';
import type { Register } from './types.ts';

export const UNREADABLE_ADDRESS = 'Адрес запроса закодирован с ошибкой';

/** Whether every percent-escape of `path` makes valid UTF-8, as route parameters are decoded. */
export function addressDecodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export function registerAddressCheck({ init }: Register): void {
  init('middlewares.before', ({ app }) => {
    app.use((req: Request, _res: unknown, next: (err?: unknown) => void) => {
      next(addressDecodes(req.path) ? undefined : new InvalidPathParameterError({ reason: UNREADABLE_ADDRESS }));
    });
  });
}

/** Errors the rules throw: Directus answers them with 400 and the Russian reason in `errors[0].message`. */
import { InvalidPayloadError, ForbiddenError } from '@directus/errors';

export function invalid(reason: string): never {
  throw new InvalidPayloadError({ reason });
}

export function forbidden(): never {
  throw new ForbiddenError();
}

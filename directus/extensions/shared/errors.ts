/** Errors the rules throw: Directus answers them with 400 and the Russian reason in `errors[0].message`. */
import { InvalidPayloadError, ForbiddenError } from '@directus/errors';

export function invalid(reason: string): never {
  throw new InvalidPayloadError({ reason });
}

export function forbidden(): never {
  throw new ForbiddenError();
}

/** The reason `act` was refused with (as `invalid` gives it), or null when it passed: for the rules' tests. */
export function refusalOf(act: () => unknown): string | null {
  try {
    act();
    return null;
  } catch (err) {
    return (err as { extensions?: { reason?: string } }).extensions?.reason ?? String(err);
  }
}

/** Errors the rules throw: Directus answers them with 400 and the Russian reason alone in `errors[0].message`. */
import { createError, ForbiddenError } from '@directus/errors';

/**
 * A rule's refusal. Directus's InvalidPayloadError reads "Invalid payload. <reason>." and the admin app
 * shows any error but a failed validation in a dialog as «[INVALID_PAYLOAD] Invalid payload. …». Coded as
 * a failed validation, the app lists it in the form's own notice of invalid values instead, as
 * `validation_message` alone: `field` is '' because a rule is not always about one field of the form
 * (a row written inside another), and the app reads the field's name from it.
 */
const RuleRefusal = createError<{ reason: string; field: string; validation_message: string }>('FAILED_VALIDATION', (e) => e.reason, 400);

/** A rule's refusal to hand on rather than throw (an error handler's answer). */
export const refusal = (reason: string): Error => new RuleRefusal({ reason, field: '', validation_message: reason });

export function invalid(reason: string): never {
  throw refusal(reason);
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

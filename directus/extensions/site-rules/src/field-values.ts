/**
 * A value an editor writes that a page puts where it could load or run something (a frame's address,
 * a style, a file) or prints as a fact (a release year): checked in every collection and field named, whoever writes, and refused with its message.
 * Emptying one is always allowed. A message that changes with time (a year's range) is a function.
 */
import { invalid } from '../../shared/errors.ts';
import type { EventContext } from '../../shared/directus.ts';
import type { Meta, Payload, Register } from './types.ts';

/** Where a checked value is written. */
export interface FieldAt { collection: string; field: string }

/** Runs `check` on every value a create or update writes to a named field, in the write's own transaction; it throws to refuse. */
export function registerFieldCheck(
  { filter }: Register,
  fields: Readonly<Record<string, readonly string[]>>,
  check: (value: unknown, at: FieldAt, context: EventContext) => void | Promise<void>,
): void {
  for (const [collection, names] of Object.entries(fields)) {
    const run = async (payload: Payload, _meta: Meta, context: EventContext): Promise<Payload> => {
      for (const field of names) {
        const value: unknown = payload[field];
        if (field in payload && value !== null && value !== '') await check(value, { collection, field }, context);
      }
      return payload;
    };
    filter(`${collection}.items.create`, run);
    filter(`${collection}.items.update`, run);
  }
}

export function registerFieldValueRule(register: Register, fields: Readonly<Record<string, readonly string[]>>, accepts: (value: unknown) => boolean, message: string | (() => string)): void {
  registerFieldCheck(register, fields, (value) => {
    if (!accepts(value)) invalid(typeof message === 'string' ? message : message());
  });
}

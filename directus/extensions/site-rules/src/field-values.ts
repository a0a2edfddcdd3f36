/**
 * A value an editor writes that a page puts where it could load or run something (a frame's address,
 * a style) or prints as a fact (a release year): checked in every collection and field named, whoever writes, and refused with its message.
 * Emptying one is always allowed. A message that changes with time (a year's range) is a function.
 */
import { invalid } from '../../shared/errors.ts';
import type { Payload, Register } from './types.ts';

export function registerFieldValueRule({ filter }: Register, fields: Readonly<Record<string, readonly string[]>>, accepts: (value: unknown) => boolean, message: string | (() => string)): void {
  for (const [collection, names] of Object.entries(fields)) {
    const check = (payload: Payload): Payload => {
      for (const name of names) {
        const value: unknown = payload[name];
        if (name in payload && value !== null && value !== '' && !accepts(value)) invalid(typeof message === 'string' ? message : message());
      }
      return payload;
    };
    filter(`${collection}.items.create`, check);
    filter(`${collection}.items.update`, check);
  }
}

/**
 * A NUL character in written text is refused on every database, before the write. PostgreSQL cannot
 * store one (database-errors.ts tells its refusal as a 400); SQLite would keep it, to be cut short or
 * shown as a box wherever it is read.
 */
import { invalid } from '../../shared/errors.ts';
import type { Payload, Register } from './types.ts';

export const BAD_TEXT_CHARACTER = 'Текст содержит недопустимый символ';

/** Whether any text in `value`, however deeply nested in lists and objects, holds a NUL character. */
export function holdsNul(value: unknown): boolean {
  // A list of what is left to look at, not recursion: a payload's depth is the caller's to choose.
  const left: unknown[] = [value];
  while (left.length > 0) {
    const next = left.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next !== null && typeof next === 'object') {
      left.push(...Object.values(next));
    }
  }
  return false;
}

/** Collections' items, accounts and files: what members, editors and the admin app write. */
const WRITES = ['items.create', 'items.update', 'users.create', 'users.update', 'files.create', 'files.update'];

export function registerTextCharacterRule({ filter }: Register): void {
  const check = (payload: Payload): Payload => {
    if (holdsNul(payload)) invalid(BAD_TEXT_CHARACTER);
    return payload;
  };
  for (const event of WRITES) filter(event, check);
}

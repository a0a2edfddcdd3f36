/**
 * Keys in payloads: the id of a row, given as a whole number, its digits, a uuid, or an object
 * carrying one. Anything else (true, a list, 1.5, an object without an id) is refused rather than
 * read: a database compares `true` with 1 and a list's number with the number.
 */
import { invalid } from './errors.ts';

const KEY_TEXT = /^(?:[1-9]\d{0,15}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export const BAD_KEY = 'Неверный идентификатор';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The key a payload names, or null when it names none; a value of another kind is refused. */
export function keyOf(value: unknown): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && KEY_TEXT.test(value)) return value;
  if (isObject(value) && 'id' in value && !isObject(value.id)) return keyOf(value.id);
  return invalid(BAD_KEY);
}

/** A whole-number key (titles, episodes, comments, chats...), or null when none is named. */
export function numberKeyOf(value: unknown): number | null {
  const key = keyOf(value);
  if (key === null) return null;
  const id = Number(key);
  return Number.isSafeInteger(id) ? id : invalid(BAD_KEY);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid key (people, files), or null when none is named: a number or digits are refused. */
export function uuidKeyOf(value: unknown): string | null {
  const key = keyOf(value);
  if (key === null) return null;
  return typeof key === 'string' && UUID.test(key) ? key.toLowerCase() : invalid(BAD_KEY);
}

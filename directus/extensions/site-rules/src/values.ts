/**
 * Values of user writes, their type checked before their content: trimmed, capped text (comments,
 * posts, messages, the profile) and yes/no flags.
 */
import { showsSomething } from '../../../../shared/visible-text.ts';
import { invalid } from '../../shared/errors.ts';

export const NOT_TEXT = 'Значение должно быть текстом';
export const NOT_FLAG = 'Значение должно быть true или false';

/** Text that must be there: a string that shows something, at most `max` characters, trimmed. */
export function requireText(value: unknown, max: number, emptyMessage: string, tooLongMessage: string): string {
  if (value !== null && value !== undefined && typeof value !== 'string') invalid(NOT_TEXT);
  const text = typeof value === 'string' ? value.trim() : '';
  if (!showsSomething(text)) invalid(emptyMessage);
  if (text.length > max) invalid(tooLongMessage);
  return text;
}

/** Text that may be left out (null, as is a blank one), otherwise a string of at most `max` characters, trimmed. */
export function optionalText(value: unknown, max: number, tooLongMessage: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') invalid(NOT_TEXT);
  const text = value.trim();
  if (text.length > max) invalid(tooLongMessage);
  // Blank is none: a name or «О себе» of invisible characters would show as an empty block.
  return showsSomething(text) ? text : null;
}

/** A yes/no flag as JSON's true or false: not "yes", 1 or [true]. */
export function flagOf(value: unknown): boolean {
  return typeof value === 'boolean' ? value : invalid(NOT_FLAG);
}

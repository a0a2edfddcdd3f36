/** Trimmed, capped user text: the shared check behind comments, posts, messages and the profile. */
import { invalid } from '../../shared/errors.ts';

export function requireText(value: unknown, max: number, emptyMessage: string, tooLongMessage: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) invalid(emptyMessage);
  if (text.length > max) invalid(tooLongMessage);
  return text;
}

export function optionalText(value: unknown, max: number, tooLongMessage: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') invalid(tooLongMessage);
  const text = value.trim();
  if (text.length > max) invalid(tooLongMessage);
  return text;
}

/** A related key from a payload: a plain id or an object carrying one. */
export function keyOf(value: unknown): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'object') return (value as { id?: string | number }).id ?? null;
  return value as string | number;
}

/** Small database helpers the payment code shares: values as each database hands them back. */
import type { Knex } from 'knex';

/** A timestamp as SQLite (milliseconds, as a number or digits) or PostgreSQL (a Date) returns it. */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value === 'string') return new Date(/^\d+$/.test(value) ? Number(value) : value);
  return null;
}

/** A JSON column as SQLite (text) or PostgreSQL (parsed) returns it. */
export function toJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

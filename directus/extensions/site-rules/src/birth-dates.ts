/**
 * An actor's date of birth, which the site prints on their page and in its structured data: one in the
 * future was taken (2031-05-05). Days are compared as calendar days, today being the latest day anywhere
 * on Earth (UTC+14), so an editor whose today is still yesterday in UTC is never refused today's date.
 */
import { fieldName } from '../../../schema/labels.ts';

const LATEST_OFFSET_MS = 14 * 60 * 60 * 1000;

/** The latest calendar day anywhere at `now`, as yyyy-mm-dd. */
const latestToday = (now: Date): string => new Date(now.getTime() + LATEST_OFFSET_MS).toISOString().slice(0, 10);

/** A date (yyyy-mm-dd, a time after it or not) no later than today; any other value is Directus's own to judge. */
export function isBirthDateSoFar(value: unknown, now: Date = new Date()): boolean {
  const day = typeof value === 'string' ? /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] : undefined;
  return !day || day <= latestToday(now);
}

export const BIRTH_DATE_ERROR = `${fieldName('actors', 'dob')} не может быть в будущем`;

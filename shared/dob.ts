/**
 * Date of birth rules, shared by the registration form and the backend:
 * the form types digits that become dd.mm.yyyy, the API stores yyyy-mm-dd.
 */
import { ADULT_AGE, DOB } from './rules.ts';

export const DOB_ERROR = 'Введите корректную дату в формате дд.мм.гггг';
export const ADULTS_ONLY = `Сайт только для взрослых: регистрация с ${ADULT_AGE} лет`;

/** Digits only, at most eight, shown as dd.mm.yyyy while typing. */
export function formatDobInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, DOB.digits);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean);
  return parts.join('.');
}

/** True for a real calendar date with a year from 1900 to 2100. */
export function isValidDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (year < DOB.minYear || year > DOB.maxYear || month < 1 || month > 12 || day < 1 || day > 31) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** dd.mm.yyyy → yyyy-mm-dd, or null when it is not a valid date of birth. */
export function dobToIso(display: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(display);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isValidDate(year, month, day) ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/**
 * Exactly yyyy-mm-dd, a real date: all a caller may send. Directus reads a time or an offset after it
 * (`2008-12-04T24:00:00-99:59`) and stores a later day than the one the age rule judged.
 */
export function isExactIsoDob(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return !!m && isValidDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Accepts the stored form yyyy-mm-dd (a time part, as some databases return, is ignored). */
export function isValidIsoDob(value: unknown): boolean {
  return typeof value === 'string' && /^.{10}(?:$|T)/.test(value) && isExactIsoDob(value.slice(0, 10));
}

/** dd.mm.yyyy for display, as the other user's profile shows it. */
export function isoToDisplay(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
}

/** True when someone born on `iso` (yyyy-mm-dd) has turned ADULT_AGE by `today` (UTC calendar days). */
export function isAdultOn(iso: string, today: Date): boolean {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  const comes = Date.UTC(y + ADULT_AGE, m - 1, d);
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) >= comes;
}

/** What is wrong with a typed date of birth (dd.mm.yyyy) on `today`: not a date, or not an adult's; null when fine. */
export function dobProblem(display: string, today: Date): string | null {
  const iso = dobToIso(display.trim());
  if (!iso) return DOB_ERROR;
  return isAdultOn(iso, today) ? null : ADULTS_ONLY;
}

/**
 * A title's release year, which the site prints beside its name («Проба год (2024) смотреть онлайн»):
 * any whole number was taken (-3, 99999). Held to shared/rules.ts's range; emptying it is allowed.
 */
import { RELEASE_YEARS } from '../../../../shared/rules.ts';
import { fieldName } from '../../../schema/labels.ts';

export const releaseYearMax = (now: Date = new Date()): number => now.getUTCFullYear() + RELEASE_YEARS.ahead;

/** A year as a number or its digits, as Directus takes a whole number, within the range. */
export function isReleaseYear(value: unknown, now: Date = new Date()): boolean {
  const year = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(year) && year >= RELEASE_YEARS.min && year <= releaseYearMax(now);
}

export const releaseYearError = (now: Date = new Date()): string =>
  `Поле «${fieldName('titles', 'releaseYear')}»: год от ${RELEASE_YEARS.min} до ${releaseYearMax(now)}`;

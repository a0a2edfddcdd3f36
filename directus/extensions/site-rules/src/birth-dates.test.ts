import { describe, expect, it } from 'vitest';
import { BIRTH_DATE_ERROR, isBirthDateSoFar } from './birth-dates.ts';

describe('an actor\'s birth date', () => {
  const now = new Date('2026-03-10T12:00:00Z');

  it('is taken up to today, today being the latest day anywhere on Earth', () => {
    for (const value of ['1950-01-31', '2026-03-09', '2026-03-10', '2026-03-10T00:00:00', null, undefined]) expect(isBirthDateSoFar(value, now), String(value)).toBe(true);
    // At 12:00 UTC it is already the 11th at UTC+14 (Kiribati), not yet the 12th anywhere.
    expect(isBirthDateSoFar('2026-03-11', now)).toBe(true);
    expect(isBirthDateSoFar('2026-03-12', now)).toBe(false);
  });

  it('is refused in the future, in the field\'s Russian name', () => {
    for (const value of ['2031-05-05', '2026-04-01', '9999-12-31T00:00:00Z']) expect(isBirthDateSoFar(value, now), value).toBe(false);
    expect(BIRTH_DATE_ERROR).toBe('Дата рождения не может быть в будущем');
  });
});

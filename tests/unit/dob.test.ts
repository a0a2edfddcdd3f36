import { describe, expect, it } from 'vitest';
import { ADULTS_ONLY, DOB_ERROR, dobProblem, dobToIso, formatDobInput, isAdultOn, isExactIsoDob, isValidDate, isValidIsoDob, isoToDisplay } from '../../shared/dob.ts';
import { ADULT_AGE } from '../../shared/rules.ts';

describe('date of birth', () => {
  it('keeps digits only, at most eight, as dd.mm.yyyy', () => {
    expect(formatDobInput('0')).toBe('0');
    expect(formatDobInput('0102')).toBe('01.02');
    expect(formatDobInput('01a02b1990')).toBe('01.02.1990');
    expect(formatDobInput('010219901234')).toBe('01.02.1990');
  });

  it('accepts only real calendar dates from 1900 to 2100', () => {
    expect(isValidDate(2024, 2, 29)).toBe(true);
    expect(isValidDate(2023, 2, 29)).toBe(false);
    expect(isValidDate(2023, 4, 31)).toBe(false);
    expect(isValidDate(1900, 1, 1)).toBe(true);
    expect(isValidDate(1899, 12, 31)).toBe(false);
    expect(isValidDate(2100, 12, 31)).toBe(true);
    expect(isValidDate(2101, 1, 1)).toBe(false);
    expect(isValidDate(2000, 13, 1)).toBe(false);
    expect(isValidDate(2000, 0, 1)).toBe(false);
  });

  it('turns the typed form into the stored form and back', () => {
    expect(dobToIso('05.03.1998')).toBe('1998-03-05');
    expect(dobToIso('31.02.1998')).toBeNull();
    expect(dobToIso('5.3.1998')).toBeNull();
    expect(isoToDisplay('1998-03-05')).toBe('05.03.1998');
  });

  it('checks the stored form, ignoring a time part', () => {
    expect(isValidIsoDob('1998-03-05')).toBe(true);
    expect(isValidIsoDob('1998-03-05T00:00:00')).toBe(true);
    expect(isValidIsoDob('2023-02-30')).toBe(false);
    expect(isValidIsoDob(19980305)).toBe(false);
  });

  it('takes from callers the date alone: a time or an offset would move the day stored', () => {
    expect(isExactIsoDob('1998-03-05')).toBe(true);
    for (const sent of ['1998-03-05T00:00:00', '2008-12-04T24:00:00-99:59', '1998-03-05 ', '1998-3-5', '2023-02-30', 19980305, ['1998-03-05']]) {
      expect(isExactIsoDob(sent)).toBe(false);
    }
  });
});

describe('adults only', () => {
  const today = new Date(Date.UTC(2026, 10, 26));

  it(`turns ${ADULT_AGE} on the birthday itself, not the day before`, () => {
    expect(isAdultOn(`${2026 - ADULT_AGE}-11-26`, today)).toBe(true);
    expect(isAdultOn(`${2026 - ADULT_AGE}-11-27`, today)).toBe(false);
    expect(isAdultOn('2016-05-01', today)).toBe(false);
    expect(isAdultOn('1950-01-01', today)).toBe(true);
  });

  it('a person born on 29 February comes of age on 1 March of a common year', () => {
    const born = '2008-02-29';
    expect(isAdultOn(born, new Date(Date.UTC(2026, 1, 28)))).toBe(false);
    expect(isAdultOn(born, new Date(Date.UTC(2026, 2, 1)))).toBe(true);
  });

  it('tells what is wrong with a typed date: not a date, or a child\'s', () => {
    expect(dobProblem('31.02.2001', today)).toBe(DOB_ERROR);
    expect(dobProblem('01.05.2016', today)).toBe(ADULTS_ONLY);
    expect(dobProblem(` 26.11.${2026 - ADULT_AGE} `, today)).toBeNull();
  });
});

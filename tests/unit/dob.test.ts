import { describe, expect, it } from 'vitest';
import { dobToIso, formatDobInput, isValidDate, isValidIsoDob, isoToDisplay } from '../../shared/dob.ts';

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
});

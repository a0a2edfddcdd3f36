import { describe, expect, it } from 'vitest';
import { MISSING_COLUMN, isMissingColumn, valueError, valueErrorReason } from './database-errors.ts';

const pg = (code: string) => Object.assign(new Error('select …'), { code });

describe('valueErrorReason', () => {
  it('names the value PostgreSQL could not take', () => {
    expect(valueErrorReason(pg('22021'))).toBe('Текст содержит недопустимый символ');
    expect(valueErrorReason(pg('22007'))).toBe('Неверная дата или время');
    expect(valueErrorReason(pg('22003'))).toBe('Число вне допустимого диапазона');
    expect(valueErrorReason(pg('22P02'))).toBe('Значение не подходит к типу поля');
    expect(valueErrorReason(pg('42883'))).toBe('Эта функция не применима к полю');
  });

  it('names a date JavaScript cannot hold', () => {
    let tooFar: unknown;
    try {
      new Date(8.64e15 + 1).toISOString();
    } catch (err) {
      tooFar = err;
    }
    expect(valueErrorReason(tooFar)).toBe('Неверная дата или время');
  });

  it('leaves every other error to Directus', () => {
    expect(valueErrorReason(pg('23505'))).toBeNull();
    expect(valueErrorReason(pg('57P01'))).toBeNull();
    expect(valueErrorReason(pg('42P01'))).toBeNull();
    expect(valueErrorReason(new RangeError('Maximum call stack size exceeded'))).toBeNull();
    expect(valueErrorReason(new Error('ECONNREFUSED'))).toBeNull();
    expect(valueErrorReason(null)).toBeNull();
  });
});

describe('a read naming a column its statement lacks', () => {
  const sqlite = (message: string) => Object.assign(new Error(message), { code: 'SQLITE_ERROR' });

  it('is found in PostgreSQL\'s and SQLite\'s words', () => {
    expect(isMissingColumn(pg('42703'))).toBe(true);
    expect(isMissingColumn(sqlite('select … order by `count` asc - SQLITE_ERROR: no such column: count'))).toBe(true);
    expect(isMissingColumn(sqlite('SQLITE_ERROR: no such table: x'))).toBe(false);
    expect(isMissingColumn(pg('42P01'))).toBe(false);
  });

  it('is a 400 of a read and left to Directus of a write', () => {
    expect(valueError(pg('42703'), 'read')?.message).toContain(MISSING_COLUMN);
    expect(valueError(pg('42703'), 'write')).toBeNull();
  });
});

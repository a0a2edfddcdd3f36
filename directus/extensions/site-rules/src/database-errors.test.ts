import { describe, expect, it } from 'vitest';
import { valueErrorReason } from './database-errors.ts';

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

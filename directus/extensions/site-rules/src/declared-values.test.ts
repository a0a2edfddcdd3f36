import { describe, expect, it } from 'vitest';
import { boolean, choice, float, integer, json, string, text } from '../../../schema/define.ts';
import { declaredValueProblem } from './declared-values.ts';

const problem = (def: Parameters<typeof declaredValueProblem>[1], value: unknown) => declaredValueProblem('titles', def, value);

describe('declaredValueProblem', () => {
  it('takes text within its length, one of a choice, whole numbers in an integer column, finite numbers, flags, and null for any', () => {
    expect(problem(string('name', { max: 10 }), 'Дорама')).toBeNull();
    expect(problem(choice('status', ['draft', 'published']), 'published')).toBeNull();
    expect(problem(integer('releaseYear'), 2024)).toBeNull();
    expect(problem(integer('releaseYear'), '2024')).toBeNull();
    expect(problem(float('duration'), 12.5)).toBeNull();
    expect(problem(boolean('promo'), false)).toBeNull();
    expect(problem(text('description'), 'x'.repeat(100_000))).toBeNull();
    for (const def of [string('name'), choice('status', ['draft']), integer('views'), boolean('promo')]) expect(problem(def, null)).toBeNull();
  });

  it('names the field as editors know it and says what it takes', () => {
    expect(problem(string('name', { max: 10 }), 'x'.repeat(11))).toBe('Поле «Название»: не больше 10 символов');
    expect(problem(choice('status', ['draft', 'published']), 'weird')).toBe('Поле «Статус»: одно из значений draft, published');
  });

  it('refuses objects, lists and numbers as text, and anything but the values of a choice', () => {
    for (const value of [{ x: 1 }, ['a'], 5, true]) expect(problem(string('name'), value)).toContain('значение должно быть текстом');
    for (const value of [{ x: 1 }, ['a']]) expect(problem(text('description'), value)).toContain('значение должно быть текстом');
    for (const value of ['Draft', '', ['draft'], 1]) expect(problem(choice('status', ['draft']), value)).not.toBeNull();
  });

  it('refuses numbers past a 32-bit column, fractions, text and non-finite numbers where a number belongs', () => {
    for (const value of [99_999_999_999, 2_147_483_648, 1.5, '1.5', 'abc', '', [1], Number.NaN]) expect(problem(integer('releaseYear'), value)).not.toBeNull();
    for (const value of [Number.POSITIVE_INFINITY, 'x', '', { n: 1 }]) expect(problem(float('duration'), value)).not.toBeNull();
    for (const value of [1, 'true', [true]]) expect(problem(boolean('promo'), value)).not.toBeNull();
  });

  it('leaves to others what it does not declare the shape of', () => {
    expect(problem(json('segmentSearchAsked'), { any: ['thing'] })).toBeNull();
  });
});

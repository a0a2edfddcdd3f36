import { describe, expect, it } from 'vitest';
import {
  ALPHABET_GROUPS, ALPHABET_KEYS, DIGIT_KEYS, LATIN_LETTERS, RUSSIAN_ALPHABET, RUSSIAN_KEYS,
  alphabetPrefix, isAlphabetKey, startsWithLetter,
} from '../../src/lib/alphabet.ts';

describe('the index keys', () => {
  it('has the digits 1 to 10', () => {
    expect(DIGIT_KEYS).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });

  it('has Latin A to Z', () => {
    expect(LATIN_LETTERS).toHaveLength(26);
    expect(LATIN_LETTERS[0]).toBe('A');
    expect(LATIN_LETTERS.at(-1)).toBe('Z');
  });

  it('knows the 33 Russian letters and shows 29 of them', () => {
    expect(RUSSIAN_ALPHABET).toHaveLength(33);
    expect(RUSSIAN_KEYS).toHaveLength(29);
    expect(RUSSIAN_KEYS.slice(0, 7)).toEqual(['А', 'Б', 'В', 'Г', 'Д', 'Е', 'Ж']);
    expect(RUSSIAN_KEYS.slice(-6)).toEqual(['Ч', 'Ш', 'Щ', 'Э', 'Ю', 'Я']);
    for (const absent of ['Ё', 'Ъ', 'Ы', 'Ь']) expect(RUSSIAN_KEYS).not.toContain(absent);
  });

  it('lists digits, then Latin, then Russian', () => {
    expect(ALPHABET_GROUPS.map((g) => g.name)).toEqual(['digits', 'latin', 'russian']);
    expect(ALPHABET_KEYS).toHaveLength(10 + 26 + 29);
    expect(ALPHABET_KEYS[0]).toBe('1');
    expect(ALPHABET_KEYS[10]).toBe('A');
    expect(ALPHABET_KEYS[36]).toBe('А');
  });
});

describe('startsWithLetter', () => {
  it('matches the first letter case-blind', () => {
    expect(startsWithLetter('Аромат последнего лета', 'А')).toBe(true);
    expect(startsWithLetter('аромат последнего лета', 'А')).toBe(true);
    expect(startsWithLetter('Аромат последнего лета', 'а')).toBe(true);
    expect(startsWithLetter('Босс на полставки', 'А')).toBe(false);
  });

  it('tells Latin A from Cyrillic А', () => {
    expect(startsWithLetter('Alchemy of Souls', 'A')).toBe(true);
    expect(startsWithLetter('Alchemy of Souls', 'А')).toBe(false);
    expect(startsWithLetter('Аромат', 'A')).toBe(false);
  });

  it('finds names starting with Ё under Е', () => {
    expect(startsWithLetter('Ёлки', 'Е')).toBe(true);
    expect(startsWithLetter('Ёлки', 'Ё')).toBe(true);
    expect(startsWithLetter('Ель', 'Ё')).toBe(true);
  });

  it('treats 10 as a prefix that 1 also covers', () => {
    expect(startsWithLetter('10 дней любви', '10')).toBe(true);
    expect(startsWithLetter('10 дней любви', '1')).toBe(true);
    expect(startsWithLetter('1 литр слёз', '10')).toBe(false);
    expect(startsWithLetter('100 дней', '10')).toBe(true);
  });

  it('matches a typed prefix like a key', () => {
    expect(startsWithLetter('Босс на полставки', 'босс на')).toBe(true);
    expect(startsWithLetter('Босс на полставки', '  БОСС  ')).toBe(true);
    expect(startsWithLetter('Босс на полставки', 'на полставки')).toBe(false);
  });

  it('matches nothing for an empty key or name', () => {
    expect(startsWithLetter('Аромат', '')).toBe(false);
    expect(startsWithLetter('Аромат', '   ')).toBe(false);
    expect(startsWithLetter(null, 'А')).toBe(false);
  });
});

describe('alphabetPrefix and isAlphabetKey', () => {
  it('folds a key into the prefix sent to the backend', () => {
    expect(alphabetPrefix('Я')).toBe('я');
    expect(alphabetPrefix('Ё')).toBe('е');
    expect(alphabetPrefix(' Z ')).toBe('z');
    expect(alphabetPrefix('')).toBeNull();
    expect(alphabetPrefix(undefined)).toBeNull();
  });

  it('knows which q values are keys', () => {
    expect(isAlphabetKey('Ж')).toBe(true);
    expect(isAlphabetKey('ж')).toBe(true);
    expect(isAlphabetKey('q')).toBe(true);
    expect(isAlphabetKey('10')).toBe(true);
    expect(isAlphabetKey('0')).toBe(false);
    expect(isAlphabetKey('ъ')).toBe(false);
    expect(isAlphabetKey('жу')).toBe(false);
    expect(isAlphabetKey(null)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../shared/errors.ts';
import { requireText, showsSomething } from './values.ts';

describe('showsSomething', () => {
  it('finds nothing in spaces, controls, zero-width and blank characters', () => {
    for (const text of ['', ' \n\t', '\u200b', '\u200b\u200c\u200d\u2060\ufeff', '\u00ad', '\u0000', '\u3164', '\u2800', '\u115f\u1160\uffa0', '\u200e\u202e']) {
      expect(showsSomething(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('finds letters, digits, punctuation and emoji, whatever surrounds them', () => {
    for (const text of ['a', 'Я', '1', '.', '\u200bя\u200b', '👍', '❤️', '🇰🇷']) expect(showsSomething(text), text).toBe(true);
  });
});

describe('requireText', () => {
  it('refuses a text that shows nothing with the empty message, and trims one that shows something', () => {
    expect(refusalOf(() => requireText('\u200b \u3164', 100, 'Пусто', 'Длинно'))).toBe('Пусто');
    expect(requireText('  отзыв\u200b ', 100, 'Пусто', 'Длинно')).toBe('отзыв\u200b');
  });
});

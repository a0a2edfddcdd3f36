import { describe, expect, it } from 'vitest';
import { showsSomething } from './visible-text.ts';

describe('showsSomething', () => {
  it('finds nothing in spaces, controls, zero-width and blank characters', () => {
    for (const text of ['', ' \n\t', '\u200b', '\u200b\u200c\u200d\u2060\ufeff', '\u00ad', '\u0000', '\u3164', '\u2800', '\u115f\u1160\uffa0', '\u200e\u202e', '\u034f', '\ufe0f', '\u17b4\u17b5', '\u0301', '\u0301\u0308\u20e3', '\udb40\udc01', '\ufffc']) {
      expect(showsSomething(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('finds letters, digits, punctuation and emoji, whatever surrounds them', () => {
    for (const text of ['a', 'Я', '1', '.', '\u200bя\u200b', '👍', '❤️', '🇰🇷', 'e\u0301', '1\ufe0f\u20e3', 'क्ष', 'ไทย']) expect(showsSomething(text), text).toBe(true);
  });
});

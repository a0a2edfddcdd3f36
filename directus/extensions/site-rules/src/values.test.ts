import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../shared/errors.ts';
import { requireText } from './values.ts';

describe('requireText', () => {
  it('refuses a text that shows nothing with the empty message, and trims one that shows something', () => {
    expect(refusalOf(() => requireText('\u200b \u3164', 100, 'Пусто', 'Длинно'))).toBe('Пусто');
    expect(requireText('  отзыв\u200b ', 100, 'Пусто', 'Длинно')).toBe('отзыв\u200b');
  });
});

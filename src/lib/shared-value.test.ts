import { describe, expect, it } from 'vitest';
import { sharedValue } from './shared-value.ts';

describe('a value many rows repeat', () => {
  it('is kept once: equal values come back as the first one, frozen; other values as themselves', () => {
    const drama = sharedValue({ genres_id: { id: 1, name: 'Драма' } });
    expect(sharedValue({ genres_id: { id: 1, name: 'Драма' } })).toBe(drama);
    expect(Object.isFrozen(drama) && Object.isFrozen(drama.genres_id)).toBe(true);
    // A genre renamed is another value: rows read before and after an edit each keep what they said.
    const renamed = sharedValue({ genres_id: { id: 1, name: 'Мелодрама' } });
    expect(renamed).not.toBe(drama);
    expect(renamed).toEqual({ genres_id: { id: 1, name: 'Мелодрама' } });
    expect(sharedValue(null)).toBeNull();
    expect(sharedValue('Окончен')).toBe('Окончен');
    expect(sharedValue(2024)).toBe(2024);
  });
});

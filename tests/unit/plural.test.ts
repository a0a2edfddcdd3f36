import { describe, expect, it } from 'vitest';
import { EPISODE_FORMS, SEASON_FORMS, countRu, pluralRu } from '../../src/lib/plural.ts';

describe('pluralRu', () => {
  it.each([
    [0, 'серий'], [1, 'серия'], [2, 'серии'], [3, 'серии'], [4, 'серии'], [5, 'серий'], [10, 'серий'],
    [11, 'серий'], [12, 'серий'], [14, 'серий'], [16, 'серий'], [21, 'серия'], [22, 'серии'], [25, 'серий'],
    [101, 'серия'], [111, 'серий'], [112, 'серий'], [1004, 'серии'], [-1, 'серия'], [-12, 'серий'],
  ])('%i → %s', (n, form) => {
    expect(pluralRu(n, EPISODE_FORMS)).toBe(form);
  });

  it('takes the few form for a fraction', () => {
    expect(pluralRu(1.5, EPISODE_FORMS)).toBe('серии');
  });

  it('writes counts', () => {
    expect(countRu(16, EPISODE_FORMS)).toBe('16 серий');
    expect(countRu(1, SEASON_FORMS)).toBe('1 сезон');
    expect(countRu(3, SEASON_FORMS)).toBe('3 сезона');
    expect(countRu(5, SEASON_FORMS)).toBe('5 сезонов');
  });
});

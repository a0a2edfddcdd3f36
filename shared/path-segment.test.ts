import { describe, expect, it } from 'vitest';
import { isPathSegment } from './path-segment.ts';

describe('isPathSegment', () => {
  it('takes names in any script, with spaces and dashes', () => {
    for (const name of ['Дорамы', 'Фильмы онлайн', 'k-drama', 'Аниме 2025', '.hidden']) expect(isPathSegment(name)).toBe(true);
  });

  it('refuses what would leave its place in the address or end it', () => {
    for (const name of ['../up', 'a/b', 'a\\b', '.', '..', 'a?b', 'a#b', '100%', 'a\nb', '', '   ', 1, null]) expect(isPathSegment(name)).toBe(false);
  });
});

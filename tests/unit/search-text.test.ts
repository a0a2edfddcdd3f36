import { describe, expect, it } from 'vitest';
import { normaliseSearch, titleSearchText } from '../../shared/search-text.ts';

describe('search normalisation', () => {
  it('folds Russian case and ё, and squeezes spaces', () => {
    expect(normaliseSearch('  ЁЛКИ   Палки ')).toBe('елки палки');
    expect(normaliseSearch('Ёжик В Тумане')).toBe(normaliseSearch('ежик в тумане'));
  });

  it('joins the four searchable fields of a title', () => {
    const text = titleSearchText({ name: 'Любовь', originalName: '사랑', anotherName: 'Love', description: 'Про Жизнь' });
    for (const part of ['любовь', '사랑', 'love', 'про жизнь']) expect(text).toContain(part);
    expect(titleSearchText({ name: 'Только имя', description: null })).toBe('только имя');
  });
});

import { describe, expect, it } from 'vitest';
import { searchQuery, trimSearchInput } from '../../src/lib/search.ts';

describe('searchQuery', () => {
  it('folds the query as titles are folded', () => {
    expect(searchQuery('Аромат')).toBe('аромат');
    expect(searchQuery('ЁЛКИ')).toBe('елки');
    expect(searchQuery('Love')).toBe('love');
  });

  it('drops leading whitespace and squeezes inner runs', () => {
    expect(searchQuery('   босс')).toBe('босс');
    expect(searchQuery('\t\nбосс   на  полставки ')).toBe('босс на полставки');
  });

  it('gives null for an empty box', () => {
    expect(searchQuery('')).toBeNull();
    expect(searchQuery('    ')).toBeNull();
    expect(searchQuery(null)).toBeNull();
    expect(searchQuery(undefined)).toBeNull();
  });
});

describe('trimSearchInput', () => {
  it('trims the start only, so a space between words can be typed', () => {
    expect(trimSearchInput('  босс ')).toBe('босс ');
    expect(trimSearchInput('босс')).toBe('босс');
    expect(trimSearchInput('   ')).toBe('');
  });
});

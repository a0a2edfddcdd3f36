import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, parseFilterQuery } from '../../lib/filter-query.ts';
import { categoryFilterHref, readableHref, subCategoryHref } from './links.ts';

const category = { slug: 'doramy-onlayn', name: 'Дорамы' };
/** What the filter screen reads from an address, as a browser sends it. */
const followed = (href: string) => {
  const url = new URL(href, 'https://example.test');
  return { path: url.pathname, state: parseFilterQuery(url.searchParams) };
};

describe('filter links', () => {
  it('write Russian names as letters, and the filter screen reads them back', () => {
    const href = subCategoryHref(category, 'Корейские дорамы');
    expect(href).toContain('Корейские');
    expect(href).not.toMatch(/%D0|%D1/);
    expect(followed(href)).toEqual({
      path: '/categories/doramy-onlayn/filter',
      state: { ...EMPTY_FILTER, category: 'Дорамы', subcategory: 'Корейские дорамы' },
    });
    expect(followed(categoryFilterHref(category, { genres: ['Драма'] })).state).toEqual({ ...EMPTY_FILTER, category: 'Дорамы', genres: ['Драма'] });
  });

  it('keep encoded what would change the address: &, +, =, #, % and spaces', () => {
    const name = 'Ромком & драма + 100% #1 = хит';
    expect(followed(subCategoryHref(category, name)).state.subcategory).toBe(name);
    expect(readableHref('/a?b=%26%2B%25%23%3D+%D0%AF')).toBe('/a?b=%26%2B%25%23%3D+Я');
  });

  it('turn back only whole letters, never a stray byte', () => {
    expect(readableHref('/a?b=%D0%AF%D0')).toBe('/a?b=Я%D0');
    expect(readableHref('/a?b=%80%FF')).toBe('/a?b=%80%FF');
    expect(readableHref('/a?b=%E0%AF&c=%C0%80')).toBe('/a?b=%E0%AF&c=%C0%80');
  });
});

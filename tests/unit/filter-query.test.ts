import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTER, hasFilters, parseFilterQuery, resetFilters, toDirectusFilter, toSearchParams, type FilterState,
} from '../../src/lib/filter-query.ts';

const q = (s: string) => new URLSearchParams(s);
const published = { status: { _eq: 'published' } };

describe('parseFilterQuery', () => {
  it('reads every parameter of the spec', () => {
    const state = parseFilterQuery(q(
      'genres=Комедия&releaseyear=2023&country=Китай&releasestatus=Окончен&category=Дорамы&subcategory=Китайские+дорамы&page=3',
    ));
    expect(state).toEqual({
      genres: 'Комедия', releaseYear: 2023, country: 'Китай', releaseStatus: 'Окончен',
      category: 'Дорамы', subcategory: 'Китайские дорамы', page: 3,
    });
  });

  it('gives the empty state for an empty query', () => {
    expect(parseFilterQuery(q(''))).toEqual(EMPTY_FILTER);
  });

  it('accepts only the years of the year filter', () => {
    expect(parseFilterQuery(q('releaseyear=2020')).releaseYear).toBe(2020);
    expect(parseFilterQuery(q('releaseyear=2025')).releaseYear).toBe(2025);
    for (const bad of ['2019', '2026', '20x3', '2023.0', '', '-2023', '02023']) {
      expect(parseFilterQuery(q(`releaseyear=${bad}`)).releaseYear).toBeNull();
    }
  });

  it('accepts only the three release statuses', () => {
    expect(parseFilterQuery(q('releasestatus=Выпускается')).releaseStatus).toBe('Выпускается');
    expect(parseFilterQuery(q('releasestatus=Должен+выйти')).releaseStatus).toBe('Должен выйти');
    expect(parseFilterQuery(q('releasestatus=окончен')).releaseStatus).toBeNull();
    expect(parseFilterQuery(q('releasestatus=Отменён')).releaseStatus).toBeNull();
  });

  it('accepts a whole page number from 1', () => {
    expect(parseFilterQuery(q('page=1')).page).toBe(1);
    expect(parseFilterQuery(q('page=12')).page).toBe(12);
    for (const bad of ['0', '-2', '1.5', 'abc', '', '1e3', '99999999999999999999']) {
      expect(parseFilterQuery(q(`page=${bad}`)).page).toBe(1);
    }
  });

  it('trims names and drops empty or overlong ones', () => {
    expect(parseFilterQuery(q('genres=++Драма++')).genres).toBe('Драма');
    expect(parseFilterQuery(q('country=+')).country).toBeNull();
    expect(parseFilterQuery(q(`country=${'я'.repeat(81)}`)).country).toBeNull();
  });

  it('takes the category from the route when the query has none', () => {
    expect(parseFilterQuery(q('genres=Драма'), 'doramy-onlayn').category).toBe('doramy-onlayn');
    expect(parseFilterQuery(q('category=Дорамы'), 'doramy-onlayn').category).toBe('Дорамы');
    expect(parseFilterQuery(q(''), null).category).toBeNull();
  });
});

describe('toSearchParams', () => {
  it('writes the spec parameter names and leaves out empty choices and page 1', () => {
    const state: FilterState = { ...EMPTY_FILTER, genres: 'Комедия', releaseYear: 2024, category: 'Дорамы' };
    expect(toSearchParams(state).toString()).toBe('genres=%D0%9A%D0%BE%D0%BC%D0%B5%D0%B4%D0%B8%D1%8F&releaseyear=2024&category=%D0%94%D0%BE%D1%80%D0%B0%D0%BC%D1%8B');
    expect([...toSearchParams(state).keys()]).toEqual(['genres', 'releaseyear', 'category']);
    expect(toSearchParams(EMPTY_FILTER).toString()).toBe('');
    expect(toSearchParams({ ...EMPTY_FILTER, page: 4 }).toString()).toBe('page=4');
  });

  it('round-trips through parseFilterQuery', () => {
    const state: FilterState = {
      genres: 'Романтика', releaseYear: 2021, country: 'Южная Корея', releaseStatus: 'Должен выйти',
      category: 'lakorny-onlayn', subcategory: 'Тайские лакорны', page: 2,
    };
    expect(parseFilterQuery(toSearchParams(state))).toEqual(state);
  });
});

describe('hasFilters and resetFilters', () => {
  it('tells a narrowed list from the whole category', () => {
    expect(hasFilters({ ...EMPTY_FILTER, category: 'Дорамы', page: 3 })).toBe(false);
    expect(hasFilters({ ...EMPTY_FILTER, releaseYear: 2022 })).toBe(true);
    expect(hasFilters({ ...EMPTY_FILTER, subcategory: 'Сёнэн' })).toBe(true);
  });

  it('clears every choice but the category', () => {
    const state: FilterState = { genres: 'Драма', releaseYear: 2022, country: 'Китай', releaseStatus: 'Окончен', category: 'Аниме', subcategory: 'Сёнэн', page: 5 };
    expect(resetFilters(state)).toEqual({ ...EMPTY_FILTER, category: 'Аниме' });
  });
});

describe('toDirectusFilter', () => {
  it('always asks for published titles', () => {
    expect(toDirectusFilter(EMPTY_FILTER)).toEqual({ _and: [published] });
  });

  it('finds the category by slug or by name', () => {
    expect(toDirectusFilter({ ...EMPTY_FILTER, category: 'anime' })).toEqual({
      _and: [published, { _or: [{ category: { slug: { _eq: 'anime' } } }, { category: { name: { _eq: 'anime' } } }] }],
    });
  });

  it('turns every choice into its field filter', () => {
    const filter = toDirectusFilter({
      genres: 'Комедия', releaseYear: 2023, country: 'Китай', releaseStatus: 'Окончен',
      category: 'Дорамы', subcategory: 'Китайские дорамы', page: 7,
    });
    expect(filter).toEqual({
      _and: [
        published,
        { _or: [{ category: { slug: { _eq: 'Дорамы' } } }, { category: { name: { _eq: 'Дорамы' } } }] },
        { subCategory: { name: { _eq: 'Китайские дорамы' } } },
        { genres: { _some: { genres_id: { name: { _eq: 'Комедия' } } } } },
        { country: { name: { _eq: 'Китай' } } },
        { releaseYear: { _eq: 2023 } },
        { releaseStatus: { _eq: 'Окончен' } },
      ],
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTER, FILTER_SORTS, MAX_GENRES, hasFilters, parseFilterQuery, resetFilters, toSearchParams,
  FILTER_YEARS, withChosen, yearOptions, yearsByCategory, type FilterState,
} from '../../src/lib/filter-query.ts';
import { FILTER_ORDERS, toDirectusFilter } from '../../src/lib/directus/filter-titles.ts';

const q = (s: string) => new URLSearchParams(s);
const published = { status: { _eq: 'published' } };

describe('parseFilterQuery', () => {
  it('reads every filter parameter', () => {
    const state = parseFilterQuery(q(
      'genres=Комедия&genres=Драма&releaseyear=2023&country=Китай&releasestatus=Окончен&category=Дорамы&subcategory=Китайские+дорамы&sort=rating&page=3',
    ));
    expect(state).toEqual({
      genres: ['Комедия', 'Драма'], releaseYear: 2023, country: 'Китай', releaseStatus: 'Окончен',
      category: 'Дорамы', subcategory: 'Китайские дорамы', sort: 'rating', page: 3,
    });
  });

  it('reads the category page\'s single-genre link as before', () => {
    expect(parseFilterQuery(q('genres=%D0%94%D1%80%D0%B0%D0%BC%D0%B0&category=%D0%94%D0%BE%D1%80%D0%B0%D0%BC%D1%8B'))).toEqual({
      ...EMPTY_FILTER, genres: ['Драма'], category: 'Дорамы',
    });
  });

  it('names each genre once, drops empty ones and keeps at most five', () => {
    expect(parseFilterQuery(q('genres=Драма&genres=+Драма+&genres=&genres=Комедия')).genres).toEqual(['Драма', 'Комедия']);
    const many = Array.from({ length: MAX_GENRES + 3 }, (_, i) => `genres=Жанр${i}`).join('&');
    expect(parseFilterQuery(q(many)).genres).toEqual(Array.from({ length: MAX_GENRES }, (_, i) => `Жанр${i}`));
  });

  it('takes any of the four orders, and the popular one for anything else', () => {
    for (const sort of FILTER_SORTS) expect(parseFilterQuery(q(`sort=${sort}`)).sort).toBe(sort);
    for (const bad of ['', 'views', 'RATING', '-rating', 'rating,year', 'constructor']) {
      expect(parseFilterQuery(q(`sort=${bad}`)).sort).toBe('popular');
    }
    expect(parseFilterQuery(q('')).sort).toBe('popular');
  });

  it('gives the empty state for an empty query', () => {
    expect(parseFilterQuery(q(''))).toEqual(EMPTY_FILTER);
  });

  it('accepts any four-digit year, whether or not the category has titles of it', () => {
    expect(parseFilterQuery(q('releaseyear=2012')).releaseYear).toBe(2012);
    expect(parseFilterQuery(q('releaseyear=2031')).releaseYear).toBe(2031);
    for (const bad of ['20x3', '2023.0', '', '-2023', '02023', '999', '1e3']) {
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
    expect(parseFilterQuery(q('genres=++Драма++')).genres).toEqual(['Драма']);
    expect(parseFilterQuery(q(`genres=${'я'.repeat(81)}`)).genres).toEqual([]);
    expect(parseFilterQuery(q('country=+')).country).toBeNull();
    expect(parseFilterQuery(q(`country=${'я'.repeat(81)}`)).country).toBeNull();
  });

  it('takes the category from the route, whatever the query names, and from the query without a route', () => {
    expect(parseFilterQuery(q('genres=Драма'), 'doramy-onlayn').category).toBe('doramy-onlayn');
    expect(parseFilterQuery(q('category=Аниме'), 'Дорамы').category).toBe('Дорамы');
    expect(parseFilterQuery(q('category=Дорамы'), null).category).toBe('Дорамы');
    expect(parseFilterQuery(q(''), null).category).toBeNull();
  });
});

describe('toSearchParams', () => {
  it('writes the public parameter names and leaves out empty choices, the popular order and page 1', () => {
    const state: FilterState = { ...EMPTY_FILTER, genres: ['Комедия'], releaseYear: 2024, category: 'Дорамы' };
    expect(toSearchParams(state).toString()).toBe('genres=%D0%9A%D0%BE%D0%BC%D0%B5%D0%B4%D0%B8%D1%8F&releaseyear=2024&category=%D0%94%D0%BE%D1%80%D0%B0%D0%BC%D1%8B');
    expect([...toSearchParams(state).keys()]).toEqual(['genres', 'releaseyear', 'category']);
    expect(toSearchParams(EMPTY_FILTER).toString()).toBe('');
    expect(toSearchParams({ ...EMPTY_FILTER, page: 4 }).toString()).toBe('page=4');
    expect(toSearchParams({ ...EMPTY_FILTER, sort: 'year' }).toString()).toBe('sort=year');
  });

  it('writes each genre as a parameter of its own, in the order chosen', () => {
    const params = toSearchParams({ ...EMPTY_FILTER, genres: ['Романтика', 'Комедия, чёрная'], sort: 'added' });
    expect(params.getAll('genres')).toEqual(['Романтика', 'Комедия, чёрная']);
    expect([...params.keys()]).toEqual(['genres', 'genres', 'sort']);
  });

  it('round-trips through parseFilterQuery', () => {
    const state: FilterState = {
      genres: ['Романтика', 'Драма'], releaseYear: 2021, country: 'Южная Корея', releaseStatus: 'Должен выйти',
      category: 'lakorny-onlayn', subcategory: 'Тайские лакорны', sort: 'rating', page: 2,
    };
    expect(parseFilterQuery(toSearchParams(state))).toEqual(state);
    for (const sort of FILTER_SORTS) expect(parseFilterQuery(toSearchParams({ ...EMPTY_FILTER, sort })).sort).toBe(sort);
  });
});

describe('hasFilters and resetFilters', () => {
  it('tells a narrowed list from the whole category', () => {
    expect(hasFilters({ ...EMPTY_FILTER, category: 'Дорамы', page: 3 })).toBe(false);
    expect(hasFilters({ ...EMPTY_FILTER, sort: 'rating' })).toBe(false);
    expect(hasFilters({ ...EMPTY_FILTER, releaseYear: 2022 })).toBe(true);
    expect(hasFilters({ ...EMPTY_FILTER, genres: ['Драма'] })).toBe(true);
    expect(hasFilters({ ...EMPTY_FILTER, subcategory: 'Сёнэн' })).toBe(true);
  });

  it('clears every choice but the category and the order', () => {
    const state: FilterState = {
      genres: ['Драма', 'Комедия'], releaseYear: 2022, country: 'Китай', releaseStatus: 'Окончен', category: 'Аниме', subcategory: 'Сёнэн', sort: 'year', page: 5,
    };
    expect(resetFilters(state)).toEqual({ ...EMPTY_FILTER, category: 'Аниме', sort: 'year' });
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
      genres: ['Комедия'], releaseYear: 2023, country: 'Китай', releaseStatus: 'Окончен',
      category: 'Дорамы', subcategory: 'Китайские дорамы', sort: 'rating', page: 7,
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

describe('the orders', () => {
  it('each end with the id, so pages never share or skip a title', () => {
    for (const sort of FILTER_SORTS) expect(FILTER_ORDERS[sort].at(-1)).toMatch(/^-?id$/);
  });
});

describe('several genres', () => {
  it('asks for a title having each of them', () => {
    const some = (name: string) => ({ genres: { _some: { genres_id: { name: { _eq: name } } } } });
    expect(toDirectusFilter({ ...EMPTY_FILTER, genres: ['Драма', 'Комедия'] })).toEqual({ _and: [published, some('Драма'), some('Комедия')] });
  });
});

describe('the year options', () => {
  const title = (slug: string | null, releaseYear: number | null) => ({ releaseYear, category: slug ? { slug } : null });

  it('are the years each category\'s titles have, newest first, each once', () => {
    const years = yearsByCategory([
      title('anime', 2014), title('anime', 2021), title('anime', 2014), title('doramy', 2019), title('anime', null), title(null, 2030),
    ]);
    expect(Object.fromEntries(years)).toEqual({ anime: [2021, 2014], doramy: [2019] });
  });

  const always = Array.from({ length: FILTER_YEARS.to - FILTER_YEARS.from + 1 }, (_, i) => FILTER_YEARS.to - i);

  it('are always the filter\'s years, with the category\'s others beside them, newest first, each once', () => {
    expect(yearOptions([], null)).toEqual(always);
    expect(yearOptions([FILTER_YEARS.to, 2014], null)).toEqual([...always, 2014]);
  });

  it('hold a year the URL chose that the category lacks, in its place', () => {
    expect(yearOptions([2014], 2014)).toEqual([...always, 2014]);
    expect(yearOptions([2014], 2016)).toEqual([...always, 2016, 2014]);
    expect(yearOptions([], 2030)).toEqual([2030, ...always]);
  });
});

describe('withChosen', () => {
  it('adds a value the URL chose that the options lack, last, and nothing else', () => {
    expect(withChosen(['Китай', 'Япония'], null)).toEqual(['Китай', 'Япония']);
    expect(withChosen(['Китай', 'Япония'], 'Япония')).toEqual(['Китай', 'Япония']);
    expect(withChosen(['Китай', 'Япония'], '%')).toEqual(['Китай', 'Япония', '%']);
  });
});

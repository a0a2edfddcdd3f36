import { describe, expect, it } from 'vitest';
import {
  MAX_AGGREGATE_FIELDS, MAX_FILTER_KEYS, MAX_FILTER_VALUES, MAX_GROUP_FIELDS, MAX_QUERY_FIELDS, MAX_SEARCH_LENGTH, MAX_SORT_FIELDS,
  FILTER_TEXT_TOO_LONG, MAX_FILTER_TEXT, SEARCH_TOO_LONG, TOO_MANY_AGGREGATES, TOO_MANY_CONDITIONS, TOO_MANY_QUERY_FIELDS, TOO_MANY_GROUPS, TOO_MANY_SORTS, TOO_MANY_VALUES,
  checkQuerySize, filterSize,
} from './query-size.ts';
import { refusalOf } from '../../shared/errors.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const refusal = (query: Parameters<typeof checkQuerySize>[0]) => refusalOf(() => checkQuerySize(query));

describe('filterSize', () => {
  it('counts keys at every level and values, arrays by element', () => {
    expect(filterSize({ _or: [{ episode: { _in: [1, 2, 3] } }, { season: { _in: [4] } }] })).toEqual({ keys: 5, values: 4, longestText: 0 });
    expect(filterSize({ name: { _null: true }, genres: { _some: { genres_id: { name: { _eq: 'Драма' } } } } })).toEqual({ keys: 7, values: 2, longestText: 5 });
    expect(filterSize(undefined)).toEqual({ keys: 0, values: 0, longestText: 0 });
  });

  it('walks a very long list without running out of stack', () => {
    expect(filterSize({ id: { _in: ids(600_000) } })).toEqual({ keys: 2, values: 600_000, longestText: 0 });
  });
});

describe('checkQuerySize', () => {
  it(`refuses a text in a filter, nested reads' too, longer than ${MAX_FILTER_TEXT} characters`, () => {
    expect(refusal({ filter: { name: { _contains: 'а'.repeat(MAX_FILTER_TEXT) } } })).toBeNull();
    expect(refusal({ filter: { name: { _contains: 'а'.repeat(MAX_FILTER_TEXT + 1) } } })).toBe(FILTER_TEXT_TOO_LONG);
    expect(refusal({ deep: { comments: { _filter: { text: { _eq: 'а'.repeat(MAX_FILTER_TEXT + 1) } } } } })).toBe(FILTER_TEXT_TOO_LONG);
  });

  it('lets the site\'s and the build\'s reads through, the largest filter included', () => {
    expect(refusal({ fields: ['id', 'name', 'genres.genres_id.name'], sort: ['-views', 'id'], filter: { status: { _eq: 'published' } }, search: 'дорама' })).toBeNull();
    const half = MAX_FILTER_VALUES / 2;
    expect(refusal({ filter: { _or: [{ episode: { _in: ids(half) } }, { season: { _in: ids(half) } }] } })).toBeNull();
    expect(refusal({ aggregate: { count: ['*'] }, group: ['title'] })).toBeNull();
  });

  it('refuses each list past its limit', () => {
    expect(refusal({ fields: Array(MAX_QUERY_FIELDS + 1).fill('id') })).toBe(TOO_MANY_QUERY_FIELDS);
    expect(refusal({ sort: Array(MAX_SORT_FIELDS + 1).fill('id') })).toBe(TOO_MANY_SORTS);
    expect(refusal({ group: Array(MAX_GROUP_FIELDS + 1).fill('releaseYear') })).toBe(TOO_MANY_GROUPS);
    expect(refusal({ aggregate: { count: Array(MAX_AGGREGATE_FIELDS).fill('id'), max: ['views'] } })).toBe(TOO_MANY_AGGREGATES);
    expect(refusal({ search: 'я'.repeat(MAX_SEARCH_LENGTH + 1) })).toBe(SEARCH_TOO_LONG);
    expect(refusal({ filter: { _or: ids(MAX_FILTER_KEYS).map((id) => ({ id: { _eq: id } })) } })).toBe(TOO_MANY_CONDITIONS);
    expect(refusal({ filter: { id: { _in: ids(MAX_FILTER_VALUES + 1) } } })).toBe(TOO_MANY_VALUES);
  });

  it('counts the nested reads\' filters with the read\'s own, and checks their sorts and searches', () => {
    const half = ids(MAX_FILTER_VALUES / 2 + 1);
    expect(refusal({ filter: { id: { _in: half } }, deep: { series: { _filter: { id: { _in: half } } } } })).toBe(TOO_MANY_VALUES);
    expect(refusal({ deep: { comments: { reactions: { _sort: Array(MAX_SORT_FIELDS + 1).fill('id') } } } })).toBe(TOO_MANY_SORTS);
    expect(refusal({ deep: { series: { _search: 'a'.repeat(MAX_SEARCH_LENGTH + 1) } } })).toBe(SEARCH_TOO_LONG);
  });
});

import { parseFilter } from '@directus/utils';
import { describe, expect, it } from 'vitest';
import {
  AGGREGATE_SHAPE, ALIAS_SHAPE, ALIAS_TAKEN, CALL_SHAPE, DEEP_SHAPE, FILTER_SHAPE, GROUP_SHAPE, LIST_SHAPE, SORT_SHAPE,
  aggregateShapeError, aliasShapeError, aliasTakenError, callsParse, deepShapeError, filterParses, queryShapeError,
} from './query-shape.ts';

/** What Directus's own parser makes of a filter: whether it throws. */
function directusParses(filter: Record<string, unknown>): boolean {
  try {
    parseFilter(filter, null);
    return true;
  } catch {
    return false;
  }
}

const FILTERS: Record<string, unknown>[] = [
  {},
  { deleted: { _eq: false } },
  { title: { status: { _eq: 'published' } } },
  { _and: [{ deleted: { _eq: false } }, { _or: [{ takenDown: { _null: true } }, { takenDown: { _eq: false } }] }] },
  { id: { _in: [1, 2, 3] } },
  { id: { _in: '1,2,3' } },
  { reactions: { _some: { type: { _eq: 'like' } } } },
  { date_created: { _gte: '$NOW(-7 days)' } },
  { date_created: { _gte: '$NOW(soon)' } },
  { place: { _intersects: '{"type":"Point","coordinates":[1,2]}' } },
  { name: 'x' },
  { _and: 5 },
  { _or: 'x' },
  { title: null },
  { _and: [null] },
  { _and: [{ title: null }] },
  { title: { status: null } },
  { place: { _intersects: '{not json' } },
  { id: [null, 1] },
];

describe('filterParses', () => {
  it('walks a logical list far longer than a call takes arguments', () => {
    const conditions = new Array(1_000_000).fill({ id: { _eq: 1 } });
    expect(filterParses({ _or: conditions })).toBe(true);
    expect(filterParses({ _or: [...conditions, null] })).toBe(false);
  });

  it.each(FILTERS.map((filter) => [JSON.stringify(filter), filter]))('agrees with Directus on %s', (_, filter) => {
    // Never more lenient: a filter taken here must parse there.
    if (filterParses(filter)) expect(directusParses(filter)).toBe(true);
  });

  it('takes the filters the site and the admin app send', () => {
    for (const filter of FILTERS.slice(0, 11)) expect(filterParses(filter)).toBe(true);
  });

  it('refuses what makes Directus throw', () => {
    for (const filter of FILTERS.slice(11)) expect([filterParses(filter), directusParses(filter)]).toEqual([false, false]);
  });
});

describe('deepShapeError', () => {
  it('takes nested reads as the site sends them, as objects or JSON text', () => {
    expect(deepShapeError({ series: { _sort: ['sort', 'id'], _filter: { deleted: { _eq: false } }, _limit: -1 } })).toBeNull();
    expect(deepShapeError({ series: { _sort: 'sort,id', _filter: '{"deleted":{"_eq":false}}', _limit: '-1', _offset: '0', _page: 2, _search: 'a' } })).toBeNull();
    expect(deepShapeError('{"comments":{"_limit":-1,"reactions":{"_limit":-1}}}')).toBeNull();
  });

  it('refuses a filter that is not a JSON object, or that Directus cannot parse, at any level', () => {
    expect(deepShapeError({ series: { _filter: 'abc' } })).toBe(DEEP_SHAPE);
    expect(deepShapeError({ series: { _filter: '5' } })).toBe(DEEP_SHAPE);
    expect(deepShapeError({ comments: { reactions: { _filter: { _and: 5 } } } })).toBe(DEEP_SHAPE);
    expect(deepShapeError({ series: { _filter: { title: null } } })).toBe(DEEP_SHAPE);
  });

  it('refuses sorts, limits and searches of the wrong kind', () => {
    expect(deepShapeError({ series: { _sort: [{ a: 'b' }] } })).toBe(DEEP_SHAPE);
    expect(deepShapeError({ series: { _sort: { a: 'b' } } })).toBe(DEEP_SHAPE);
    expect(deepShapeError({ series: { _limit: 'all' } })).toBe(DEEP_SHAPE);
    expect(deepShapeError({ series: { _page: [1] } })).toBe(DEEP_SHAPE);
    expect(deepShapeError({ series: { _search: ['a'] } })).toBe(DEEP_SHAPE);
  });

  it('refuses reads nested reads do not have, levels that are not objects, and a deep that is not one', () => {
    expect(deepShapeError({ series: { _fields: ['*'] } })).toBe(DEEP_SHAPE);
    expect(deepShapeError({ series: { _meta: 'total_count' } })).toBe(DEEP_SHAPE);
    expect(deepShapeError({ series: 'abc' })).toBe(DEEP_SHAPE);
    expect(deepShapeError({ '': {} })).toBe(DEEP_SHAPE);
    expect(deepShapeError('abc')).toBe(DEEP_SHAPE);
    expect(deepShapeError('[1]')).toBe(DEEP_SHAPE);
    expect(deepShapeError(['a'])).toBe(DEEP_SHAPE);
  });
});

describe('aggregateShapeError', () => {
  it('takes operations naming a field or a list of them', () => {
    expect(aggregateShapeError({ count: '*' })).toBeNull();
    expect(aggregateShapeError({ avg: ['rating'], max: 'rating' })).toBeNull();
    expect(aggregateShapeError('{"count":["id"]}')).toBeNull();
  });

  it('counts every field (*) and takes it for nothing else', () => {
    expect(aggregateShapeError({ count: '*' })).toBeNull();
    for (const aggregate of [{ max: '*' }, { sum: ['id', '*'] }, { avg: 'id,*' }]) expect(aggregateShapeError(aggregate)).toBe(AGGREGATE_SHAPE);
  });

  it('refuses text that is not a JSON object, and operations naming objects', () => {
    for (const aggregate of ['{bad', 'abc', '"x"', 'null', { count: { a: 'b' } }, { count: [{ a: 'b' }] }, ['count']]) {
      expect(aggregateShapeError(aggregate)).toBe(AGGREGATE_SHAPE);
    }
  });
});

describe('queryShapeError', () => {
  it('checks what a query names, and nothing it does not', () => {
    expect(queryShapeError({})).toBeNull();
    expect(queryShapeError({ aggregate: 'abc' })).toBe(AGGREGATE_SHAPE);
    expect(queryShapeError({ deep: { series: { _filter: 'abc' } }, aggregate: { count: '*' } })).toBe(DEEP_SHAPE);
  });

  it('takes fields, sorts, groups and meta as a text or a list of texts, and nothing else', () => {
    expect(queryShapeError({ fields: 'id,name', sort: ['-views', 'id'], groupBy: ['category'], meta: '*' })).toBeNull();
    for (const list of ['fields', 'sort', 'groupBy', 'meta'] as const) {
      for (const value of [{ a: 'b' }, [{ a: 'b' }], [['id']], 5]) expect(queryShapeError({ [list]: value })).toBe(LIST_SHAPE);
    }
  });

  it('takes a sort that names a field in each place, or no sort at all', () => {
    for (const sort of ['', '-views,id', ['-views', ' id'], 'year(date_created)']) expect(queryShapeError({ sort }), JSON.stringify(sort)).toBeNull();
    for (const sort of ['-', ' - ', ',', 'id,', ['-'], ['id', ''], '-,name']) {
      expect(queryShapeError({ sort }), JSON.stringify(sort)).toBe(SORT_SHAPE);
    }
    expect(deepShapeError({ series: { _sort: '-' } })).toBe(DEEP_SHAPE);
  });
});

describe('functions named in a query', () => {
  it('are taken as Directus reads them: a name and what it applies to', () => {
    for (const names of ['id,name', 'year(date_created)', 'count(comments),title', '-month(date_created)', 'json(meta, a.b)', 'title.year(date_created)']) {
      expect(callsParse(names), names).toBe(true);
    }
    expect(queryShapeError({ fields: ['year(date_created)', 'count(comments)'], groupBy: 'year(date_created)' })).toBeNull();
  });

  it('are refused empty, nested or back to front, in fields, sorts, groups and meta', () => {
    for (const names of ['year()', 'count( )x()', 'a)(', 'year)(x', '(())', 'title.count()', 'id,json()', 'year(']) {
      expect(callsParse(names), names).toBe(false);
    }
    for (const list of ['fields', 'sort', 'groupBy', 'meta'] as const) {
      expect(queryShapeError({ [list]: 'year()' })).toBe(CALL_SHAPE);
      expect(queryShapeError({ [list]: ['id', 'a)('] })).toBe(CALL_SHAPE);
    }
  });
});

describe('groups and aggregates', () => {
  it('name fields of the collection itself, functions of them included', () => {
    expect(queryShapeError({ groupBy: ['title', 'year(date_created)'], aggregate: { count: '*', max: 'sort' } })).toBeNull();
  });

  it('are refused along a relation, or naming nothing', () => {
    for (const query of [{ groupBy: 'category.name' }, { groupBy: [] }, { groupBy: '' }, { aggregate: { count: 'category.name' } }, { aggregate: { max: ['sort', 'category.sort'] } }, { aggregate: { sum: [] } }]) {
      expect(queryShapeError(query), JSON.stringify(query)).toBe(GROUP_SHAPE);
    }
  });
});

describe('a top-level filter', () => {
  it('is taken as the site and the admin app send it, and left to Directus when it is not an object', () => {
    expect(queryShapeError({ filter: { status: { _eq: 'published' }, genres: { _some: { genres_id: { _in: [1, 2] } } } } })).toBeNull();
    expect(queryShapeError({ filter: '{"comments":{"_none":{"deleted":{"_eq":true}}}}' })).toBeNull();
    expect(queryShapeError({ filter: 'not json' })).toBeNull();
  });

  it('is refused where Directus takes it but cannot walk it', () => {
    for (const filter of [{ title: { _none: null } }, '{"title":{"_some":null}}', { _and: [{ title: { _none: [] } }] }]) {
      expect(queryShapeError({ filter }), JSON.stringify(filter)).toBe(FILTER_SHAPE);
    }
  });
});

describe('aliasTakenError', () => {
  const fields = { id: {}, title: {}, segments: {} };

  it('takes aliases of names the collection does not have', () => {
    expect(aliasTakenError({ first_title: 'title', c: 'segments' }, fields)).toBeNull();
    expect(aliasTakenError(undefined, fields)).toBeNull();
  });

  it('refuses an alias named as one of its fields, the key above all', () => {
    for (const alias of [{ id: 'title' }, { title: 'id' }, '{"segments":"title"}']) expect(aliasTakenError(alias, fields)).toBe(ALIAS_TAKEN);
  });
});

describe('aliasShapeError', () => {
  it('takes plain names for plain fields, as an object or JSON text', () => {
    expect(aliasShapeError({ c: 'comments', first_title: 'title', имя: 'name' })).toBeNull();
    expect(aliasShapeError('{"c":"comments"}')).toBeNull();
  });

  it('refuses wildcards, paths and other shapes', () => {
    for (const alias of [{ '*': 'title' }, { '*.id': 'title' }, { 'a.b': 'title' }, { 'a\u0000b': 'name' }, { 'a`b': 'name' }, { 'x?': 'name' }, { '<': 'name' }, { '=': 'name' }, { '_sort': 'series' }, '{"constructor":"series"}', '{"__proto__":"series"}', { toString: 'series' }, { '1a': 'name' }, { c: '*' }, { c: 'title.name' }, { c: ['title'] }, 'abc', ['c']]) {
      expect(aliasShapeError(alias)).toBe(ALIAS_SHAPE);
    }
  });
});

import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { BLANK_ID, argumentsShapeError } from './graphql-arguments.ts';
import { ALIAS_SHAPE, FILTER_SHAPE, GROUP_SHAPE, LIST_SHAPE } from './query-shape.ts';
import { KEYS_SHAPE } from './write-lists.ts';

const errorOf = (query: string, variables?: Record<string, unknown>) => argumentsShapeError(parse(query), variables);

describe('argumentsShapeError', () => {
  it('takes the arguments the site and the admin app send', () => {
    expect(errorOf('{ titles(filter: { status: { _eq: "published" } }, sort: ["-year", "name"], limit: 5) { id } }')).toBeNull();
    expect(errorOf('{ titles(sort: "name") { id comments(filter: { deleted: { _eq: false } }, sort: ["-date_created"]) { id } } }')).toBeNull();
    expect(errorOf('{ titles_aggregated(groupBy: ["category", "year(date_created)"]) { count { id } } }')).toBeNull();
    expect(errorOf('{ titles_by_id(id: 7) { id } a: titles_by_id(id: " ") { id } }')).toBeNull();
    expect(errorOf('{ titles(filter: { series: { _some: { number: { _gt: 1 } } } }) { id } }')).toBeNull();
  });

  it('refuses lists holding what is not a name, at any depth', () => {
    expect(errorOf('{ titles(sort: [null]) { id } }')).toBe(LIST_SHAPE);
    expect(errorOf('{ titles { comments(sort: [{ a: 1 }]) { id } } }')).toBe(LIST_SHAPE);
    expect(errorOf('{ titles_aggregated(groupBy: [null]) { count { id } } }')).toBe(LIST_SHAPE);
  });

  it('refuses a group along a relation and a filter Directus cannot walk', () => {
    expect(errorOf('{ titles_aggregated(groupBy: ["category.name"]) { count { id } } }')).toBe(GROUP_SHAPE);
    expect(errorOf('{ titles(filter: { series: { _some: null } }) { id } }')).toBe(FILTER_SHAPE);
    expect(errorOf('{ titles(filter: { _and: { id: { _eq: 1 } } }) { id } }')).toBe(FILTER_SHAPE);
  });

  it('reads variables, an absent one as nothing', () => {
    const query = 'query($f: titles_filter, $s: [String]) { titles(filter: $f, sort: $s) { id } }';
    expect(errorOf(query, { f: { series: { _none: [] } } })).toBe(FILTER_SHAPE);
    expect(errorOf(query, { s: [null] })).toBe(LIST_SHAPE);
    expect(errorOf(query)).toBeNull();
  });

  it('refuses an empty id, in a fragment too', () => {
    expect(errorOf('{ titles_by_id(id: "") { id } }')).toBe(BLANK_ID);
    expect(errorOf('query($id: ID!) { ...t } fragment t on Query { titles_by_id(id: $id) { id } }', { id: '' })).toBe(BLANK_ID);
  });

  it('reads a variable\'s default where it is not sent', () => {
    expect(errorOf('query($s: [String] = [null]) { titles(sort: $s) { id } }')).toBe(LIST_SHAPE);
    expect(errorOf('query($s: [String] = [null]) { titles(sort: $s) { id } }', { s: ['name'] })).toBeNull();
    expect(errorOf('query($id: ID! = "") { titles_by_id(id: $id) { id } }')).toBe(BLANK_ID);
    expect(errorOf('query a { titles { id } } query b($f: titles_filter = { series: { _some: null } }) { titles(filter: $f) { id } }')).toBe(FILTER_SHAPE);
  });

  it('refuses an alias that is no plain name, at any depth', () => {
    for (const query of ['{ titles { _sort: series { id } } }', '{ titles { constructor: series { id } } }', '{ titles { series { __proto__: segments { id } } } }']) {
      expect(errorOf(query), query).toBe(ALIAS_SHAPE);
    }
    expect(errorOf('{ a1: titles { heading: name the_slug: slug } }')).toBeNull();
  });

  it('refuses a zero id, which Directus reads as none', () => {
    expect(errorOf('{ titles_by_id(id: 0) { id } }')).toBe(BLANK_ID);
  });

  it('refuses keys that are not texts or numbers', () => {
    expect(errorOf('mutation { delete_genres_items(ids: [null]) { ids } }')).toBe(KEYS_SHAPE);
    expect(errorOf('mutation { delete_genres_items(ids: [1, "2"]) { ids } }')).toBeNull();
  });
});

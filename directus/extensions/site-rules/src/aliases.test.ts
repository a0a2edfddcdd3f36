import { describe, expect, it } from 'vitest';
import type { SchemaOverview } from '../../shared/directus.ts';
import { ALIAS_TAKEN } from './query-shape.ts';
import { collectionWithAliases, relation } from './relation-fixture.ts';
import { fieldsWithKey, takenAliasError } from './aliases.ts';

const schema: SchemaOverview = {
  collections: {
    titles: collectionWithAliases('titles', ['id', 'name', 'series']),
    series: collectionWithAliases('series', ['id', 'title', 'season', 'segments']),
    seasons: collectionWithAliases('seasons', ['id', 'number']),
  },
  relations: [relation('series', 'title', 'titles', 'series'), relation('series', 'season', 'seasons')],
};

const errorOf = (query: { alias?: unknown; deep?: unknown }) => takenAliasError(schema, 'titles', query);

describe('takenAliasError', () => {
  it('takes aliases that name no field of their read', () => {
    expect(errorOf({ alias: { heading: 'name' }, deep: { series: { _alias: { part: 'season' }, part: { _alias: { n: 'number' } } } } })).toBeNull();
    expect(errorOf({})).toBeNull();
  });

  it('refuses one named as a field of the root', () => {
    expect(errorOf({ alias: { id: 'name' } })).toBe(ALIAS_TAKEN);
  });

  it('refuses one named as a field of a nested read, found through the read\'s own alias too', () => {
    expect(errorOf({ deep: { series: { _alias: { id: 'season' } } } })).toBe(ALIAS_TAKEN);
    expect(errorOf({ alias: { parts: 'series' }, deep: { parts: { _alias: { title: 'season' } } } })).toBe(ALIAS_TAKEN);
    expect(errorOf({ deep: { series: { _alias: { part: 'season' }, part: { _alias: { id: 'number' } } } } })).toBe(ALIAS_TAKEN);
  });

  it('leaves a level it cannot follow to Directus', () => {
    expect(errorOf({ deep: { nothing: { _alias: { id: 'x' } } } })).toBeNull();
  });
});

describe('fieldsWithKey', () => {
  const fieldsOf = (query: { alias?: unknown; fields?: unknown }) => fieldsWithKey(schema, 'series', query);

  it('adds the key when every field named renames a column or a link', () => {
    expect(fieldsOf({ alias: { x: 'title' }, fields: ['x'] })).toEqual(['x', 'id']);
    expect(fieldsOf({ alias: { a: 'title', b: 'season' }, fields: ['a', 'b'] })).toEqual(['a', 'b', 'id']);
  });

  it('leaves fields that name something under its own name, or a list, as they are', () => {
    expect(fieldsOf({ alias: { x: 'title' }, fields: ['x', 'season'] })).toBeNull();
    expect(fieldsOf({ fields: ['title'] })).toBeNull();
    expect(fieldsWithKey(schema, 'titles', { alias: { parts: 'series' }, fields: ['parts'] })).toBeNull();
    expect(fieldsOf({ alias: { x: 'title' }, fields: [] })).toBeNull();
  });
});

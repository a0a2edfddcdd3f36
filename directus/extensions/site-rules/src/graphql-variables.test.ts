import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { operationOf, variableError, variableMisfit } from './graphql-variables.ts';

const schema = buildSchema(`
  input TitleFilter { name: String }
  type Query { title(id: ID!): String, titles(limit: Int, filter: TitleFilter, names: [String!]): String }
`);
const document = parse(`
  query One($id: ID!) { title(id: $id) }
  query Many($limit: Int = 5, $filter: TitleFilter, $names: [String!]) { titles(limit: $limit, filter: $filter, names: $names) }
`);
const errorOf = (name: string, variables: Record<string, unknown>) => variableError(schema, operationOf(document, name)!, variables);

describe('operationOf', () => {
  it('finds the operation named, or the only one', () => {
    expect(operationOf(document, 'Many')?.name?.value).toBe('Many');
    expect(operationOf(parse('{ title(id: 1) }'), undefined)).not.toBeNull();
  });

  it('leaves to GraphQL a choice it refuses itself', () => {
    expect(operationOf(document, undefined)).toBeNull();
    expect(operationOf(document, 'Other')).toBeNull();
    expect(operationOf(parse('query One { title(id: 1) }'), 1)).toBeNull();
    expect(operationOf(parse('query One { title(id: 1) }'), ['One'])).toBeNull();
  });

  it('takes a name that is empty or null as none, as Directus does', () => {
    expect(operationOf(parse('query One { title(id: 1) }'), '')?.name?.value).toBe('One');
    expect(operationOf(parse('query One { title(id: 1) }'), null)?.name?.value).toBe('One');
  });
});

describe('variableError', () => {
  it('takes values their types take, defaults and optional variables left out', () => {
    expect(errorOf('One', { id: 7 })).toBeNull();
    expect(errorOf('One', { id: 'slug' })).toBeNull();
    expect(errorOf('Many', {})).toBeNull();
    expect(errorOf('Many', { limit: null, filter: { name: 'Босс' }, names: 'один' })).toBeNull();
  });

  it('names the variable missing, null where required, or of another type', () => {
    expect(errorOf('One', {})).toBe(variableMisfit('id', 'ID!'));
    expect(errorOf('One', { id: null })).toBe(variableMisfit('id', 'ID!'));
    expect(errorOf('One', { id: { a: 1 } })).toBe(variableMisfit('id', 'ID!'));
    expect(errorOf('Many', { limit: 'abc' })).toBe(variableMisfit('limit', 'Int'));
    expect(errorOf('Many', { filter: { name: 5, other: 1 } })).toBe(variableMisfit('filter', 'TitleFilter'));
    expect(errorOf('Many', { names: [null] })).toBe(variableMisfit('names', '[String!]'));
  });
});

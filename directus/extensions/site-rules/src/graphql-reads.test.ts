import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { fieldCount, rootFields, rootReads } from './graphql-reads.ts';

const count = (query: string) => rootReads(parse(query));

describe('rootReads', () => {
  it('counts each field at the root once, by the name its answer carries', () => {
    expect(count('{ titles { id } }')).toBe(1);
    expect(count('{ titles { id } actors { id } a: titles { name } }')).toBe(3);
    expect(count('{ titles { id } titles { name } }')).toBe(1);
  });

  it('counts what fragments and inline fragments put at the root, a fragment spread twice once', () => {
    const query = `
      query { ...reads ...reads ... on Query { c: titles { id } } }
      fragment reads on Query { a: titles { id } b: titles { id } ...more }
      fragment more on Query { d: actors { id } }`;
    expect(count(query)).toBe(4);
  });

  it('answers the largest operation of several, and a fragment that spreads itself ends', () => {
    expect(count('query one { a: titles { id } } query two { a: titles { id } b: titles { id } }')).toBe(2);
    expect(count('{ ...loop } fragment loop on Query { a: titles { id } ...loop }')).toBe(1);
  });

  it('counts nothing nested', () => {
    expect(count('{ titles { a: comments { id } b: comments { id } c: series { id } } }')).toBe(1);
  });
});

describe('rootFields', () => {
  const fields = (query: string) => rootFields(parse(query));

  it('names every field at the root by its name, under an alias or in a fragment too, of every operation', () => {
    expect(fields('mutation { x: auth_login(email: "a", password: "b") { access_token } }')).toEqual(new Set(['auth_login']));
    expect(fields('mutation { ...go } fragment go on Mutation { utils_hash_verify(string: "a", hash: "b") }')).toEqual(new Set(['utils_hash_verify']));
    expect(fields('query q { titles { id } } mutation m { import_file(url: "u") { id } }')).toEqual(new Set(['titles', 'import_file']));
  });

  it('names nothing nested, and no alias as a field', () => {
    expect(fields('{ auth_login: titles { server_health: id } }')).toEqual(new Set(['titles']));
  });
});

describe('fieldCount', () => {
  const fields = (query: string) => fieldCount(parse(query));

  it('counts every field each time it is written, nested, aliased or repeated', () => {
    expect(fields('{ titles { id } }')).toBe(2);
    expect(fields('{ titles { id id a: id comments { id } } }')).toBe(6);
  });

  it('counts a fragment\'s fields wherever it is spread, and an unspread one not at all', () => {
    expect(fields('{ titles { ...f ...f ... on titles { name } } } fragment f on titles { id slug }')).toBe(6);
    expect(fields('{ titles { id } } fragment f on titles { id slug }')).toBe(2);
  });

  it('stops past its limit, however the fragments spread one another', () => {
    const levels = Array.from({ length: 40 }, (_, i) => `fragment f${i} on titles { ...f${i + 1} ...f${i + 1} }`).join(' ');
    expect(fieldCount(parse(`{ titles { ...f0 } } ${levels} fragment f40 on titles { id }`), 200)).toBeGreaterThan(200);
    expect(fields('{ titles { ...f } } fragment f on titles { id ...f }')).toBe(2);
  });
});

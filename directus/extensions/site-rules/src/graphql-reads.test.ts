import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { rootReads } from './graphql-reads.ts';

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

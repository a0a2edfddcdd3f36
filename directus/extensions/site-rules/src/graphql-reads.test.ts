import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { asksSignIn, rootReads, SIGN_IN_MUTATIONS } from './graphql-reads.ts';

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

describe('asksSignIn', () => {
  const asks = (query: string) => asksSignIn(parse(query));

  it('finds each sign-in mutation at the root, under an alias or in a fragment too', () => {
    for (const field of SIGN_IN_MUTATIONS) expect(asks(`mutation { ${field}(email: "a@b.c") { access_token } }`), field).toBe(true);
    expect(asks('mutation { x: auth_login(email: "a", password: "b") { access_token } }')).toBe(true);
    expect(asks('mutation { ...go } fragment go on Mutation { auth_login(email: "a", password: "b") { access_token } }')).toBe(true);
    expect(asks('query q { titles { id } } mutation m { auth_refresh(refresh_token: "r") { access_token } }')).toBe(true);
  });

  it('lets other operations be, and a query whose answer is only named like a sign-in', () => {
    expect(asks('mutation { auth_logout(refresh_token: "r") }')).toBe(false);
    expect(asks('mutation { create_comments_item(data: { text: "hi" }) { id } }')).toBe(false);
    expect(asks('{ auth_login: titles { id } }')).toBe(false);
  });
});

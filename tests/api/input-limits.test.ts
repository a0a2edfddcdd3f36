/**
 * Bad input gets a clear 400 and changes nothing: title ids of the view counter, nesting depth, reads
 * reaching deep into lists or asking too much at once, addresses that do not decode, hashing on request,
 * uploads to routes that are not the caller's.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { MAX_NESTING } from '../../directus/extensions/shared/nesting.ts';
import { MAX_ALIASES, TOO_FAR, TOO_MANY_ALIASES, TOO_MANY_ROWS, TURNS_BACK } from '../../directus/extensions/site-rules/src/field-reach.ts';
import { BLANK_ID } from '../../directus/extensions/site-rules/src/graphql-arguments.ts';
import { OPERATION_UNCHOSEN, variableMisfit } from '../../directus/extensions/site-rules/src/graphql-variables.ts';
import { shownName } from '../../directus/extensions/site-rules/src/query-check.ts';
import { NO_SUCH_COLLECTION } from '../../directus/extensions/site-rules/src/realtime.ts';
import { MAX_GRAPHQL_FIELDS, MAX_GRAPHQL_READS, TOO_MANY_FIELDS, TOO_MANY_READS } from '../../directus/extensions/site-rules/src/graphql-reads.ts';
import { EMPTY_ADDRESS_PART, UNREADABLE_ADDRESS } from '../../directus/extensions/site-rules/src/request-address.ts';
import { SEARCH_QUERY_SHAPE } from '../../directus/extensions/site-rules/src/search-body.ts';
import { AGGREGATE_SHAPE, ALIAS_SHAPE, ALIAS_TAKEN, CALL_SHAPE, DEEP_SHAPE, FILTER_SHAPE, GROUP_SHAPE, LIST_SHAPE, QUERY_SHAPE, SORT_SHAPE } from '../../directus/extensions/site-rules/src/query-shape.ts';
import { MISSING_COLUMN } from '../../directus/extensions/site-rules/src/database-errors.ts';
import { BATCH_DELETE_SHAPE } from '../../directus/extensions/site-rules/src/batch-delete-body.ts';
import {
  FILTER_TEXT_TOO_LONG, MAX_FILTER_KEYS, MAX_FILTER_TEXT, MAX_FILTER_VALUES, MAX_GROUP_FIELDS, MAX_QUERY_FIELDS, MAX_SEARCH_LENGTH, MAX_SORT_FIELDS, SEARCH_TOO_LONG, TOO_MANY_CONDITIONS,
  TOO_MANY_QUERY_FIELDS, TOO_MANY_GROUPS, TOO_MANY_SORTS, TOO_MANY_VALUES,
} from '../../directus/extensions/site-rules/src/query-size.ts';
import { MAX_READ_ROWS, VIEW_FLOW_ID } from '../../shared/rules.ts';
import { adminToken, baseUrl, call, newTitle, newUser, type Reply, type TestUser } from '../support/api.ts';
import { ADMIN } from '../support/global-setup.ts';
import { adminRead, asAdmin, countRows, expectNothingStored, expectRefused } from '../support/fixtures.ts';
import { Realtime, closeAllRealtime, type Frame } from '../support/realtime.ts';

const TOO_DEEP = 'Слишком глубокая вложенность запроса';

let title: { id: number };
let user: TestUser;

/** `{ _and: [ … ] }` wrapped around a condition until the filter has `levels` levels of nesting. */
function nestedFilter(levels: number): Record<string, unknown> {
  let filter: Record<string, unknown> = { id: { _gt: 0 } };
  for (let depth = 3; depth < levels; depth += 2) filter = { _and: [filter] };
  return filter;
}

/** A JSON body nested `levels` deep, written as text: the value itself would be too deep to stringify. */
const deepBody = (levels: number, field: string, rest: string) => `{${rest}"${field}":${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}}`;

async function postText(path: string, body: string, token?: string): Promise<Reply> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  const json = await res.json();
  return { status: res.status, data: json.data, errors: json.errors };
}

beforeAll(async () => {
  title = await newTitle();
  user = await newUser();
});

describe('the view counter', () => {
  it.each([
    ['a list', [1]],
    ['true', true],
    ['a fraction', 1.5],
    ['digits followed by letters', '12abc'],
    ['an object', { id: 1 }],
    ['a negative number', -3],
    ['nothing', null],
  ])('refuses %s as a title id and counts nothing', async (_what, bad) => {
    const before = (await adminRead('titles', title.id, 'views')).views;
    const res = await call('POST', `/flows/trigger/${VIEW_FLOW_ID}`, { body: { titleId: Array.isArray(bad) ? [title.id] : bad } });
    expectRefused(res, 400, 'titleId должен быть номером сериала или фильма');
    expect((await adminRead('titles', title.id, 'views')).views).toBe(before);
  });

  it('counts a title id sent as digits', async () => {
    const before = (await adminRead('titles', title.id, 'views')).views;
    const res = await call('POST', `/flows/trigger/${VIEW_FLOW_ID}`, { body: { titleId: String(title.id) } });
    expect(res.status).toBe(200);
    expect((await adminRead('titles', title.id, 'views')).views).toBe(before + 1);
  });
});

describe('nesting', () => {
  it(`answers a filter nested up to ${MAX_NESTING} levels`, async () => {
    const res = await call('GET', `/items/titles?fields=id&limit=1&filter=${encodeURIComponent(JSON.stringify(nestedFilter(MAX_NESTING)))}`);
    expect(res.status).toBe(200);
  });

  it.each([MAX_NESTING + 2, 120])('refuses a filter nested %i levels with a 400', async (levels) => {
    const res = await call('GET', `/items/titles?fields=id&filter=${encodeURIComponent(JSON.stringify(nestedFilter(levels)))}`);
    expectRefused(res, 400, TOO_DEEP);
  });

  it('refuses a nested read\'s filter nested too deep', async () => {
    const deep = { comments: { _filter: nestedFilter(MAX_NESTING + 2) } };
    const res = await user.call('GET', `/items/titles?fields=id,comments.id&deep=${encodeURIComponent(JSON.stringify(deep))}`);
    expectRefused(res, 400, TOO_DEEP);
  });

  it.each([
    ['a support request from a visitor', 'supportRequests', false, '"name":"Я","email":"a@example.com",', 'message'],
    ['a review', 'comments', true, '"text":"Отзыв",', 'title'],
  ])('refuses %s with a body nested 20,000 levels and stores nothing', async (_what, collection, signedIn, rest, field) => {
    const res = await expectNothingStored(collection, {}, () =>
      postText(`/items/${collection}`, deepBody(20_000, field, rest), signedIn ? user.token : undefined));
    expectRefused(res, 400, TOO_DEEP);
  });

  it('refuses a profile update nested too deep and keeps the profile', async () => {
    const before = await adminRead('directus_users', user.id, 'aboutMe,first_name');
    const res = await user.call('PATCH', '/users/me', JSON.parse(deepBody(MAX_NESTING + 1, 'aboutMe', '"first_name":"Новое",')));
    expectRefused(res, 400, TOO_DEEP);
    expect(await adminRead('directus_users', user.id, 'aboutMe,first_name')).toEqual(before);
    expect(await countRows('directus_users', { id: { _eq: user.id } })).toBe(1);
  });
});

describe('reads reaching deep into lists', () => {
  const tooFar = [
    ['wildcards five deep', '/items/titles?fields[]=*.*.*.*.*'],
    ['wildcards three deep', '/items/titles?fields=id,*.*.*'],
    ['a named path into three lists', '/items/titles?fields=comments.reactions.comment.reactions.id'],
    ['the own account with wildcards three deep', '/users/me?fields=*.*.*'],
  ];

  it.each(tooFar)('refuses %s with a 400, to a visitor and a member, and answers the next read', async (_what, path) => {
    if (!path.startsWith('/users/me')) expectRefused(await call('GET', path), 400, TOO_FAR);
    expectRefused(await user.call('GET', path), 400, TOO_FAR);
    expect((await call('GET', `/items/titles/${title.id}?fields=id`)).data).toEqual({ id: title.id });
  });

  it('refuses a path that follows a relation back the way it came, by REST and GraphQL, aliased or not', async () => {
    const back = '/items/series?limit=10&fields=id,title.series.title.series.name';
    expectRefused(await call('GET', back), 400, TURNS_BACK);
    expectRefused(await user.call('GET', back), 400, TURNS_BACK);
    const aliased = await call('POST', '/graphql', { body: { query: '{ series(limit: 10) { id t: title { s: series { id } } } }' } });
    expect(aliased.data?.series ?? null).toBeNull();
    expect(JSON.stringify(aliased.errors)).toContain(TURNS_BACK);
    // A reply's parent's parent goes on along the relation, not back.
    expect((await call('GET', '/items/comments?limit=1&fields=id,comment.comment.id,title.name')).status).toBe(200);
  });

  it('refuses the same reach through GraphQL', async () => {
    const res = await call('POST', '/graphql', { body: { query: '{ titles { comments { reactions { comment { reactions { id } } } } } }' } });
    expect(res.data?.titles ?? null).toBeNull();
    expect(JSON.stringify(res.errors)).toContain('INVALID_QUERY');
  });

  it('answers the reach the screens use: every field of each relation, and a post\'s replies\' reactions', async () => {
    expect((await call('GET', `/items/titles/${title.id}?fields=*.*`)).status).toBe(200);
    expect((await user.call('GET', '/items/posts?fields=id,comments.comment.reactions.id,comments.images.directus_files_id.id')).status).toBe(200);
  });

  it.each([
    ['every row with a list', '/items/titles?limit=-1&fields=id,genres.genres_id.name'],
    ['more rows than the cap with a list', `/items/titles?limit=${MAX_READ_ROWS + 1}&fields=id,series.id`],
    ['every row of every field, lists included', '/items/titles?limit=-1'],
    ['every review with its reactions', '/items/comments?limit=-1&fields=id,reactions.type'],
    ['every row of plain texts', '/items/titles?limit=-1&fields=id,name,description'],
    ['more rows of plain texts than the cap', `/items/titles?limit=${MAX_READ_ROWS + 1}&fields=id,name`],
    ['every person', '/users?limit=-1&fields=id,login'],
    ['every group of an aggregate', '/items/comments?aggregate[count]=*&groupBy[]=title&limit=-1'],
    ['more groups than the cap', `/items/titles?aggregate[count]=*&groupBy[]=description&limit=${MAX_READ_ROWS + 1}`],
  ])('refuses %s with a 400, to a visitor and a member', async (_what, path) => {
    expectRefused(await call('GET', path), 400, TOO_MANY_ROWS);
    expectRefused(await user.call('GET', path), 400, TOO_MANY_ROWS);
  });

  it('refuses every row through GraphQL, a SEARCH body and an export too', async () => {
    const graphql = await call('POST', '/graphql', { body: { query: '{ titles(limit: -1) { id name } }' } });
    expect(graphql.data?.titles ?? null).toBeNull();
    expect(JSON.stringify(graphql.errors)).toContain(TOO_MANY_ROWS);
    expectRefused(await call('SEARCH', '/items/titles', { body: { query: { fields: ['id'], limit: -1 } } }), 400, TOO_MANY_ROWS);
    expectRefused(await call('GET', '/items/titles?limit=-1&fields=id,name&export=csv'), 400, TOO_MANY_ROWS);
  });

  it('answers the cap, with a list or without, and an aggregate without groups, which is one row', async () => {
    const plain = await call('GET', `/items/titles?limit=${MAX_READ_ROWS}&fields=id,name`);
    expect(plain.status).toBe(200);
    expect(plain.data.length).toBe(await countRows('titles', { status: { _eq: 'published' } }));
    expect((await call('GET', `/items/titles?limit=${MAX_READ_ROWS}&fields=id,genres.genres_id.name`)).status).toBe(200);
    expect((await call('GET', `/items/comments?aggregate[count]=*&groupBy[]=title&limit=${MAX_READ_ROWS}`)).status).toBe(200);
    const counted = await call('GET', '/items/titles?aggregate[count]=*&limit=-1');
    expect(counted.status).toBe(200);
    expect(Number(counted.data[0].count)).toBe(await countRows('titles', { status: { _eq: 'published' } }));
  });

  it('lets an editor of the admin app read as wide and as many as it asks', async () => {
    const editor = await newUser(EDITOR_ROLE);
    const res = await editor.call('GET', `/items/titles/${title.id}?fields=*.*.*`);
    expect(res.status).toBe(200);
    expect(res.data.id).toBe(title.id);
    expect((await editor.call('GET', '/items/titles?limit=-1&fields=*.*')).status).toBe(200);
  });
});

describe('reads many at once', () => {
  /** A GraphQL document of `n` aliased reads of the titles at its root. */
  const rootReads = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `r${i}: titles(limit: 1) { id }`).join(' ')} }`;
  const graphql = (query: string, token?: string) => call('POST', '/graphql', { body: { query }, token });

  it(`refuses a GraphQL document of more than ${MAX_GRAPHQL_READS} reads at its root, to a visitor and a member, by POST and GET`, async () => {
    expectRefused(await graphql(rootReads(MAX_GRAPHQL_READS + 1)), 400, TOO_MANY_READS);
    expectRefused(await graphql(rootReads(MAX_GRAPHQL_READS + 1), user.token), 400, TOO_MANY_READS);
    expectRefused(await call('GET', `/graphql?query=${encodeURIComponent(rootReads(MAX_GRAPHQL_READS + 1))}`), 400, TOO_MANY_READS);
    const throughFragments = `{ ...a ...b } fragment a on Query { ${rootReads(MAX_GRAPHQL_READS).slice(1, -1)} } fragment b on Query { extra: titles { id } }`;
    expectRefused(await graphql(throughFragments), 400, TOO_MANY_READS);
    const system = `{ ${Array.from({ length: MAX_GRAPHQL_READS + 1 }, (_, i) => `me${i}: users_me { id }`).join(' ')} }`;
    expectRefused(await call('POST', '/graphql/system', { body: { query: system }, token: user.token }), 400, TOO_MANY_READS);
  });

  it(`answers ${MAX_GRAPHQL_READS} reads, each read whole`, async () => {
    const res = await graphql(rootReads(MAX_GRAPHQL_READS));
    expect(res.status).toBe(200);
    expect(Object.keys(res.data)).toHaveLength(MAX_GRAPHQL_READS);
    expect(res.data.r0).toHaveLength(1);
  });

  it(`refuses a GraphQL document naming more than ${MAX_GRAPHQL_FIELDS} fields, repeated ones too, and leaves editors theirs`, async () => {
    const fields = (n: number) => `{ titles(limit: 1) { ${'id '.repeat(n - 1)} } }`;
    for (const token of [undefined, user.token]) expectRefused(await graphql(fields(MAX_GRAPHQL_FIELDS + 1), token), 400, TOO_MANY_FIELDS);
    const inFragments = `{ titles(limit: 1) { ...a } } fragment a on titles { ${'id '.repeat(MAX_GRAPHQL_FIELDS)} }`;
    expectRefused(await graphql(inFragments), 400, TOO_MANY_FIELDS);
    // A fragment's fields count wherever it is spread: a small one under every read asks them all.
    const perRead = Math.ceil(MAX_GRAPHQL_FIELDS / MAX_GRAPHQL_READS);
    const spread = `{ ${Array.from({ length: MAX_GRAPHQL_READS }, (_, i) => `t${i}: titles(limit: 1) { ...a }`).join(' ')} } fragment a on titles { ${'id '.repeat(perRead)} }`;
    expectRefused(await graphql(spread), 400, TOO_MANY_FIELDS);
    expect((await graphql(fields(MAX_GRAPHQL_FIELDS))).status).toBe(200);
    const editor = await newUser(EDITOR_ROLE);
    expect((await graphql(fields(MAX_GRAPHQL_FIELDS + 1), editor.token)).status).toBe(200);
  });

  it(`refuses more than ${MAX_ALIASES} aliases in one read, through REST and nested in GraphQL`, async () => {
    const names = Array.from({ length: MAX_ALIASES + 1 }, (_, i) => `c${i}`);
    const alias = names.map((n) => `alias[${n}]=comments`).join('&');
    expectRefused(await call('GET', `/items/titles?fields=${names.map((n) => `${n}.id`).join(',')}&${alias}`), 400, TOO_MANY_ALIASES);
    const nested = await graphql(`{ titles(limit: 1) { ${names.map((n) => `${n}: comments { id }`).join(' ')} } }`);
    expect(nested.data?.titles ?? null).toBeNull();
    expect(JSON.stringify(nested.errors)).toContain('INVALID_QUERY');
  });

  it('lets an editor of the admin app read as many at once as it asks', async () => {
    const editor = await newUser(EDITOR_ROLE);
    const res = await graphql(rootReads(MAX_GRAPHQL_READS * 3), editor.token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.data)).toHaveLength(MAX_GRAPHQL_READS * 3);
  });
});

describe('reads naming long lists', () => {
  /** A read whose query is in its body, as the SDK's `withSearch` sends it. */
  const search = (collection: string, query: Record<string, unknown>, token?: string) => call('SEARCH', `/items/${collection}`, { body: { query }, token });
  const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

  it('refuses each list past its limit with a 400 (GraphQL: an error), where the database answered 500, to visitors and members', async () => {
    for (const token of [undefined, user.token]) {
      expectRefused(await search('titles', { fields: ['id'], filter: { id: { _in: ids(MAX_FILTER_VALUES + 1) } } }, token), 400, TOO_MANY_VALUES);
      const conditions = ids(MAX_FILTER_KEYS).map((id) => ({ id: { _eq: id } }));
      expectRefused(await search('comments', { fields: ['id'], filter: { _or: conditions } }, token), 400, TOO_MANY_CONDITIONS);
      expectRefused(await call('GET', `/items/titles?fields=id&sort=${Array(MAX_SORT_FIELDS + 1).fill('id').join(',')}`, { token }), 400, TOO_MANY_SORTS);
      expectRefused(await search('titles', { aggregate: { count: ['id'] }, groupBy: Array(MAX_GROUP_FIELDS + 1).fill('releaseYear') }, token), 400, TOO_MANY_GROUPS);
      expectRefused(await search('titles', { fields: ['id'], search: 'дорама '.repeat(MAX_SEARCH_LENGTH) }, token), 400, SEARCH_TOO_LONG);
      expectRefused(await search('titles', { fields: Array(MAX_QUERY_FIELDS + 1).fill('name') }, token), 400, TOO_MANY_QUERY_FIELDS);
      const graphqlIds = 'query ($ids: [GraphQLStringOrFloat]) { titles(limit: 1, filter: { id: { _in: $ids } }) { id } }';
      const variables = { ids: ids(MAX_FILTER_VALUES + 1) };
      const overGraphql = await call('POST', '/graphql', { body: { query: graphqlIds, variables }, token });
      expect(overGraphql.data?.titles ?? null).toBeNull();
      expect(JSON.stringify(overGraphql.errors)).toContain(TOO_MANY_VALUES);
      // SQLite itself refuses a LIKE pattern past 50,000 characters, which Directus answered with a 500.
      const longText = 'а'.repeat(50_001);
      expectRefused(await search('titles', { fields: ['id'], filter: { name: { _contains: longText } } }, token), 400, FILTER_TEXT_TOO_LONG);
      const textOverGraphql = await call('POST', '/graphql', { body: { query: 'query ($t: String) { titles(limit: 1, filter: { name: { _contains: $t } }) { id } }', variables: { t: longText } }, token });
      expect(JSON.stringify(textOverGraphql.errors)).toContain(FILTER_TEXT_TOO_LONG);
      expect((await search('titles', { fields: ['id'], filter: { name: { _contains: 'а'.repeat(MAX_FILTER_TEXT) } } }, token)).status).toBe(200);
    }
  });

  it('refuses a SEARCH whose query is not an object with a 400, where Directus answered 500', async () => {
    for (const query of ['x', 5, true, [1]]) {
      expectRefused(await call('SEARCH', '/items/titles', { body: { query } }), 400, SEARCH_QUERY_SHAPE);
      expectRefused(await call('SEARCH', '/users', { body: { query }, token: user.token }), 400, SEARCH_QUERY_SHAPE);
    }
    expect((await call('SEARCH', '/items/titles', { body: { query: { fields: ['id'], limit: 1 } } })).status).toBe(200);
  });

  it('refuses a DELETE by body that names nothing to delete with a 400, the singleton too, where Directus answered 500', async () => {
    const readStatic = async () => (await asAdmin('GET', '/items/static')).data;
    const staticBefore = await readStatic();
    for (const collection of ['static', 'favorites']) {
      for (const body of [undefined, {}, { query: 'x' }, { keys: 'x' }]) {
        for (const token of [undefined, user.token]) {
          expectRefused(await call('DELETE', `/items/${collection}`, { body, token }), 400, BATCH_DELETE_SHAPE);
        }
        expectRefused(await asAdmin('DELETE', `/items/${collection}`, body), 400, BATCH_DELETE_SHAPE);
      }
    }
    expect(await readStatic()).toEqual(staticBefore);
    // A member's own mark deleted by a query, as the shape allows.
    const mark = await user.call('POST', '/items/favorites', { type: 'Буду смотреть', title: title.id });
    expect((await user.call('DELETE', '/items/favorites', { query: { filter: { id: { _eq: mark.data.id } } } })).status).toBe(204);
    expect(await countRows('favorites', { id: { _eq: mark.data.id } })).toBe(0);
  });

  it(`answers a filter of ${MAX_FILTER_VALUES} ids, the build's largest`, async () => {
    // Ids past any title the tests make, and one that is: the answer is that one, however many titles exist.
    const res = await search('titles', { fields: ['id'], filter: { id: { _in: [...ids(MAX_FILTER_VALUES - 1, 10_000_000), title.id] } } });
    expect(res.status).toBe(200);
    expect(res.data).toEqual([{ id: title.id }]);
  });
});

describe('nested reads and aggregates Directus cannot parse', () => {
  /** Nested reads Directus parsed without awaiting: each of these ended the process. */
  const BAD_DEEP = [
    'deep[series][_filter]=abc',
    'deep[series][_filter][_and]=5',
    'deep[series][_sort][0][a]=b',
    'deep[series][_limit]=all',
    'deep[series][_fields]=id',
    `deep=${encodeURIComponent('{"series":{"_filter":{"title":null}}}')}`,
  ];
  const answered = (uid: string) => (f: Frame) => f.uid === uid && (f.status === 'error' || f.type === 'items');

  afterAll(closeAllRealtime);

  it('are refused with a 400 by the address, a SEARCH body and a socket, to everyone, and the server goes on', async () => {
    // A socket open all along: a process that ended and came back would have closed it.
    const watcher = await Realtime.visitor(baseUrl(), 'watcher');
    for (const query of BAD_DEEP) {
      for (const token of [undefined, user.token]) expectRefused(await call('GET', `/items/titles?fields=id,series.id&${query}`, { token }), 400, DEEP_SHAPE);
      expectRefused(await asAdmin('GET', `/items/titles?fields=id,series.id&${query}`), 400, DEEP_SHAPE);
    }
    const badDeep = { fields: ['id', 'series.id'], deep: { series: { _filter: 'abc' } } };
    expectRefused(await call('SEARCH', '/items/titles', { body: { query: badDeep } }), 400, DEEP_SHAPE);
    watcher.send({ type: 'items', action: 'read', collection: 'titles', uid: 'bad-deep', query: badDeep });
    expect(await watcher.waitFor(answered('bad-deep'), 'the refusal')).toMatchObject({ status: 'error', error: { message: DEEP_SHAPE } });

    const live = { fields: ['id', 'series.id'], deep: { series: { _filter: { deleted: { _eq: false } }, _sort: ['sort'], _limit: -1 } }, filter: { id: { _eq: title.id } } };
    const read = await call('SEARCH', '/items/titles', { body: { query: live } });
    expect(read.status).toBe(200);
    expect(read.data).toEqual([{ id: title.id, series: expect.any(Array) }]);
    watcher.send({ type: 'items', action: 'read', collection: 'titles', uid: 'good-deep', query: live });
    expect((await watcher.waitFor(answered('good-deep'), 'the read on the same socket')).data).toEqual(read.data);
  });

  it('refuses an aggregate that is not an object of field lists with a 400, where Directus answered 500', async () => {
    for (const aggregate of ['aggregate={bad', 'aggregate=abc', 'aggregate="x"', 'aggregate[count][a]=b']) {
      for (const token of [undefined, user.token]) expectRefused(await call('GET', `/items/titles?${aggregate}`, { token }), 400, AGGREGATE_SHAPE);
    }
    const counted = await call('GET', `/items/titles?aggregate[count]=*&filter[id][_eq]=${title.id}`);
    expect(Number(counted.data?.[0]?.count)).toBe(1);
  });

  it('refuses an alias that is a wildcard or a path, which held Directus until it ran out of memory', async () => {
    for (const query of ['alias[*]=title&fields=*', 'alias[*.id]=title&fields=*.id', 'alias[c]=*']) {
      for (const token of [undefined, user.token]) expectRefused(await call('GET', `/items/series?${query}`, { token }), 400, ALIAS_SHAPE);
    }
    expect((await call('GET', '/items/titles?alias[c]=comments&fields=id,c.id&limit=1')).status).toBe(200);
  });

  it('refuses an alias named as a field of its collection, which made Directus fail merging lists under the key', async () => {
    const episodes = await newTitle();
    for (const name of ['1 серия', '2 серия']) expect((await asAdmin('POST', '/items/series', { title: episodes.id, name })).status).toBe(200);
    const read = `/items/series?alias[id]=title&fields=id,segments.id&filter[title][_eq]=${episodes.id}`;
    for (const token of [undefined, user.token]) expectRefused(await call('GET', read, { token }), 400, ALIAS_TAKEN);
    expectRefused(await asAdmin('GET', read), 400, ALIAS_TAKEN);
    const graphql = await call('POST', '/graphql', { body: { query: `{ series(filter: { title: { id: { _eq: ${episodes.id} } } }) { id: title { id } segments { id } } }` } });
    expect(graphql.errors?.[0]?.message).toContain(ALIAS_TAKEN);
    const renamed = await call('GET', `/items/series?alias[show]=title&fields=id,show,segments.id&filter[title][_eq]=${episodes.id}`);
    expect(renamed.data).toHaveLength(2);
  });

  it('answers a read of aliases alone with rows, and exports it, where Directus answered bare keys and the export failed', async () => {
    const shown = await newTitle();
    const { name } = (await call('GET', `/items/titles/${shown.id}?fields=name`)).data;
    const renamed = await call('GET', `/items/titles?alias[heading]=name&fields=heading&filter[id][_eq]=${shown.id}`);
    expect(renamed.data).toEqual([{ heading: name, id: shown.id }]);
    const csv = await fetch(`${baseUrl()}/items/titles?export=csv&alias[heading]=name&fields=heading&filter[id][_eq]=${shown.id}`);
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(name);
    const asList = await call('GET', `/items/titles?alias[c]=comments&fields=c.id&filter[id][_eq]=${shown.id}`);
    expect(asList.data).toEqual([{ c: [] }]);
  });

  it('refuses an alias that is no plain name, by address, by GraphQL at any depth, where Directus failed', async () => {
    for (const name of ['%3C', '%3D', 'x%3F', '_sort']) {
      expectRefused(await call('GET', `/items/titles?export=xml&limit=1&alias[${name}]=name&fields=${name}`), 400, ALIAS_SHAPE);
    }
    for (const query of ['{ titles(limit: 1) { id _sort: series { id } } }', '{ titles(limit: 1) { id constructor: series { id } } }', '{ titles(limit: 1) { series { __proto__: segments { id } } } }']) {
      const res = await call('POST', '/graphql', { body: { query }, token: user.token });
      expect(JSON.stringify(res.errors), query).toContain(ALIAS_SHAPE);
    }
    const xml = await fetch(`${baseUrl()}/items/titles?export=xml&limit=1&alias[${encodeURIComponent('имя')}]=name&fields=${encodeURIComponent('имя')}`);
    expect(xml.status).toBe(200);
  });

  it('answers a socket frame naming a collection no collection holds, as an object\'s own name', async () => {
    const socket = await Realtime.visitor(baseUrl(), 'no-collection');
    for (const [uid, frame] of [['read', { type: 'items', action: 'read' }], ['subscribe', { type: 'subscribe' }]] as const) {
      socket.send({ ...frame, collection: 'constructor', uid });
      expect(await socket.waitFor(answered(uid), `the answer to ${uid}`)).toMatchObject({ status: 'error', error: { message: NO_SUCH_COLLECTION } });
    }
  });

  it('refuses through GraphQL the arguments REST refuses by their shape, an empty id and a nested alias over a field, where Directus failed', async () => {
    const episodes = await newTitle();
    for (const name of ['1 серия', '2 серия']) expect((await asAdmin('POST', '/items/series', { title: episodes.id, name })).status).toBe(200);
    const faults: [string, string, Record<string, unknown>?][] = [
      ['{ titles(sort: [null]) { id } }', LIST_SHAPE],
      ['{ titles_aggregated(groupBy: [null]) { count { id } } }', LIST_SHAPE],
      ['{ titles_aggregated(groupBy: ["category.name"]) { count { id } } }', GROUP_SHAPE],
      ['{ titles(filter: { series: { _some: null } }) { id } }', FILTER_SHAPE],
      ['query ($f: titles_filter) { titles(filter: $f) { id } }', FILTER_SHAPE, { f: { series: { _some: null } } }],
      ['{ titles_by_id(id: "") { id } }', BLANK_ID],
      ['{ titles_by_id(id: 0) { id } }', BLANK_ID],
      ['query ($s: [String] = [null]) { titles(sort: $s) { id } }', LIST_SHAPE],
      ['query ($id: ID! = "") { titles_by_id(id: $id) { id } }', BLANK_ID],
      [`{ titles_by_id(id: ${episodes.id}) { series { id: title { id } segments { id } } } }`, ALIAS_TAKEN],
    ];
    const byAdmin = await adminToken();
    for (const [query, message, variables] of faults) {
      for (const token of [undefined, user.token, byAdmin]) {
        const res = await call('POST', '/graphql', { body: { query, variables }, token });
        expect(Object.values(res.data ?? {}).filter((answer) => answer !== null), query).toEqual([]);
        expect(JSON.stringify(res.errors), query).toContain(message);
      }
    }
    expectRefused(await call('GET', `/graphql?query=${encodeURIComponent('{ titles(sort: [null]) { id } }')}`), 400, LIST_SHAPE);
    const renamed = await call('POST', '/graphql', { body: { query: `{ titles_by_id(id: ${episodes.id}) { series { name parts: segments { id } } } }` } });
    expect(renamed.data?.titles_by_id?.series).toHaveLength(2);
  });

  it('refuses GraphQL variables their declared types do not take with a 400 naming the variable, where Directus answered an unexpected error', async () => {
    const [byId, byLimit, byFilter] = ['query ($id: ID!) { titles_by_id(id: $id) { id } }', 'query ($l: Int) { titles(limit: $l) { id } }', 'query ($f: titles_filter) { titles(filter: $f) { id } }'];
    const misfits: [string, Record<string, unknown> | undefined, string][] = [
      [byId, undefined, variableMisfit('id', 'ID!')],
      [byId, { id: null }, variableMisfit('id', 'ID!')],
      [byId, { id: { a: 1 } }, variableMisfit('id', 'ID!')],
      [byLimit, { l: 'abc' }, variableMisfit('l', 'Int')],
      [byFilter, { f: { name: { _eq: ['a'] }, nothing: 1 } }, variableMisfit('f', 'titles_filter')],
      ['query One($a: Int) { titles(limit: 1) { id } } query Two($b: Int!) { titles(limit: $b) { id } }', { a: 1 }, variableMisfit('b', 'Int!')],
    ];
    const byAdmin = await adminToken();
    for (const [query, variables, message] of misfits) {
      const operationName = query.includes('Two') ? 'Two' : undefined;
      for (const token of [undefined, user.token, byAdmin]) expectRefused(await call('POST', '/graphql', { body: { query, variables, operationName }, token }), 400, message);
    }
    expectRefused(await call('GET', `/graphql?query=${encodeURIComponent(byLimit)}&variables=${encodeURIComponent('{"l":"abc"}')}`), 400, variableMisfit('l', 'Int'));
    expectRefused(await call('POST', '/graphql/system', { body: { query: 'query ($n: Int!) { server_ping }' }, token: byAdmin }), 400, variableMisfit('n', 'Int!'));
    const found = await call('POST', '/graphql', { body: { query: byLimit, variables: { l: 1 } } });
    expect(found.data?.titles).toHaveLength(1);
  });

  it('refuses a GraphQL request whose operation cannot be chosen with a 400 saying so, where Directus answered an unexpected error', async () => {
    const two = 'query One { titles(limit: 1) { id } } query Two { titles(limit: 1) { id } }';
    const byAdmin = await adminToken();
    for (const [query, operationName] of [[two, undefined], [two, 'Three'], [two, 2], ['query One { titles(limit: 1) { id } }', ['One']]] as const) {
      for (const token of [undefined, user.token, byAdmin]) expectRefused(await call('POST', '/graphql', { body: { query, operationName }, token }), 400, OPERATION_UNCHOSEN);
    }
    expectRefused(await call('GET', `/graphql?query=${encodeURIComponent(two)}`), 400, OPERATION_UNCHOSEN);
    expect((await call('POST', '/graphql', { body: { query: two, operationName: 'Two' } })).data?.titles).toHaveLength(1);
    expect((await call('POST', '/graphql', { body: { query: 'query One { titles(limit: 1) { id } }', operationName: '' } })).data?.titles).toHaveLength(1);
  });

  it('repeats a long field name cut short in its refusal, which carried a megabyte\'s name into the answer and the log', async () => {
    const name = 'x'.repeat(200_000);
    const refusal = `Нельзя сортировать по полю «${shownName(name)}»`;
    expect(refusal.length).toBeLessThan(200);
    const graphql = await call('POST', '/graphql', { body: { query: `{ titles(sort: ["${name}"], limit: 1) { id } }` } });
    expect(graphql.errors?.[0]?.message).toContain(refusal);
    expect(JSON.stringify(graphql.errors).length).toBeLessThan(2_000);
    for (const token of [undefined, user.token]) expectRefused(await call('SEARCH', '/items/titles', { body: { query: { sort: [name], limit: 1 } }, token }), 403, refusal);
  });

  it('refuses an aggregate of every field (*) but a count, where the database answered 500', async () => {
    expectRefused(await call('GET', '/items/series?aggregate[max]=*'), 400, AGGREGATE_SHAPE);
  });

  it('refuses fields, sorts, groups and meta naming objects with a 400, where Directus answered 500', async () => {
    for (const query of ['fields[0][a]=b', 'sort[0][a]=b', 'groupBy[0][a]=b&aggregate[count]=*', 'meta[a]=b']) {
      for (const token of [undefined, user.token]) expectRefused(await call('GET', `/items/titles?${query}`, { token }), 400, LIST_SHAPE);
    }
    expect((await call('GET', `/items/titles?fields[]=id&sort[]=-id&meta=filter_count&limit=1`)).status).toBe(200);
  });

  it('refuses a sort with a place that names no field, whoever asks, and takes an empty sort as none', async () => {
    for (const sort of ['-', '-%20', ',', 'name,', '-,name']) {
      for (const token of [undefined, user.token]) expectRefused(await call('GET', `/items/titles?fields=id&sort=${sort}`, { token }), 400, SORT_SHAPE);
      expectRefused(await asAdmin('GET', `/items/titles?fields=id&sort=${sort}`), 400, SORT_SHAPE);
    }
    expectRefused(await call('GET', `/items/titles?fields=id&deep=${encodeURIComponent('{"series":{"_sort":"-"}}')}`), 400, DEEP_SHAPE);
    expect((await call('GET', '/items/titles?fields=id&sort=&limit=1')).status).toBe(200);
  });

  it('refuses a function with nothing in its parentheses, or parentheses back to front, where Directus answered 500', async () => {
    for (const query of ['fields=year()', 'fields=json()', 'fields=id,title.count()', 'fields=a)(', 'groupBy=count()&aggregate[count]=*', 'search=x&fields=count()']) {
      for (const token of [undefined, user.token]) expectRefused(await call('GET', `/items/series?${query}`, { token }), 400, CALL_SHAPE);
      expectRefused(await asAdmin('GET', `/items/series?${query}`), 400, CALL_SHAPE);
    }
    const byYear = await asAdmin('GET', '/items/titles?aggregate[count]=*&groupBy[]=year(date_created)');
    expect(byYear.status).toBe(200);
    expect(byYear.data.length).toBeGreaterThan(0);
  });

  it('refuses a relational condition that is no condition, where Directus answered 500', async () => {
    for (const filter of ['{"title":{"_none":null}}', '{"title":{"_some":null}}', '{"_or":[{"title":{"_none":[]}}]}']) {
      for (const token of [undefined, user.token]) expectRefused(await call('GET', `/items/series?filter=${encodeURIComponent(filter)}`, { token }), 400, FILTER_SHAPE);
    }
    const none = await call('GET', `/items/titles?filter=${encodeURIComponent('{"series":{"_none":{"id":{"_gt":0}}}}')}&fields=id&limit=1`);
    expect(none.status).toBe(200);
  });

  it('refuses groups and aggregates along a relation, or of nothing, where Directus answered 500', async () => {
    for (const query of ['aggregate[count]=category.name', 'groupBy=category.name&aggregate[count]=*', 'aggregate[max]=category.sort']) {
      for (const token of [undefined, user.token]) expectRefused(await call('GET', `/items/titles?${query}`, { token }), 400, GROUP_SHAPE);
      expectRefused(await asAdmin('GET', `/items/titles?${query}`), 400, GROUP_SHAPE);
    }
    expectRefused(await call('SEARCH', '/items/titles', { body: { query: { groupBy: [] } } }), 400, GROUP_SHAPE);
    const socket = await Realtime.visitor(baseUrl(), 'empty-group');
    socket.send({ type: 'items', action: 'read', collection: 'titles', uid: 'empty-group', query: { groupBy: [] } });
    expect(await socket.waitFor(answered('empty-group'), 'the refusal')).toMatchObject({ status: 'error', error: { message: GROUP_SHAPE } });
  });

  it('refuses an alias holding a control character or a quote, where the database answered 500', async () => {
    expectRefused(await call('GET', '/items/titles?limit=2&alias[a%00b]=name&fields=a%00b'), 400, ALIAS_SHAPE);
  });

  it('answers a socket read whose query is not an object with its reason', async () => {
    const socket = await Realtime.visitor(baseUrl(), 'odd-query');
    for (const [uid, query] of [['number', 5], ['text', 'abc'], ['none', null]] as const) {
      socket.send({ type: 'items', action: 'read', collection: 'titles', uid, query });
      expect(await socket.waitFor(answered(uid), `the refusal of a ${uid}`)).toMatchObject({ status: 'error', error: { message: QUERY_SHAPE } });
    }
  });

  it('refuses a grouped aggregate sorted by a name the grouping does not make, where the database answered 500', async () => {
    for (const query of ['aggregate[count]=id&groupBy=title&sort=count', 'aggregate[sum]=id&groupBy=title&sort=-sum']) {
      expectRefused(await asAdmin('GET', `/items/series?${query}`), 400, MISSING_COLUMN);
    }
    const counted = await newTitle();
    const episodes = ['1 серия', '2 серия'];
    for (const name of episodes) expect((await asAdmin('POST', '/items/series', { title: counted.id, name })).status).toBe(200);
    const byCount = await asAdmin('GET', `/items/series?aggregate[count]=*&groupBy=title&sort=-count&filter[title][_eq]=${counted.id}`);
    expect(byCount.data.map((r: { title: number; count: string | number }) => [r.title, Number(r.count)])).toEqual([[counted.id, episodes.length]]);
  });
});

describe('addresses that do not decode', () => {
  // Each a route with a parameter: Directus's own, the site's endpoints, the admin app's files.
  const paths = (id: string) => [
    `/items/${id}`, `/items/titles/${id}`, `/users/${id}`, `/assets/${id}`, `/site/rating/${id}`,
    `/site/chats/${id}/read`, `/together/rooms/${id}/join`, `/payment/invoices/${id}`, `/admin/${id}`,
  ];

  it.each(['%ff', '%e0%a4', '%c0%af'])('refuses %s in every route with a 400 and its reason, to a visitor and a member', async (bad) => {
    for (const path of paths(bad)) {
      for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
        expectRefused(await call(method, path), 400, UNREADABLE_ADDRESS);
        expectRefused(await user.call(method, path), 400, UNREADABLE_ADDRESS);
      }
    }
  });

  it('keeps the profile when an update names it by an address that does not decode', async () => {
    const before = await adminRead('directus_users', user.id, 'aboutMe,first_name');
    expectRefused(await user.call('PATCH', `/users/${user.id}%ff`, { first_name: 'Другое' }), 400, UNREADABLE_ADDRESS);
    expectRefused(await user.call('PATCH', '/users/me%ff', { first_name: 'Другое' }), 400, UNREADABLE_ADDRESS);
    expect(await adminRead('directus_users', user.id, 'aboutMe,first_name')).toEqual(before);
  });

  it('still answers an address with Cyrillic written as escapes', async () => {
    const res = await call('GET', `/items/titles/${title.id}?fields=id&alias[${encodeURIComponent('имя')}]=name`);
    expect(res.status).toBe(200);
    expect(res.data.id).toBe(title.id);
    expect((await call('GET', `/items/tags?filter[slug][_eq]=${encodeURIComponent('тег')}`)).status).toBe(200);
  });
});

describe('addresses with an empty part', () => {
  // Directus's routers are mounted by prefix, which takes a doubled slash; the rules on exact routes do not.
  it('refuses a sign-in by /auth//login, whose tries the pace would not count', async () => {
    const res = await call('POST', '/auth//login', { body: { email: user.email, password: user.password } });
    expectRefused(res, 400, EMPTY_ADDRESS_PART);
    expect(res.data).toBeUndefined();
  });

  it('refuses an upload by /files// and stores nothing', async () => {
    const form = new FormData();
    form.append('file', new Blob(['не картинка'], { type: 'image/png' }), 'text.png');
    await expectNothingStored('directus_files', { filename_download: { _eq: 'text.png' } }, async () => {
      const res = await user.call('POST', '/files//', form);
      expectRefused(res, 400, EMPTY_ADDRESS_PART);
      return res;
    });
  });

  it('refuses utilities kept from visitors and members, by any number of slashes', async () => {
    expectRefused(await call('POST', '/utils//hash/generate', { body: { string: 'пароль' } }), 400, EMPTY_ADDRESS_PART);
    expectRefused(await user.call('POST', '/users//me/tfa/generate', { password: user.password }), 400, EMPTY_ADDRESS_PART);
    expectRefused(await user.call('POST', '/utils///export/invoices', { query: {}, format: 'json' }), 400, EMPTY_ADDRESS_PART);
  });
});

describe('hashing on request', () => {
  /** A hash that names a gigabyte of memory and a hundred passes: verify would work at that cost. */
  const dearHash = `$argon2id$v=19$m=1048576,t=100,p=1$${'c2FsdHNhbHRzYWx0c2FsdA'}$${'A'.repeat(43)}`;

  it('is refused to visitors and members, whatever the hash names, and left to administrators', async () => {
    for (const token of [undefined, user.token]) {
      expectRefused(await call('POST', '/utils/hash/generate', { body: { string: 'пароль' }, token }), 403);
      expectRefused(await call('POST', '/utils/hash/verify', { body: { string: 'пароль', hash: dearHash }, token }), 403);
      const overGraphql = `mutation { utils_hash_verify(string: "пароль", hash: ${JSON.stringify(dearHash)}) }`;
      expectRefused(await call('POST', '/graphql/system', { body: { query: overGraphql }, token }), 403);
      expectRefused(await call('POST', '/graphql/system', { body: { query: 'mutation { utils_hash_generate(string: "пароль") }' }, token }), 403);
    }
    const made = await asAdmin<string>('POST', '/utils/hash/generate', { string: 'пароль' });
    expect(made.status).toBe(200);
    expect(made.data).toMatch(/^\$argon2/);
  });
});

describe('exports and imports of a collection', () => {
  it('are refused to visitors and members', async () => {
    for (const token of [undefined, user.token]) {
      expectRefused(await call('POST', '/utils/export/titles', { body: { query: { limit: -1 }, format: 'csv' }, token }), 403);
      const form = new FormData();
      form.append('file', new Blob(['name,slug\nИмпорт,import'], { type: 'text/csv' }), 'titles.csv');
      const imported = await fetch(`${baseUrl()}/utils/import/titles`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect(imported.status).toBe(403);
    }
  });
});

describe('two-factor sign-in', () => {
  it('is refused to visitors and members, on REST and GraphQL, since the site\'s sign-in never asks for a code', async () => {
    for (const token of [undefined, user.token]) {
      for (const body of [{ password: user.password }, { password: 1 }]) {
        expectRefused(await call('POST', '/users/me/tfa/generate', { body, token }), 403);
      }
      expectRefused(await call('POST', '/users/me/tfa/enable', { body: { secret: 'JBSWY3DPEHPK3PXP', otp: '123456' }, token }), 403);
      const overGraphql = `mutation { users_me_tfa_generate(password: ${JSON.stringify(user.password)}) { secret } }`;
      expectRefused(await call('POST', '/graphql/system', { body: { query: overGraphql }, token }), 403);
    }
    expect(await adminRead('directus_users', user.id, 'tfa_secret')).toEqual({ tfa_secret: null });
    // The admin app's people keep it: a secret is offered, not yet turned on.
    const offered = await asAdmin<{ secret: string }>('POST', '/users/me/tfa/generate', { password: ADMIN.password });
    expect(offered.status).toBe(200);
    expect(offered.data.secret).toMatch(/^[A-Z2-7]+$/);
  });
});

/**
 * The status of a multipart upload of `bytes` announced (a snapshot file), answered while only its first
 * kilobyte has been sent: a route that reads the body first cannot answer before the rest comes.
 */
function answerBeforeUpload(path: string, bytes: number, token?: string): Promise<number> {
  const url = new URL(`${baseUrl()}${path}`);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: url.hostname, port: url.port, path: url.pathname, method: 'POST',
      headers: {
        'content-type': 'multipart/form-data; boundary=----snapshot', 'content-length': String(bytes),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    }, (res) => {
      res.resume();
      req.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (err) => { if (!req.destroyed) reject(err); });
    req.write('------snapshot\r\nContent-Disposition: form-data; name="file"; filename="snapshot.yaml"\r\nContent-Type: text/yaml\r\n\r\n');
    req.write(`key: "${'a'.repeat(1024)}`);
  });
}

describe('the schema\'s comparison and application', () => {
  it('are refused to visitors and members before their upload is read, and left to administrators', async () => {
    for (const token of [undefined, user.token]) {
      for (const path of ['/schema/diff', '/schema/apply']) expect(await answerBeforeUpload(path, 1024 ** 3, token)).toBe(403);
    }
    const snapshot = await asAdmin('GET', '/schema/snapshot');
    expect(snapshot.status).toBe(200);
    const diff = await asAdmin('POST', '/schema/diff', snapshot.data);
    expect(diff.status).toBe(204);
  });
});

describe('the backend\'s health', () => {
  it('tells a visitor and a member its state alone (REST\'s, shared; not GraphQL\'s), and an administrator every check', async () => {
    const health = (token?: string) => fetch(`${baseUrl()}/server/health`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    for (const token of [undefined, user.token]) {
      const res = await health(token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/health+json');
      expect(await res.json()).toEqual({ status: 'ok' });
      expectRefused(await call('POST', '/graphql/system', { body: { query: '{ server_health }' }, token }), 403);
    }
    const signedIn = await call<{ access_token: string }>('POST', '/auth/login', { ip: '10.41.0.1', body: ADMIN });
    const full = await (await health(signedIn.data.access_token)).json();
    expect(full.status).toBe('ok');
    expect(Object.keys(full.checks)).toEqual(expect.arrayContaining([expect.stringMatching(/:responseTime$/), 'storage:local:responseTime']));
  });
});

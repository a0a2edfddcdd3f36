/**
 * The claim on a title's search and its asks (directus/extensions/segment-finder/src/claim.ts): how asks
 * join, and on SQLite kept in memory, who may take a title, what counts as left behind, and that only
 * the holder renews and ends it.
 */
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeAsked, parseAsked } from '../../directus/extensions/segment-finder/src/claim.ts';
import { claimCases, makeClaimTable } from '../support/segment-claims.ts';

let db: Knex;

beforeAll(async () => {
  db = knex({ client: 'sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  await makeClaimTable(db);
});

afterAll(async () => {
  await db?.destroy();
});

describe('asks for a search', () => {
  it('join: seasons once each, and every season absorbs some', () => {
    expect(mergeAsked(null, [3, null])).toEqual([3, null]);
    expect(mergeAsked([3, null], [null, 4])).toEqual([3, null, 4]);
    expect(mergeAsked([3], 'all')).toBe('all');
    expect(mergeAsked('all', [3])).toBe('all');
  });

  it('read back as stored by either database, and anything unreadable asks for every season', () => {
    expect(parseAsked(null)).toBeNull();
    expect(parseAsked('[3,null]')).toEqual([3, null]);
    expect(parseAsked([3, null])).toEqual([3, null]);
    expect(parseAsked('"all"')).toBe('all');
    expect(parseAsked('all')).toBe('all');
    for (const odd of ['{"a":1}', '[1.5]', '["2"]', 'not json', 5]) expect(parseAsked(odd)).toBe('all');
  });
});

describe('the claim on a title\'s search, on SQLite', () => {
  claimCases(() => db);
});

/**
 * The claim on a title's search (directus/extensions/segment-finder/src/claim.ts) on SQLite, kept in
 * memory: who may take a title, what counts as left behind, and that only the holder renews and ends it.
 */
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe } from 'vitest';
import { claimCases, makeClaimTable } from '../support/segment-claims.ts';

let db: Knex;

beforeAll(async () => {
  db = knex({ client: 'sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  await makeClaimTable(db);
});

afterAll(async () => {
  await db?.destroy();
});

describe('the claim on a title\'s search, on SQLite', () => {
  claimCases(() => db);
});

import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachPage } from './each-page.ts';

let db: Knex;
const ROWS = 34_567;

beforeAll(async () => {
  db = knex({ client: 'sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  await db.schema.createTable('marks', (t) => {
    t.increments('id');
    t.string('kind');
  });
  const rows = Array.from({ length: ROWS }, (_, i) => ({ kind: i % 3 ? 'kept' : 'other' }));
  await db.transaction(async (trx) => {
    await trx.batchInsert('marks', rows, 500);
  });
});

afterAll(() => db?.destroy());

describe('eachPage', () => {
  it('reads every row the query chooses, once and in order, a page of at most 10,000 at a time', async () => {
    const pages: number[] = [];
    const ids: number[] = [];
    await eachPage<{ id: number }>(() => db('marks').where('kind', 'kept').select('id'), (rows) => {
      pages.push(rows.length);
      ids.push(...rows.map((r) => r.id));
    });
    const expected = (await db('marks').where('kind', 'kept').orderBy('id').pluck('id')) as number[];
    expect(expected.length).toBeGreaterThan(20_000);
    expect(ids).toEqual(expected);
    expect(pages).toEqual([10_000, 10_000, expected.length - 20_000]);
  });

  it('reads once when nothing is chosen', async () => {
    const pages: number[] = [];
    await eachPage(() => db('marks').where('kind', 'none').select('id'), (rows) => pages.push(rows.length));
    expect(pages).toEqual([0]);
  });
});

/**
 * The columns the database keeps on titles for the lists' orders, on PostgreSQL: the cases SQLite
 * passes (tests/api/title-orders.test.ts), and two ratings of one title written at once, each
 * in a transaction still open while the other's recount waits: both are counted.
 */
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTitleOrders } from '../../../directus/extensions/site-api/src/title-orders.ts';
import { createDatabase, dropDatabase, PG_CONNECTION, uniqueName } from '../../../scripts/lib/postgres.ts';
import { expectCounted, makeTables, titleOrderCases } from '../../support/title-orders.ts';

let name = '';
let db: Knex;

beforeAll(async () => {
  name = await createDatabase(uniqueName());
  db = knex({ client: 'pg', connection: { ...PG_CONNECTION, database: name }, pool: { min: 0, max: 4 } });
  await makeTables(db);
});

afterAll(async () => {
  await db?.destroy();
  if (name) await dropDatabase(name);
});

describe('title orders on PostgreSQL', () => {
  titleOrderCases(() => db);

  it('count two ratings written at once, whichever transaction ends first', async () => {
    const [{ id }] = await db('titles').insert({}).returning('id');
    const first = await db.transaction();
    await first('ratings').insert({ title: id, rating: 5, user_created: 'u1' });
    // The second recount waits for the title's row, which the first transaction holds.
    const second = db('ratings').insert({ title: id, rating: 2, user_created: 'u2' }).then(() => undefined);
    await expect.poll(async () => (await db('pg_stat_activity').where({ datname: name, wait_event_type: 'Lock' }).count({ n: '*' }).first())?.n).toBe('1');
    await first.commit();
    await second;
    await expectCounted(db, id);
    expect(await db('titles').where({ id }).first('ratingCount')).toEqual({ ratingCount: 2 });
  });

  it('are made again, and every title recounted, where a trigger is missing', async () => {
    const [{ id }] = await db('titles').insert({ releaseYear: 2020 }).returning('id');
    await db.raw('DROP TRIGGER "ratings_totals" ON "ratings"');
    await db('ratings').insert({ title: id, rating: 4, user_created: 'staying' });
    expect(await ensureTitleOrders(db)).toEqual(['ratings_totals']);
    await expectCounted(db, id);
  });
});

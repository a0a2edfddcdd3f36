/**
 * The columns the database keeps on titles (directus/extensions/site-api/src/title-orders.ts), tried
 * on a database of their own with only the columns they read, so triggers can be dropped: the same
 * cases on SQLite (tests/api) and PostgreSQL (tests/api/production).
 */
import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import { ensureTitleOrders } from '../../directus/extensions/site-api/src/title-orders.ts';

const PEOPLE = ['u1', 'u2', 'u3', 'r0', 'r1', 'r2', 'leaving', 'staying'];

/** The tables as Directus makes them, with only what the triggers read and write. */
export async function makeTables(db: Knex): Promise<void> {
  await db.schema.createTable('people', (t) => {
    t.string('id').primary();
  });
  await db('people').insert(PEOPLE.map((id) => ({ id })));
  await db.schema.createTable('titles', (t) => {
    t.increments('id');
    t.integer('releaseYear').nullable();
    t.integer('releaseOrder').notNullable().defaultTo(0);
    t.decimal('ratingAverage', 10, 2).notNullable().defaultTo(0);
    t.integer('ratingCount').notNullable().defaultTo(0);
  });
  await db.schema.createTable('ratings', (t) => {
    t.increments('id');
    t.integer('rating').notNullable();
    t.integer('title').notNullable().references('id').inTable('titles').onDelete('CASCADE');
    t.string('user_created').notNullable().references('id').inTable('people').onDelete('CASCADE');
    t.unique(['user_created', 'title']);
  });
}

/** What the columns must hold, worked out from the ratings here. */
async function expected(db: Knex, title: number): Promise<{ ratingAverage: number; ratingCount: number }> {
  const ratings = (await db('ratings').where({ title }).pluck('rating')).map(Number);
  const average = ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100 : 0;
  return { ratingAverage: average, ratingCount: ratings.length };
}

async function stored(db: Knex, id: number) {
  const row = await db('titles').where({ id }).first('ratingAverage', 'ratingCount', 'releaseOrder');
  return { ratingAverage: Number(row.ratingAverage), ratingCount: Number(row.ratingCount), releaseOrder: Number(row.releaseOrder) };
}

export async function expectCounted(db: Knex, title: number): Promise<void> {
  const { ratingAverage, ratingCount } = await stored(db, title);
  expect({ ratingAverage, ratingCount }).toEqual(await expected(db, title));
}

const insertTitle = async (db: Knex, row: Record<string, unknown> = {}) => {
  const [made] = await db('titles').insert(row).returning('id');
  return Number(typeof made === 'object' ? made.id : made);
};

/** The cases both databases must pass; `db` is read when they run. */
export function titleOrderCases(db: () => Knex): void {
  let a = 0;
  let b = 0;

  it('are made, and fill the titles written before them', async () => {
    a = await insertTitle(db(), { releaseYear: 2019 });
    b = await insertTitle(db(), {});
    await db()('ratings').insert([{ title: a, rating: 5, user_created: 'u1' }, { title: a, rating: 2, user_created: 'u2' }]);
    expect(await stored(db(), a)).toEqual({ ratingAverage: 0, ratingCount: 0, releaseOrder: 0 });
    expect((await ensureTitleOrders(db())).length).toBeGreaterThan(0);
    expect(await stored(db(), a)).toEqual({ ratingAverage: 3.5, ratingCount: 2, releaseOrder: 2019 });
    expect(await stored(db(), b)).toEqual({ ratingAverage: 0, ratingCount: 0, releaseOrder: 0 });
    expect(await ensureTitleOrders(db())).toEqual([]);
  });

  it('follow a rating added, replaced in one statement, changed, moved and deleted', async () => {
    await db()('ratings').insert({ title: b, rating: 4, user_created: 'u1' });
    await expectCounted(db(), b);
    // As PUT /site/rating writes it: an insert that becomes an update of the person's row.
    await db()('ratings').insert({ title: b, rating: 1, user_created: 'u1' }).onConflict(['user_created', 'title']).merge(['rating']);
    expect(await stored(db(), b)).toMatchObject({ ratingAverage: 1, ratingCount: 1 });
    await db()('ratings').insert({ title: b, rating: 2, user_created: 'u2' });
    expect(await stored(db(), b)).toMatchObject({ ratingAverage: 1.5, ratingCount: 2 });
    await db()('ratings').where({ title: a, user_created: 'u1' }).update({ rating: 3 });
    expect(await stored(db(), a)).toMatchObject({ ratingAverage: 2.5, ratingCount: 2 });
    await db()('ratings').where({ title: b, user_created: 'u2' }).update({ title: a, user_created: 'u3' });
    await expectCounted(db(), a);
    await expectCounted(db(), b);
    await db()('ratings').where({ title: a }).delete();
    expect(await stored(db(), a)).toMatchObject({ ratingAverage: 0, ratingCount: 0 });
  });

  it('round the average to two decimals, as the public rating does', async () => {
    const c = await insertTitle(db());
    await db()('ratings').insert([5, 5, 4].map((rating, i) => ({ title: c, rating, user_created: `r${i}` })));
    expect(await stored(db(), c)).toMatchObject({ ratingAverage: 4.67, ratingCount: 3 });
  });

  it('follow the ratings a foreign key deletes with their person', async () => {
    const c = await insertTitle(db());
    await db()('ratings').insert([{ title: c, rating: 5, user_created: 'leaving' }, { title: c, rating: 3, user_created: 'staying' }]);
    await db()('people').where({ id: 'leaving' }).delete();
    expect(await db()('ratings').where({ user_created: 'leaving' }).pluck('id')).toEqual([]);
    expect(await stored(db(), c)).toMatchObject({ ratingAverage: 3, ratingCount: 1 });
  });

  it('keep the release year with none as 0', async () => {
    const c = await insertTitle(db(), { releaseYear: 2024 });
    expect((await stored(db(), c)).releaseOrder).toBe(2024);
    await db()('titles').where({ id: c }).update({ releaseYear: 2016 });
    expect((await stored(db(), c)).releaseOrder).toBe(2016);
    await db()('titles').where({ id: c }).update({ releaseYear: null });
    expect((await stored(db(), c)).releaseOrder).toBe(0);
    // Written by hand, it is put back.
    await db()('titles').where({ id: c }).update({ releaseYear: 2021 });
    await db()('titles').where({ id: c }).update({ releaseOrder: 1 });
    expect((await stored(db(), c)).releaseOrder).toBe(2021);
  });
}

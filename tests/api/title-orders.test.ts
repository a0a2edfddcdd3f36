/**
 * The columns the database keeps on titles for the lists' orders (rating average and count, the
 * release year with none as 0), on SQLite: made and filled for rows written before them, following
 * every write of a rating or a year, and made again where a table Directus rebuilt lost them (the
 * same cases on PostgreSQL are in tests/api/production/title-orders.test.ts); then on the running
 * backend: every way a rating is written or goes, read and sorted by as a visitor, never written.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTitleOrders } from '../../directus/extensions/site-api/src/title-orders.ts';
import { expectCounted, makeTables, titleOrderCases } from '../support/title-orders.ts';
import { admin, call, newTitle, newUser } from '../support/api.ts';

let dir: string;
let db: Knex;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dorama-title-orders-'));
  db = knex({
    client: 'sqlite3',
    connection: { filename: path.join(dir, 'db.sqlite') },
    useNullAsDefault: true,
    // As Directus opens SQLite: foreign keys enforced, so deletes cascade.
    pool: { afterCreate: (conn: { run: (sql: string, done: (err: Error | null) => void) => void }, done: (err: Error | null) => void) => conn.run('PRAGMA foreign_keys = ON', done) },
  });
  await makeTables(db);
});

afterAll(async () => {
  await db?.destroy();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('title orders on SQLite', () => {
  titleOrderCases(() => db);

  it('are made again, and every title recounted, where a rebuilt table lost its triggers', async () => {
    const [id] = await db('titles').insert({ releaseYear: 2020 });
    await db.raw('DROP TRIGGER "ratings_totals_insert"');
    await db('ratings').insert({ title: id, rating: 4, user_created: 'staying' });
    expect(await ensureTitleOrders(db)).toEqual(['ratings_totals_insert']);
    await expectCounted(db, id!);
  });
});

describe('title orders on the backend', () => {
  const orders = async (id: number) => {
    const res = await call<{ ratingAverage: number | string; ratingCount: number; releaseOrder: number }>(
      'GET', `/items/titles/${id}?fields=ratingAverage,ratingCount,releaseOrder`);
    expect(res.status).toBe(200);
    return { ...res.data, ratingAverage: Number(res.data.ratingAverage) };
  };
  /** What visitors are told of a title's ratings, as the columns must hold it (0 when unrated). */
  const publicRating = async (id: number) => {
    const { data } = await call<{ average: number | null; count: number }>('GET', `/site/rating/${id}`);
    return { ratingAverage: data.average ?? 0, ratingCount: data.count };
  };

  it('follow every way a rating is written or goes, as the public rating says', async () => {
    const title = await newTitle();
    const [a, b, c] = await Promise.all([newUser(), newUser(), newUser()]);
    expect((await a.call('PUT', `/site/rating/${title.id}`, { rating: 5 })).status).toBe(200);
    expect((await b.call('PUT', `/site/rating/${title.id}`, { rating: 4 })).status).toBe(200);
    const posted = await c.call<{ id: number }>('POST', '/items/ratings', { title: title.id, rating: 1 });
    expect(posted.status).toBe(200);
    expect(await orders(title.id)).toMatchObject({ ratingAverage: 3.33, ratingCount: 3 });
    expect((await a.call('PUT', `/site/rating/${title.id}`, { rating: 2 })).status).toBe(200);
    expect(await orders(title.id)).toMatchObject({ ratingAverage: 2.33, ratingCount: 3 });
    expect(await orders(title.id)).toMatchObject(await publicRating(title.id));
    expect((await c.call('DELETE', `/items/ratings/${posted.data.id}`)).status).toBe(204);
    expect(await orders(title.id)).toMatchObject({ ratingAverage: 3, ratingCount: 2 });
    // An account deleted takes its ratings with it.
    expect((await b.call('POST', '/site/account/delete', { password: b.password })).status).toBe(204);
    expect(await orders(title.id)).toMatchObject({ ratingAverage: 2, ratingCount: 1 });
    expect(await orders(title.id)).toMatchObject(await publicRating(title.id));
  });

  it('order a visitor\'s list by rating', async () => {
    const titles = await Promise.all([newTitle(), newTitle(), newTitle()]);
    const raters = await Promise.all([newUser(), newUser()]);
    const rate = (i: number, ratings: number[]) => Promise.all(ratings.map((r, j) => raters[j]!.call('PUT', `/site/rating/${titles[i]!.id}`, { rating: r })));
    await rate(0, [3]);
    await rate(1, [5, 4]);
    await rate(2, [5]);
    const ids = titles.map((t) => t.id).join(',');
    const res = await call<{ id: number }[]>('GET', `/items/titles?fields=id&filter[id][_in]=${ids}&sort=-ratingAverage,-ratingCount,id`);
    expect(res.status).toBe(200);
    expect(res.data.map((t) => t.id)).toEqual([titles[2]!.id, titles[1]!.id, titles[0]!.id]);
  });

  it('keep the release year, with none as 0, whatever a payload says of them', async () => {
    const api = await admin();
    const title = await newTitle({ releaseYear: 2017, releaseOrder: 1, ratingAverage: 5, ratingCount: 100 });
    expect(await orders(title.id)).toEqual({ ratingAverage: 0, ratingCount: 0, releaseOrder: 2017 });
    await api.patch(`/items/titles/${title.id}`, { releaseYear: null, ratingAverage: 4.5 });
    expect(await orders(title.id)).toEqual({ ratingAverage: 0, ratingCount: 0, releaseOrder: 0 });
    await api.patch(`/items/titles/${title.id}`, { releaseYear: 2024 });
    expect((await orders(title.id)).releaseOrder).toBe(2024);
  });
});

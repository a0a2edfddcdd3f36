import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROWS_PER_INSERT } from '../../shared/insert-new-rows.ts';
import { ALERTING_MARKS, alertNewEpisode } from './alerts.ts';

let db: Knex;
/** More than SQLite takes in one multi-row insert (500), and not a whole number of statements. */
const FOLLOWERS = ROWS_PER_INSERT * 3 + 7;

beforeAll(async () => {
  db = knex({ client: 'sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  await db.schema.createTable('titles', (t) => {
    t.increments('id');
    t.string('status');
  });
  await db.schema.createTable('series', (t) => {
    t.increments('id');
    t.integer('title');
    t.boolean('deleted');
    t.boolean('takenDown');
  });
  await db.schema.createTable('favorites', (t) => {
    t.increments('id');
    t.integer('title');
    t.string('type');
    t.string('user_created');
  });
  await db.schema.createTable('alerts', (t) => {
    t.increments('id');
    t.string('user');
    t.integer('title');
    t.integer('episode');
    t.boolean('read');
    t.dateTime('date_created');
    t.unique(['user', 'episode']);
  });
  await db('titles').insert({ id: 1, status: 'published' });
  const marks = Array.from({ length: FOLLOWERS }, (_, i) => ({ title: 1, type: ALERTING_MARKS[i % ALERTING_MARKS.length], user_created: `follower-${i}` }));
  await db.batchInsert('favorites', [...marks, { title: 1, type: 'Просмотрено', user_created: 'done' }], 100);
});

afterAll(() => db?.destroy());

describe('alertNewEpisode', () => {
  it('alerts every follower of a title followed by more people than one statement carries', async () => {
    await db('series').insert({ id: 10, title: 1, deleted: false, takenDown: false });
    // One follower already has this episode's alert, read: it stays as it was.
    await db('alerts').insert({ user: 'follower-0', title: 1, episode: 10, read: true, date_created: new Date() });
    expect(await alertNewEpisode(db, 10)).toBe(FOLLOWERS);
    const alerted = (await db('alerts').where('episode', 10).orderBy('user').pluck('user')) as string[];
    expect(alerted).toEqual(Array.from({ length: FOLLOWERS }, (_, i) => `follower-${i}`).sort());
    expect(await db('alerts').where({ user: 'follower-0', episode: 10 }).first('read')).toEqual({ read: 1 });
  });

  it('alerts nobody of an episode kept for subscribers', async () => {
    await db('series').insert({ id: 11, title: 1, deleted: true, takenDown: false });
    expect(await alertNewEpisode(db, 11)).toBe(0);
    expect(await db('alerts').where('episode', 11).count({ n: '*' })).toEqual([{ n: 0 }]);
  });
});

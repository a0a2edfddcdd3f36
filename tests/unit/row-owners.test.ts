/**
 * The titles a change to a part names and the names it is told by (directus/extensions/site-rebuild/src/
 * row-owners.ts, row-names.ts), on SQLite in memory with only the columns they read: a segment reaches its
 * title through its episode or through its season, and is told by its number and its title's name.
 */
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownersOf } from '../../directus/extensions/shared/row-owners.ts';
import { rowNames } from '../../directus/extensions/site-rebuild/src/row-names.ts';

let db: Knex;

beforeAll(async () => {
  db = knex({ client: 'sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  await db.schema.createTable('titles', (t) => { t.increments('id'); t.string('name'); });
  await db.schema.createTable('iframeSeasons', (t) => { t.increments('id'); t.integer('title'); });
  await db.schema.createTable('series', (t) => { t.increments('id'); t.integer('title'); t.integer('season').nullable(); });
  await db.schema.createTable('segments', (t) => { t.increments('id'); t.integer('episode').nullable(); t.integer('season').nullable(); });
  await db('titles').insert([{ id: 10, name: 'Сон' }, { id: 20, name: 'Явь' }, { id: 100, name: 'Тёзка отрезка' }]);
  await db('iframeSeasons').insert([{ id: 1, title: 10 }, { id: 2, title: 20 }]);
  await db('series').insert([{ id: 5, title: 10, season: 1 }, { id: 6, title: 30, season: null }]);
  await db('segments').insert([{ id: 100, episode: 5, season: null }, { id: 101, episode: null, season: 2 }, { id: 102, episode: 6, season: null }]);
});

afterAll(async () => {
  await db?.destroy();
});

describe('the owners of a change', () => {
  it('name the title of a segment on an episode and of one on a season, each title once', async () => {
    expect(await ownersOf(db, 'segments', [100])).toEqual({ titles: [10] });
    expect(await ownersOf(db, 'segments', [101])).toEqual({ titles: [20] });
    expect(await ownersOf(db, 'segments', [100, 101, 102])).toEqual({ titles: [10, 30, 20] });
    expect(await ownersOf(db, 'series', [5, 6])).toEqual({ titles: [10, 30] });
  });

  it('tell a segment by its number and its title, never by a title whose id it shares', async () => {
    const owners = await ownersOf(db, 'segments', [100]);
    expect(await rowNames(db, 'segments', [100], owners)).toEqual({ of: 'Сон' });
  });

  it('know no owners of a collection that is no part of a title or person', async () => {
    expect(await ownersOf(db, 'categories', [1])).toBeNull();
  });
});

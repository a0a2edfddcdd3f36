/**
 * The SQLite search index kept by the database itself: made and filled for rows that predate it,
 * following every insert, rename and delete through its triggers, and made again where an older
 * install or a table Directus rebuilt lacks part of it. On a database of its own with only the
 * columns search reads, so it can drop what a live backend needs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSearchIndex, SEARCHED } from '../../directus/extensions/site-search/src/search-index.ts';
import { nameKeys } from '../../shared/search-variants.ts';

let dir: string;
let db: Knex;

/** What the starts of a row with these index names must be: each name whole, each later word of a name. */
function startsOf(id: number, searchNames: string): { start: string; whole: number; id: number }[] {
  const names = searchNames.split('|').filter(Boolean);
  const rows = [...names.map((n) => ({ start: n, whole: 1, id })), ...names.flatMap((n) => n.split(' ').slice(1).map((w) => ({ start: w, whole: 0, id })))];
  const unique = new Map(rows.map((r) => [`${r.start}|${r.whole}`, r]));
  return [...unique.values()].sort((a, b) => a.start.localeCompare(b.start) || a.whole - b.whole);
}

const startsIn = async (table: string, id: number) =>
  (await db(table).where({ id }).select('start', 'whole', 'id')).sort((a, b) => a.start.localeCompare(b.start) || a.whole - b.whole);

const titleStarts = (id: number) => startsIn(SEARCHED.titles.starts, id);

async function expectTitleIndexed(id: number) {
  const { searchNames } = await db('titles').where({ id }).first('searchNames');
  expect(searchNames).toBeTruthy();
  expect(await titleStarts(id)).toEqual(startsOf(id, searchNames));
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dorama-search-index-'));
  db = knex({ client: 'sqlite3', connection: { filename: path.join(dir, 'db.sqlite') }, useNullAsDefault: true });
  await db.schema.createTable('titles', (t) => {
    t.increments('id');
    for (const c of ['name', 'originalName', 'anotherName', 'description', 'searchText', 'searchNames', 'searchBody']) t.text(c);
    t.string('status').defaultTo('published');
    t.integer('views').defaultTo(0);
  });
  await db.schema.createTable('actors', (t) => {
    t.increments('id');
    for (const c of ['nameRu', 'nameEn', 'searchNames']) t.text(c);
  });
  await db('titles').insert([
    { name: 'Зеркало луны', originalName: 'Moon Mirror', anotherName: 'Далёкий свет луны' },
    { name: 'Тайна', description: 'Слово' },
  ]);
  await db('actors').insert({ nameRu: 'Ким Мин Джун', nameEn: 'Kim Min Jun' });
});

afterAll(async () => {
  await db?.destroy();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the SQLite starts of names', () => {
  it('are made and filled for rows written before the index', async () => {
    const made = await ensureSearchIndex(db);
    expect(made).toEqual(expect.arrayContaining(Object.values(SEARCHED).flatMap((s) => [s.fts, s.starts])));
    await expectTitleIndexed(1);
    await expectTitleIndexed(2);
    const [person] = await db('actors').select('id', 'searchNames');
    expect(await startsIn(SEARCHED.actors.starts, person.id)).toEqual(startsOf(person.id, person.searchNames));
    expect(await ensureSearchIndex(db)).toEqual([]);
  });

  it('follow an insert, a rename and a delete', async () => {
    const [id] = await db('titles').insert({ searchNames: nameKeys(['Новое имя', 'Second Name']) });
    await expectTitleIndexed(id!);
    await db('titles').where({ id }).update({ searchNames: nameKeys(['Другое']) });
    expect(await titleStarts(id!)).toEqual(startsOf(id!, nameKeys(['Другое'])));
    await db('titles').where({ id }).delete();
    expect(await titleStarts(id!)).toEqual([]);
  });

  it('take names with quotes and backslashes as text', async () => {
    const [id] = await db('titles').insert({ searchNames: '|a "b" c\\d|' });
    expect(await titleStarts(id!)).toEqual(startsOf(id!, '|a "b" c\\d|'));
  });

  it('are made again and refilled where an older install or a rebuilt table lacks them', async () => {
    const titles = SEARCHED.titles;
    await db.raw(`DROP TABLE "${titles.starts}"`);
    expect(await ensureSearchIndex(db)).toEqual([titles.fts, titles.starts]);
    await expectTitleIndexed(1);
    await db.raw(`DROP TRIGGER "${titles.fts}_update"`);
    expect(await ensureSearchIndex(db)).toEqual([titles.fts, titles.starts]);
    await db('titles').where({ id: 2 }).update({ searchNames: nameKeys(['Тайна двух миров']) });
    await expectTitleIndexed(2);
  });
});

/**
 * The search index in the database: the columns the backend's hooks write (names and description in
 * the shared spelling, shared/search-variants.ts) indexed for substring search by what each database
 * has. SQLite: FTS5 tables with the trigram tokenizer, and a B-tree of each name and each later word
 * of a name ("starts"), both kept in step with their rows by triggers. PostgreSQL: pg_trgm indexes on
 * the columns themselves. Both: a plain index for names that start with one or two letters, which no
 * trigram serves.
 */
import type { Knex } from 'knex';
import { personSearchKeys, titleIndexFields } from '../../../../shared/search-variants.ts';

export type Dialect = 'sqlite' | 'postgres';

export function dialectOf(db: Knex): Dialect {
  const client = String(db.client.config.client);
  if (client.includes('sqlite')) return 'sqlite';
  if (client.includes('pg') || client.includes('postgres')) return 'postgres';
  throw new Error(`Search is not supported on database client ${client}`);
}

/** An indexed table: the rows' table and the columns of it the index reads. */
interface Indexed {
  table: 'titles' | 'actors';
  /** The FTS5 table on SQLite. */
  fts: string;
  /**
   * SQLite: each name (`whole` 1) and each later word of a name (`whole` 0) with its row's id, in
   * order, so names and words starting with a query are a range of it. A trigram phrase reads every
   * row holding its trigrams anywhere: a word of 2,700–10,000 titles at 100,000 took 15–37 ms, the
   * range 3–9.
   */
  starts: string;
  /** SQLite: a narrow index of ids with the status and order they are ranked by, read for the rows those two found. */
  rank?: string;
  columns: Record<string, string>;
}

export const SEARCHED: Record<'titles' | 'actors', Indexed> = {
  titles: {
    table: 'titles', fts: 'titles_search', starts: 'titles_search_starts', rank: 'titles_search_rank',
    columns: { names: 'searchNames', body: 'searchBody' },
  },
  actors: { table: 'actors', fts: 'actors_search', starts: 'actors_search_starts', columns: { names: 'searchNames' } },
};

/** FTS5 tables, the tables FTS5 keeps them in, and the starts: Directus must not take them for collections (DB_EXCLUDE_TABLES). */
export const SEARCH_TABLES: readonly string[] = Object.values(SEARCHED).flatMap(({ fts, starts }) =>
  [fts, ...['data', 'idx', 'content', 'docsize', 'config'].map((part) => `${fts}_${part}`), starts]);

/** Rows written before their search columns existed get them now, a batch at a time. */
async function fillMissingKeys(db: Knex): Promise<number> {
  let filled = 0;
  for (;;) {
    const titles = await db('titles').whereNull('searchNames').select('id', 'name', 'originalName', 'anotherName', 'description').limit(500);
    const actors = await db('actors').whereNull('searchNames').select('id', 'nameRu', 'nameEn').limit(500);
    if (!titles.length && !actors.length) return filled;
    await db.transaction(async (trx) => {
      for (const t of titles) await trx('titles').where('id', t.id).update(titleIndexFields(t));
      for (const a of actors) await trx('actors').where('id', a.id).update(personSearchKeys(a));
    });
    filled += titles.length + actors.length;
  }
}

async function sqliteTriggersPresent(db: Knex, s: Indexed): Promise<boolean> {
  const names = ['insert', 'update', 'delete'].map((e) => `${s.fts}_${e}`);
  const found = await db('sqlite_master').where({ type: 'trigger', tbl_name: s.table }).whereIn('name', names).pluck('name');
  return found.length === names.length;
}

/** SQL text as a JSON array of its parts between `separator`s (quotes and backslashes escaped, though keys have none). */
const jsonParts = (text: string, separator: string) =>
  `'["' || replace(replace(replace(${text}, '\\', '\\\\'), '"', '\\"'), '${separator}', '","') || '"]'`;

/** SQL adding the starts of `row` (`new` in a trigger, or a row of `from`): each name, and each word of a name after its first. */
function addStarts(s: Indexed, row: string, from = ''): string {
  const names = jsonParts(`trim(coalesce(${row}."${s.columns.names}", ''), '|')`, '|');
  return `INSERT OR IGNORE INTO "${s.starts}" (start, whole, id)
    SELECT n.value, 1, ${row}.id FROM ${from}json_each(${names}) n WHERE n.value <> ''
    UNION ALL SELECT w.value, 0, ${row}.id FROM ${from}json_each(${names}) n, json_each(${jsonParts('n.value', ' ')}) w
      WHERE w.key > 0 AND w.value <> '';`;
}

/**
 * The FTS5 table and the starts of `s`, and the triggers that copy its columns in. Directus may
 * rebuild a table on SQLite to change a column, which drops its triggers: then they are made again
 * and both copies refilled.
 */
async function ensureSqlite(db: Knex, s: Indexed): Promise<string[]> {
  const cols = Object.keys(s.columns);
  const values = (row: 'new' | string) => cols.map((c) => `coalesce(${row}."${s.columns[c]}", '')`).join(', ');
  const exists = await db('sqlite_master').where({ type: 'table', name: s.fts }).first('name');
  const startsExist = await db('sqlite_master').where({ type: 'table', name: s.starts }).first('name');
  if (exists && startsExist && (await sqliteTriggersPresent(db, s))) return [];
  await db.transaction(async (trx) => {
    if (!exists) await trx.raw(`CREATE VIRTUAL TABLE "${s.fts}" USING fts5(${cols.join(', ')}, tokenize = 'trigram')`);
    await trx.raw(`CREATE TABLE IF NOT EXISTS "${s.starts}" (start TEXT NOT NULL, whole INTEGER NOT NULL, id INTEGER NOT NULL,
      PRIMARY KEY (start, whole, id)) WITHOUT ROWID`);
    await trx.raw(`CREATE INDEX IF NOT EXISTS "${s.starts}_id" ON "${s.starts}" (id)`);
    for (const e of ['insert', 'update', 'delete']) await trx.raw(`DROP TRIGGER IF EXISTS "${s.fts}_${e}"`);
    const insert = `INSERT INTO "${s.fts}"(rowid, ${cols.join(', ')}) VALUES (new.id, ${values('new')}); ${addStarts(s, 'new')}`;
    const remove = (row: string) => `DELETE FROM "${s.fts}" WHERE rowid = ${row}.id; DELETE FROM "${s.starts}" WHERE id = ${row}.id;`;
    await trx.raw(`CREATE TRIGGER "${s.fts}_insert" AFTER INSERT ON "${s.table}" BEGIN ${insert} END`);
    const watched = Object.values(s.columns).map((c) => `"${c}"`).join(', ');
    await trx.raw(`CREATE TRIGGER "${s.fts}_update" AFTER UPDATE OF ${watched} ON "${s.table}" BEGIN ${remove('old')} ${insert} END`);
    await trx.raw(`CREATE TRIGGER "${s.fts}_delete" AFTER DELETE ON "${s.table}" BEGIN ${remove('old')} END`);
    await trx.raw(`DELETE FROM "${s.fts}"`);
    await trx.raw(`INSERT INTO "${s.fts}"(rowid, ${cols.join(', ')}) SELECT id, ${values(`"${s.table}"`)} FROM "${s.table}"`);
    await trx.raw(`DELETE FROM "${s.starts}"`);
    await trx.raw(addStarts(s, 'r', `"${s.table}" r, `));
  });
  return [s.fts, s.starts];
}

async function indexMissing(db: Knex, dialect: Dialect, name: string): Promise<boolean> {
  if (dialect === 'sqlite') return !(await db('sqlite_master').where({ type: 'index', name }).first('name'));
  return !(await db('pg_indexes').where({ indexname: name }).first('indexname'));
}

/** Trigram indexes need the pg_trgm extension, which the database owner may not allow: search then scans. */
async function ensurePostgres(db: Knex, s: Indexed): Promise<string[]> {
  const made: string[] = [];
  try {
    await db.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  } catch {
    return made;
  }
  for (const column of Object.values(s.columns)) {
    const name = `${s.table}_${column}_trgm`;
    if (!(await indexMissing(db, 'postgres', name))) continue;
    await db.raw(`CREATE INDEX "${name}" ON "${s.table}" USING gin ("${column}" gin_trgm_ops)`);
    made.push(name);
  }
  return made;
}

/** Names starting with a short prefix: a B-tree in byte order (PostgreSQL's `text_pattern_ops` serves LIKE 'ab%'). */
async function ensurePrefixIndex(db: Knex, dialect: Dialect, s: Indexed): Promise<string[]> {
  const name = `${s.table}_search_names_prefix`;
  if (!(await indexMissing(db, dialect, name))) return [];
  const column = dialect === 'postgres' ? `"${s.columns.names}" text_pattern_ops` : `"${s.columns.names}"`;
  await db.raw(`CREATE INDEX "${name}" ON "${s.table}" (${column})`);
  return [name];
}

/**
 * Titles in the search's order (views, then id) with the columns it reads beside, so its first rows
 * (SQLite: 2 ms instead of 4 for 1,000 at 10,000 titles) and a small catalogue's tier of names
 * (PostgreSQL, see ranked.ts) are read from this index alone rather than from the wide rows.
 * PostgreSQL keeps the names only: its B-tree entries stay under 2.7 kB, as the names' key does
 * (NAME_KEYS_MAX) and a description need not. On SQLite people's first rows in name order are read
 * the same way; PostgreSQL reads them through the plain index on names (collections.ts), as a covering
 * one would draw its planner into reading every person for a word many people have. SQLite also finds
 * the status and views of the titles its trigram index or starts matched in a narrow index of their
 * own (`rank`) rather than in their rows.
 */
const { names: titleNames, body: titleBody } = SEARCHED.titles.columns;
const ORDER_INDEXES: Record<Dialect, { name: string; table: string; columns: string }[]> = {
  sqlite: [
    { name: 'titles_search_by_views', table: 'titles', columns: `"status", "views" DESC, "id", "${titleNames}", "${titleBody}"` },
    { name: 'actors_search_by_name', table: 'actors', columns: `"nameRu", "id", "${SEARCHED.actors.columns.names}"` },
    { name: SEARCHED.titles.rank!, table: 'titles', columns: '"id", "status", "views"' },
  ],
  postgres: [{ name: 'titles_search_by_views', table: 'titles', columns: `"status", "views" DESC, "id") INCLUDE ("${titleNames}"` }],
};

async function ensureOrderIndexes(db: Knex, dialect: Dialect): Promise<string[]> {
  const made: string[] = [];
  for (const { name, table, columns } of ORDER_INDEXES[dialect]) {
    if (!(await indexMissing(db, dialect, name))) continue;
    await db.raw(`CREATE INDEX "${name}" ON "${table}" (${columns})`);
    made.push(name);
  }
  return made;
}

/** Makes what search needs that is missing; the names of what it made. */
export async function ensureSearchIndex(db: Knex): Promise<string[]> {
  const dialect = dialectOf(db);
  await fillMissingKeys(db);
  const made: string[] = [];
  for (const s of Object.values(SEARCHED)) {
    made.push(...(dialect === 'sqlite' ? await ensureSqlite(db, s) : await ensurePostgres(db, s)));
    made.push(...(await ensurePrefixIndex(db, dialect, s)));
  }
  made.push(...(await ensureOrderIndexes(db, dialect)));
  return made;
}

/** Creates the composite and expression indexes Directus's field options cannot declare. */
import type { Knex } from 'knex';
import { ensureSearchIndex } from '../../site-search/src/search-index.ts';

interface IndexDef {
  readonly name: string;
  readonly table: string;
  readonly columns: readonly string[];
  readonly unique: boolean;
}

/**
 * `lower(login)` → `lower("login")`; plain names are quoted, which SQLite and PostgreSQL both accept; an
 * expression that quotes its names itself is kept as written.
 */
function column(c: string): string {
  if (c.includes('"')) return c;
  const fn = /^(\w+)\((\w+)\)$/.exec(c);
  return fn ? `${fn[1]}("${fn[2]}")` : `"${c}"`;
}

async function indexExists(db: Knex, name: string): Promise<boolean> {
  const client = String(db.client.config.client);
  if (client.includes('sqlite')) {
    return !!(await db('sqlite_master').where({ type: 'index', name }).first('name'));
  }
  if (client.includes('pg') || client.includes('postgres')) {
    return !!(await db('pg_indexes').where({ indexname: name }).first('indexname'));
  }
  throw new Error(`Indexes for database client ${client} are not supported`);
}

/**
 * On PostgreSQL, `_contains` on the folded search text is a `LIKE '%…%'` scan; a trigram index
 * serves it. Creating the extension needs rights the database owner may not grant: then search
 * still works, only slower.
 */
async function ensureTrigramSearch(db: Knex): Promise<string[]> {
  const client = String(db.client.config.client);
  if (!(client.includes('pg') || client.includes('postgres'))) return [];
  if (await indexExists(db, 'titles_search_trgm')) return [];
  try {
    await db.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await db.raw('CREATE INDEX "titles_search_trgm" ON "titles" USING gin ("searchText" gin_trgm_ops)');
    return ['titles_search_trgm'];
  } catch {
    return [];
  }
}

/** Makes the indexes missing, then drops the retired ones: a retired index serves until the one taking its place is made. */
export async function ensureIndexes(db: Knex, defs: readonly IndexDef[], retired: readonly string[] = []): Promise<string[]> {
  const changed: string[] = [...(await ensureTrigramSearch(db)), ...(await ensureSearchIndex(db))];
  for (const def of defs) {
    if (await indexExists(db, def.name)) continue;
    const unique = def.unique ? 'UNIQUE ' : '';
    await db.raw(`CREATE ${unique}INDEX "${def.name}" ON "${def.table}" (${def.columns.map(column).join(', ')})`);
    changed.push(def.name);
  }
  for (const name of retired) {
    if (!(await indexExists(db, name))) continue;
    await db.raw(`DROP INDEX "${name}"`);
    changed.push(`-${name}`);
  }
  return changed;
}

/** Reading a whole table a page at a time, for the passes over every row that public endpoints make. */
import type { Knex } from 'knex';

/**
 * Rows a read. Each read walks its table's primary key from where the last stopped, so it holds the
 * database a few tens of milliseconds and other calls go between. A query here joins nothing: with a
 * join, SQLite's planner sorted the whole table for every page (1.2 s a page of marks).
 */
const ROWS_PER_READ = 10_000;

/** `query`'s rows in order of `id`, a page at a time. */
export async function eachPage<T extends { id: number }>(query: () => Knex.QueryBuilder, take: (rows: T[]) => void): Promise<void> {
  for (let after = 0; ;) {
    const rows: T[] = await query().where('id', '>', after).orderBy('id').limit(ROWS_PER_READ);
    take(rows);
    if (rows.length < ROWS_PER_READ) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** Many rows written at once, those a unique key already holds left as they are. */
import type { Knex } from 'knex';

/**
 * Rows one statement carries. Knex writes a multi-row insert on SQLite as one SELECT per row joined
 * by UNION ALL, and SQLite refuses more than 500 of them in a statement.
 */
export const ROWS_PER_INSERT = 200;

/** Inserts `rows` into `table` a statement of ROWS_PER_INSERT at a time, skipping any whose `unique` columns are taken. */
export async function insertNewRows(db: Knex | Knex.Transaction, table: string, rows: readonly object[], unique: readonly string[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db(table).insert(rows.slice(i, i + ROWS_PER_INSERT)).onConflict([...unique]).ignore();
  }
}

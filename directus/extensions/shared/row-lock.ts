/**
 * A query's rows locked until the transaction ends (PostgreSQL), so transactions that change the same
 * row queue behind each other instead of failing on each other. SQLite has one writer at a time and
 * Directus gives it one connection, so a transaction there already runs alone.
 */
import type { Knex } from 'knex';

function isSqlite(db: Knex): boolean {
  return /sqlite/.test(String((db.client as { config?: { client?: unknown } }).config?.client ?? ''));
}

export function locked<T extends Knex.QueryBuilder>(db: Knex, query: T): T {
  return isSqlite(db) ? query : (query.forUpdate() as T);
}

/** A flag column that is off: false, or never set (rows stored before the column, or written without it). */
import type { Knex } from 'knex';

export const isFalse = (column: string) => (q: Knex.QueryBuilder) => q.where(column, false).orWhereNull(column);

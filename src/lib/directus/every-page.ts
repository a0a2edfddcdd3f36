import { MAX_READ_ROWS } from '../../../shared/rules.ts';

/**
 * Every row of a read, page after page of MAX_READ_ROWS (the most the backend gives one read) until a
 * page comes back short. `read` asks for the page it is given, in an order that keeps rows in place.
 */
export async function everyPage<T>(read: (at: { page: number; limit: number }) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const part = await read({ page, limit: MAX_READ_ROWS });
    for (const row of part) rows.push(row);
    if (part.length < MAX_READ_ROWS) return rows;
  }
}

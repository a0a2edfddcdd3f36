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

/**
 * Every row of a read ordered by a growing number (a title's id) above `first`, MAX_READ_ROWS at a
 * time, each read asking for the rows after the last one's number: the backend starts where the last
 * read stopped, where a page by offset makes it count the earlier rows again to skip them.
 */
export async function everyPageAfter<T>(first: number, read: (after: number, limit: number) => Promise<T[]>, keyOf: (row: T) => number): Promise<T[]> {
  const rows: T[] = [];
  for (let after = first; ;) {
    const part = await read(after, MAX_READ_ROWS);
    for (const row of part) rows.push(row);
    if (part.length < MAX_READ_ROWS) return rows;
    const last = keyOf(part[part.length - 1]!);
    if (!(last > after)) throw new Error(`a read after ${after} did not move on (its last row is ${last})`);
    after = last;
  }
}

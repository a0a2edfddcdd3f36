import { describe, expect, it } from 'vitest';
import { MAX_READ_ROWS } from '../../../shared/rules.ts';
import { everyPageAfter } from './every-page.ts';

/** A source of rows keyed 1…count, read as the backend answers a filter `key > after`, sorted, limited. */
function source(count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({ key: i + 1 }));
  const asked: number[] = [];
  const read = async (after: number, limit: number) => {
    asked.push(after);
    return rows.filter((r) => r.key > after).slice(0, limit);
  };
  return { rows, asked, read };
}

describe('every page after the last', () => {
  it('reads every row once, in order, each read starting after the last row of the one before', async () => {
    const s = source(2 * MAX_READ_ROWS + 7);
    expect(await everyPageAfter(0, s.read, (r) => r.key)).toEqual(s.rows);
    expect(s.asked).toEqual([0, MAX_READ_ROWS, 2 * MAX_READ_ROWS]);
  });

  it('asks once more after a full last page, and stops at the empty one', async () => {
    const s = source(MAX_READ_ROWS);
    expect(await everyPageAfter(0, s.read, (r) => r.key)).toHaveLength(MAX_READ_ROWS);
    expect(s.asked).toEqual([0, MAX_READ_ROWS]);
  });

  it('refuses to go round again when a read does not move on', async () => {
    const stuck = async (_after: number, limit: number) => Array.from({ length: limit }, () => ({ key: 7 }));
    await expect(everyPageAfter(0, stuck, (r) => r.key)).rejects.toThrow(/did not move on/);
  });
});

/**
 * The claim on a title's search (directus/extensions/segment-finder/src/claim.ts), tried on a titles
 * table of its own with only the columns the claim reads: the same cases on SQLite (tests/unit) and
 * PostgreSQL (tests/api/production), whose timestamps differ in kind.
 */
import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import {
  CLAIM_LIMIT_MS, endClaim, markQueued, renewClaim, takeClaim, titlesLeftBehind,
} from '../../directus/extensions/segment-finder/src/claim.ts';

/** The columns as Directus makes them (a `timestamp` field is one with a time zone). */
export async function makeClaimTable(db: Knex): Promise<void> {
  await db.schema.createTable('titles', (t) => {
    t.increments('id');
    t.string('segmentSearch').nullable();
    t.string('segmentSearchNote', 1000).nullable();
    t.timestamp('segmentSearchSince', { useTz: true }).nullable();
  });
}

interface Claim {
  segmentSearch: string | null;
  segmentSearchSince?: Date | null;
}

const insertTitle = async (db: Knex, row: Claim) => {
  const [made] = await db('titles').insert({ segmentSearchSince: null, ...row }).returning('id');
  return Number(typeof made === 'object' ? made.id : made);
};

const stateOf = async (db: Knex, id: number) => (await db('titles').where({ id }).first('segmentSearch')).segmentSearch;

/** The cases both databases must pass; `db` is read when they run. */
export function claimCases(db: () => Knex): void {
  const now = new Date('2026-11-28T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  /** Every state a title can be found in, and whether an asked run and a resuming one may take it. */
  const found = [
    { name: 'never searched', row: { segmentSearch: null }, asked: true, leftBehind: false },
    { name: 'done', row: { segmentSearch: 'done' }, asked: true, leftBehind: false },
    { name: 'failed', row: { segmentSearch: 'failed' }, asked: true, leftBehind: false },
    { name: 'queued', row: { segmentSearch: 'queued' }, asked: true, leftBehind: true },
    { name: 'running, stamped just now', row: { segmentSearch: 'running', segmentSearchSince: now }, asked: false, leftBehind: false },
    { name: 'running, stamped at the limit', row: { segmentSearch: 'running', segmentSearchSince: ago(CLAIM_LIMIT_MS) }, asked: false, leftBehind: false },
    { name: 'running, stamped a millisecond past the limit', row: { segmentSearch: 'running', segmentSearchSince: ago(CLAIM_LIMIT_MS + 1) }, asked: true, leftBehind: true },
    { name: 'running, stamped hours ago', row: { segmentSearch: 'running', segmentSearchSince: ago(3 * 3600_000) }, asked: true, leftBehind: true },
    { name: 'running with no stamp (claimed before claims had one)', row: { segmentSearch: 'running', segmentSearchSince: null }, asked: true, leftBehind: true },
  ];

  it('are taken by an asked run when nobody runs the title or its run is abandoned, and by a resuming one only when left behind', async () => {
    for (const kind of ['asked', 'left behind'] as const) {
      for (const c of found) {
        const id = await insertTitle(db(), c.row);
        const expected = kind === 'asked' ? c.asked : c.leftBehind;
        expect(await takeClaim(db(), id, now, kind), `${kind}: ${c.name}`).toBe(expected);
        const after = await db()('titles').where({ id }).first('segmentSearch', 'segmentSearchSince');
        if (expected) expect(new Date(after.segmentSearchSince).getTime(), `${kind}: ${c.name}`).toBe(now.getTime());
        expect(after.segmentSearch).toBe(expected ? 'running' : c.row.segmentSearch);
      }
    }
    expect(await takeClaim(db(), 999_999, now, 'asked')).toBe(false);
  });

  it('list what was left behind: abandoned runs, and queued titles when an instance starts', async () => {
    await db()('titles').delete();
    const ids = new Map<string, number>();
    for (const c of found) ids.set(c.name, await insertTitle(db(), c.row));
    const named = (names: string[]) => names.map((n) => ids.get(n)!).sort((a, b) => a - b);
    const abandoned = found.filter((c) => c.leftBehind && c.row.segmentSearch === 'running').map((c) => c.name);
    expect(await titlesLeftBehind(db(), now, { queued: false })).toEqual(named(abandoned));
    expect(await titlesLeftBehind(db(), now, { queued: true })).toEqual(named(found.filter((c) => c.leftBehind).map((c) => c.name)));
  });

  it('are won by exactly one of two instances claiming at once', async () => {
    for (const row of [{ segmentSearch: 'done' }, { segmentSearch: 'running', segmentSearchSince: ago(CLAIM_LIMIT_MS + 60_000) }]) {
      const id = await insertTitle(db(), row);
      const first = new Date(now.getTime() + 1);
      const second = new Date(now.getTime() + 2);
      const won = await Promise.all([takeClaim(db(), id, first, 'asked'), takeClaim(db(), id, second, 'left behind')]);
      expect(won.filter(Boolean)).toHaveLength(1);
    }
  });

  it('are renewed and ended only by the run whose stamp the row holds', async () => {
    const id = await insertTitle(db(), { segmentSearch: 'done' });
    const held = ago(CLAIM_LIMIT_MS + 1);
    expect(await takeClaim(db(), id, held, 'asked')).toBe(true);
    // Another instance takes over the claim nobody renewed; the first one's renewal and end then find no row.
    expect(await takeClaim(db(), id, now, 'asked')).toBe(true);
    expect(await renewClaim(db(), id, held, new Date(now.getTime() + 1000))).toBe(false);
    expect(await endClaim(db(), id, held, { state: 'done', note: 'Предложено отрезков: 4' })).toBe(false);
    expect(await stateOf(db(), id)).toBe('running');
    // The holder renews and ends it.
    const later = new Date(now.getTime() + 60_000);
    expect(await renewClaim(db(), id, now, later)).toBe(true);
    expect(await endClaim(db(), id, now, { state: 'done', note: '' })).toBe(false);
    expect(await endClaim(db(), id, later, { state: 'done', note: 'Предложено отрезков: 4' })).toBe(true);
    expect(await db()('titles').where({ id }).first('segmentSearch', 'segmentSearchNote', 'segmentSearchSince'))
      .toEqual({ segmentSearch: 'done', segmentSearchNote: 'Предложено отрезков: 4', segmentSearchSince: null });
  });

  it('are marked queued unless another instance runs the title', async () => {
    const running = await insertTitle(db(), { segmentSearch: 'running', segmentSearchSince: now });
    const abandoned = await insertTitle(db(), { segmentSearch: 'running', segmentSearchSince: ago(CLAIM_LIMIT_MS + 1) });
    const done = await insertTitle(db(), { segmentSearch: 'done' });
    expect(await markQueued(db(), running, now)).toBe(false);
    expect(await stateOf(db(), running)).toBe('running');
    for (const id of [abandoned, done]) {
      expect(await markQueued(db(), id, now)).toBe(true);
      expect(await db()('titles').where({ id }).first('segmentSearch', 'segmentSearchSince')).toEqual({ segmentSearch: 'queued', segmentSearchSince: null });
    }
  });
}

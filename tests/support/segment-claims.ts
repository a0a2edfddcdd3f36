/**
 * The claim on a title's search and its asks (directus/extensions/segment-finder/src/claim.ts), tried on
 * a titles table of its own with only the columns the claim reads: the same cases on SQLite
 * (tests/unit) and PostgreSQL (tests/api/production), whose timestamps and JSON differ in kind.
 */
import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import {
  askSearch, CLAIM_LIMIT_MS, finishRun, parseAsked, renewClaim, takeAsks, takeClaim, timeOf, titlesLeftBehind,
} from '../../directus/extensions/segment-finder/src/claim.ts';

/** The columns as Directus makes them (a `timestamp` field has a time zone, a `json` one is JSON). */
export async function makeClaimTable(db: Knex): Promise<void> {
  await db.schema.createTable('titles', (t) => {
    t.increments('id');
    t.string('segmentSearch').nullable();
    t.string('segmentSearchNote', 1000).nullable();
    t.timestamp('segmentSearchSince', { useTz: true }).nullable();
    t.json('segmentSearchAsked').nullable();
  });
}

interface Stored {
  segmentSearch: string | null;
  segmentSearchSince?: Date | null;
  segmentSearchAsked?: unknown;
  segmentSearchNote?: string | null;
}

const insertTitle = async (db: Knex, row: Stored) => {
  const asked = row.segmentSearchAsked === undefined || row.segmentSearchAsked === null ? null : JSON.stringify(row.segmentSearchAsked);
  const [made] = await db('titles').insert({ segmentSearchSince: null, ...row, segmentSearchAsked: asked }).returning('id');
  return Number(typeof made === 'object' ? made.id : made);
};

/** The row as the claim sees it: the time in milliseconds, the asks read back. */
async function read(db: Knex, id: number) {
  const row = await db('titles').where({ id }).first('segmentSearch', 'segmentSearchSince', 'segmentSearchAsked', 'segmentSearchNote');
  return { state: row.segmentSearch, since: timeOf(row.segmentSearchSince), asked: parseAsked(row.segmentSearchAsked), note: row.segmentSearchNote };
}

/** The cases both databases must pass; `db` is read when they run. */
export function claimCases(db: () => Knex): void {
  const now = new Date('2026-11-28T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const later = (ms: number) => new Date(now.getTime() + ms);
  const fresh = ago(10_000);
  const stale = ago(CLAIM_LIMIT_MS + 1);

  it('write an ask into the title: queued unless another instance runs it, and a stopped run becomes an ask for every season', async () => {
    const never = await insertTitle(db(), { segmentSearch: null });
    expect(await askSearch(db(), never, [7], now)).toBe(true);
    expect(await read(db(), never)).toEqual({ state: 'queued', since: now.getTime(), asked: [7], note: null });
    // Asked again while queued: the seasons join, and it stays queued since the first ask.
    expect(await askSearch(db(), never, [null, 7, 8], later(1000))).toBe(true);
    expect(await read(db(), never)).toEqual({ state: 'queued', since: now.getTime(), asked: [7, null, 8], note: null });
    expect(await askSearch(db(), never, 'all', later(2000))).toBe(true);
    expect((await read(db(), never)).asked).toBe('all');

    const done = await insertTitle(db(), { segmentSearch: 'done', segmentSearchNote: 'Предложено отрезков: 4' });
    await askSearch(db(), done, [3], now);
    expect(await read(db(), done)).toEqual({ state: 'queued', since: now.getTime(), asked: [3], note: null });

    const running = await insertTitle(db(), { segmentSearch: 'running', segmentSearchSince: fresh });
    await askSearch(db(), running, [3], now);
    expect(await read(db(), running)).toEqual({ state: 'running', since: fresh.getTime(), asked: [3], note: null });

    for (const since of [stale, null]) {
      const left = await insertTitle(db(), { segmentSearch: 'running', segmentSearchSince: since, segmentSearchAsked: [1] });
      await askSearch(db(), left, [3], now);
      expect(await read(db(), left)).toEqual({ state: 'queued', since: now.getTime(), asked: 'all', note: null });
    }
    expect(await askSearch(db(), 999_999, 'all', now)).toBe(false);
  });

  it('are claimed over a stopped instance\'s run, or when asks wait and nobody runs the title; never over a live run', async () => {
    const cases: { row: Stored; taken: 'abandoned' | 'asked' | null }[] = [
      { row: { segmentSearch: 'queued', segmentSearchSince: fresh, segmentSearchAsked: [1] }, taken: 'asked' },
      { row: { segmentSearch: 'done', segmentSearchAsked: 'all' }, taken: 'asked' },
      { row: { segmentSearch: null, segmentSearchAsked: [null] }, taken: 'asked' },
      { row: { segmentSearch: 'done' }, taken: null },
      { row: { segmentSearch: 'queued', segmentSearchSince: fresh }, taken: null },
      { row: { segmentSearch: 'running', segmentSearchSince: fresh, segmentSearchAsked: [1] }, taken: null },
      { row: { segmentSearch: 'running', segmentSearchSince: ago(CLAIM_LIMIT_MS) }, taken: null },
      { row: { segmentSearch: 'running', segmentSearchSince: stale }, taken: 'abandoned' },
      { row: { segmentSearch: 'running', segmentSearchSince: ago(3 * 3600_000), segmentSearchAsked: [2] }, taken: 'abandoned' },
      { row: { segmentSearch: 'running', segmentSearchSince: null }, taken: 'abandoned' },
    ];
    for (const c of cases) {
      const id = await insertTitle(db(), c.row);
      const said = JSON.stringify(c.row);
      expect(await takeClaim(db(), id, now), said).toBe(c.taken);
      const after = await read(db(), id);
      if (c.taken) expect(after, said).toMatchObject({ state: 'running', since: now.getTime(), note: null });
      else expect(after.state, said).toBe(c.row.segmentSearch);
    }
    expect(await takeClaim(db(), 999_999, now)).toBeNull();
  });

  it('are won by exactly one of two instances claiming at once', async () => {
    for (const row of [{ segmentSearch: 'queued', segmentSearchSince: fresh, segmentSearchAsked: 'all' }, { segmentSearch: 'running', segmentSearchSince: stale }]) {
      const id = await insertTitle(db(), row);
      const won = await Promise.all([takeClaim(db(), id, later(1)), takeClaim(db(), id, later(2))]);
      expect(won.filter(Boolean)).toHaveLength(1);
    }
  });

  it('give the asks to the run that takes them, and none to another', async () => {
    const id = await insertTitle(db(), { segmentSearch: 'queued', segmentSearchSince: fresh, segmentSearchAsked: [4, null] });
    expect(await takeClaim(db(), id, now)).toBe('asked');
    expect(await takeAsks(db(), id)).toEqual([4, null]);
    expect(await takeAsks(db(), id)).toBeNull();
    // Nothing left to take: a run queued on another instance finds nothing to claim.
    expect(await finishRun(db(), id, now, { state: 'done', note: 'Предложено отрезков: 2' })).toBe('ended');
    expect(await takeClaim(db(), id, later(1000))).toBeNull();
    expect(await read(db(), id)).toEqual({ state: 'done', since: null, asked: null, note: 'Предложено отрезков: 2' });
  });

  it('keep a run going while asks came during it, and end it only under its own stamp', async () => {
    const id = await insertTitle(db(), { segmentSearch: 'queued', segmentSearchSince: fresh, segmentSearchAsked: 'all' });
    expect(await takeClaim(db(), id, now)).toBe('asked');
    await takeAsks(db(), id);
    // Another instance is asked during the run: the ask waits in the row, the run keeps the title.
    await askSearch(db(), id, [5], later(1000));
    expect(await finishRun(db(), id, now, { state: 'done', note: '' })).toBe('asked again');
    expect(await read(db(), id)).toMatchObject({ state: 'running', since: now.getTime(), asked: [5] });
    expect(await takeAsks(db(), id)).toEqual([5]);
    // Renewed, the old stamp no longer ends it; the new one does.
    expect(await renewClaim(db(), id, now, later(60_000))).toBe(true);
    expect(await finishRun(db(), id, now, { state: 'done', note: '' })).toBe('lost');
    expect(await finishRun(db(), id, later(60_000), { state: 'failed', note: 'не видео' })).toBe('ended');
    expect(await read(db(), id)).toEqual({ state: 'failed', since: null, asked: null, note: 'не видео' });
  });

  it('let a run taken over by another instance neither renew nor end it', async () => {
    const id = await insertTitle(db(), { segmentSearch: 'queued', segmentSearchSince: fresh, segmentSearchAsked: 'all' });
    const first = ago(CLAIM_LIMIT_MS + 60_000);
    expect(await takeClaim(db(), id, first)).toBe('asked');
    expect(await takeClaim(db(), id, now)).toBe('abandoned');
    expect(await renewClaim(db(), id, first, later(1000))).toBe(false);
    expect(await finishRun(db(), id, first, { state: 'done', note: '' })).toBe('lost');
    expect(await read(db(), id)).toMatchObject({ state: 'running', since: now.getTime() });
  });

  it('list what instances left behind: runs abandoned, and asks nobody took up within the limit', async () => {
    await db()('titles').delete();
    const listed = [
      await insertTitle(db(), { segmentSearch: 'running', segmentSearchSince: stale }),
      await insertTitle(db(), { segmentSearch: 'running', segmentSearchSince: null }),
      await insertTitle(db(), { segmentSearch: 'queued', segmentSearchSince: stale, segmentSearchAsked: 'all' }),
      await insertTitle(db(), { segmentSearch: 'done', segmentSearchAsked: [1] }),
    ];
    for (const row of [
      { segmentSearch: 'running', segmentSearchSince: fresh, segmentSearchAsked: [1] },
      { segmentSearch: 'queued', segmentSearchSince: fresh, segmentSearchAsked: [1] },
      { segmentSearch: 'done' },
      { segmentSearch: null },
    ]) await insertTitle(db(), row);
    expect(await titlesLeftBehind(db(), now)).toEqual(listed);
  });
}

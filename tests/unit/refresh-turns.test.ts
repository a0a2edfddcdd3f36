/**
 * Refreshes of one token take turns (directus/extensions/site-auth/src/refresh-grace.ts), on SQLite kept
 * in memory: one holds the turn, no more than three wait for it, and any more go on without one.
 */
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turnOf } from '../../directus/extensions/site-auth/src/refresh-grace.ts';

let db: Knex;

beforeAll(async () => {
  db = knex({ client: 'sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  // The columns of Directus's sessions table that the turns read and write.
  await db.schema.createTable('directus_sessions', (t) => {
    t.string('token', 64).primary();
    t.uuid('user').nullable();
    t.uuid('share').nullable();
    t.timestamp('expires').notNullable();
    t.string('next_token', 64).nullable();
  });
});

afterAll(async () => {
  await db?.destroy();
});

const session = async (token: string) => {
  await db('directus_sessions').insert({ token, user: '00000000-0000-4000-8000-000000000001', expires: new Date(Date.now() + 60_000) });
};

/** A call of `turnOf` with whether it has answered yet. */
function asked(token: string) {
  const call = { settled: false, turn: turnOf(db, token) };
  void call.turn.finally(() => { call.settled = true; });
  return call;
}

describe('turns to refresh one token', () => {
  it('are one at a time: three more wait and each gets the turn once the one before lets go; a fifth goes on without', async () => {
    await session('token-a');
    const first = await turnOf(db, 'token-a');
    expect(first).toBeTypeOf('function');

    const waiting = [asked('token-a'), asked('token-a'), asked('token-a')];
    const beyond = [asked('token-a'), asked('token-a')];
    // The calls past the three that may wait are answered at once, while the turn is still held.
    expect(await Promise.all(beyond.map((c) => c.turn))).toEqual([null, null]);
    expect(waiting.map((c) => c.settled)).toEqual([false, false, false]);

    let release = first!;
    for (let k = 0; k < waiting.length; k++) {
      await release();
      const next = await Promise.race(waiting.filter((c) => !c.settled).map((c) => c.turn));
      expect(next).toBeTypeOf('function');
      expect(waiting.filter((c) => c.settled)).toHaveLength(k + 1);
      release = next!;
    }
    await release();
    // With nobody waiting any more, the next refresh takes the turn at once.
    const later = await turnOf(db, 'token-a');
    expect(later).toBeTypeOf('function');
    await later!();
  });

  it('are not given for a token that is no session', async () => {
    expect(await turnOf(db, 'never-issued')).toBeNull();
  });
});

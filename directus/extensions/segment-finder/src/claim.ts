/**
 * Which Directus instance runs a title's search, when several share the database, and what it searches.
 *
 * - An ask (an upload, «Найти заставки») is written into the title: `segmentSearchAsked` holds the
 *   seasons asked for and not yet taken by a run, so whichever instance runs the title runs it.
 * - The instance whose one conditional UPDATE moves the title to 'running' holds the claim, stamped
 *   with a time (`segmentSearchSince`) it renews while it runs. It takes the asks, and before letting
 *   go it runs again for asks that came meanwhile: an instance asked during another's run leaves it
 *   to that run, so two asks at once make one analysis.
 * - A claim not renewed for CLAIM_LIMIT_MS was left by an instance that stopped (killed, crashed, cut
 *   off from the database): the same kind of UPDATE takes it over, and every season is searched, since
 *   what the stopped run had taken is not known. The stamp is also the holder's proof: a renewal or an
 *   end written with a stamp the row no longer holds finds no row, and that run stops.
 */
import type { Knex } from 'knex';
import { locked } from '../../shared/row-lock.ts';

/** A running instance stamps its claim again this often. */
export const CLAIM_RENEW_MS = 60_000;
/** A claim whose stamp is older than this is taken over: its instance missed five renewals. */
export const CLAIM_LIMIT_MS = 5 * CLAIM_RENEW_MS;

/** A season's id, or null for the episodes of a title without seasons. */
export type SeasonKey = number | null;
/** Seasons asked for: some, or every season with videos. */
export type Asked = 'all' | readonly SeasonKey[];

/** Both asks in one: every season absorbs some, and a season asked twice is searched once. */
export function mergeAsked(a: Asked | null, b: Asked): Asked {
  if (a === 'all' || b === 'all') return 'all';
  return [...new Set([...(a ?? []), ...b])];
}

/** The stored asks; anything unreadable asks for every season, so nothing asked is lost. */
export function parseAsked(raw: unknown): Asked | null {
  if (raw === null || raw === undefined) return null;
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return 'all';
    }
  }
  if (Array.isArray(value) && value.every((s) => s === null || Number.isSafeInteger(s))) return value as SeasonKey[];
  return 'all';
}

/** A stored time as milliseconds (SQLite gives a number, PostgreSQL a Date). */
export function timeOf(value: unknown): number | null {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value) return /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  return null;
}

/** Running under a stamp older than the limit at `now`, or under none (a claim from before claims had one). */
export function isAbandoned(state: unknown, since: unknown, now: Date): boolean {
  const at = timeOf(since);
  return state === 'running' && (at === null || at < now.getTime() - CLAIM_LIMIT_MS);
}

type Where = (q: Knex.QueryBuilder) => void;

const staleBefore = (now: Date) => new Date(now.getTime() - CLAIM_LIMIT_MS);
const notRunning: Where = (q) => {
  q.whereNull('segmentSearch').orWhereNot('segmentSearch', 'running');
};
const abandoned = (now: Date): Where => (q) => {
  q.where('segmentSearch', 'running').andWhere((since) => {
    since.whereNull('segmentSearchSince').orWhere('segmentSearchSince', '<', staleBefore(now));
  });
};
/** Asked, and not taken up by any instance for longer than the limit (or never marked queued). */
const askedAndLeft = (now: Date): Where => (q) => {
  q.whereNotNull('segmentSearchAsked').andWhere(notRunning).andWhere((since) => {
    since.whereNull('segmentSearchSince').orWhere('segmentSearchSince', '<', staleBefore(now));
  });
};

/**
 * Writes an ask for `seasons` into the title at `now`; false when there is no such title. Unless
 * another instance runs it, the title shows queued (since the first ask that queued it); a run
 * abandoned becomes an ask for every season.
 */
export async function askSearch(db: Knex, title: number, seasons: Asked, now: Date): Promise<boolean> {
  return db.transaction(async (trx) => {
    const row = await locked(trx, trx('titles').where('id', title).first('segmentSearch', 'segmentSearchSince', 'segmentSearchAsked'));
    if (!row) return false;
    const left = isAbandoned(row.segmentSearch, row.segmentSearchSince, now);
    const asked = left ? 'all' : mergeAsked(parseAsked(row.segmentSearchAsked), seasons);
    const patch: Record<string, unknown> = { segmentSearchAsked: JSON.stringify(asked) };
    if (row.segmentSearch !== 'running' || left) {
      Object.assign(patch, { segmentSearch: 'queued', segmentSearchNote: null });
      // Queued since the first ask: how long no instance took it up.
      const queuedAlready = row.segmentSearch === 'queued' && timeOf(row.segmentSearchSince) !== null;
      if (!queuedAlready) patch.segmentSearchSince = now;
    }
    await trx('titles').where('id', title).update(patch);
    return true;
  });
}

/**
 * Takes the title's run for this instance, stamped `now`: 'abandoned' when it took over a stopped
 * instance's claim, 'asked' when it took a title nobody runs with asks waiting, null when there was
 * nothing to take (another instance runs it, or a run took the asks already). Each is one UPDATE
 * whose condition only one instance can meet.
 */
export async function takeClaim(db: Knex, title: number, now: Date): Promise<'abandoned' | 'asked' | null> {
  const claimed = { segmentSearch: 'running', segmentSearchSince: now, segmentSearchNote: null };
  if (await db('titles').where('id', title).andWhere(abandoned(now)).update(claimed)) return 'abandoned';
  if (await db('titles').where('id', title).whereNotNull('segmentSearchAsked').andWhere(notRunning).update(claimed)) return 'asked';
  return null;
}

/** The asks waiting on the title, taken by the run that holds it (none are left for another). */
export async function takeAsks(db: Knex, title: number): Promise<Asked | null> {
  return db.transaction(async (trx) => {
    const row = await locked(trx, trx('titles').where('id', title).first('segmentSearchAsked'));
    await trx('titles').where('id', title).update({ segmentSearchAsked: null });
    return parseAsked(row?.segmentSearchAsked);
  });
}

/** Stamps the claim held under `held` anew at `now`; false when it is no longer this run's. */
export async function renewClaim(db: Knex, title: number, held: Date, now: Date): Promise<boolean> {
  return (await db('titles').where({ id: title, segmentSearch: 'running', segmentSearchSince: held }).update({ segmentSearchSince: now })) > 0;
}

/**
 * Ends the run holding the claim stamped `held` with its outcome: 'ended'; 'asked again' when asks
 * came during the run (the claim is kept, for the run to take them); 'lost' when another instance
 * took the claim over.
 */
export async function finishRun(db: Knex, title: number, held: Date, outcome: { state: string; note: string }): Promise<'ended' | 'asked again' | 'lost'> {
  const mine = { id: title, segmentSearch: 'running', segmentSearchSince: held };
  const ended = await db('titles').where(mine).whereNull('segmentSearchAsked')
    .update({ segmentSearch: outcome.state, segmentSearchNote: outcome.note.slice(0, 1000), segmentSearchSince: null });
  if (ended) return 'ended';
  return (await db('titles').where(mine).first('id')) ? 'asked again' : 'lost';
}

/** Titles an instance left behind at `now`: a run abandoned, or asks nobody took up within the limit. */
export async function titlesLeftBehind(db: Knex, now: Date): Promise<number[]> {
  const rows: { id: number }[] = await db('titles').where(abandoned(now)).orWhere(askedAndLeft(now)).orderBy('id').select('id');
  return rows.map((r) => Number(r.id));
}

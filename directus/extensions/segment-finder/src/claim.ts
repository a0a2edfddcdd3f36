/**
 * Which Directus instance runs a title's search, when several share the database. The instance whose
 * one conditional UPDATE moves the title to 'running' holds the claim and stamps it with a time
 * (`segmentSearchSince`), renewed while its run goes on. A claim not renewed for CLAIM_LIMIT_MS was
 * left by an instance that stopped (killed, crashed, cut off from the database): the same UPDATE takes
 * it over, so two instances never both hold a title. The time is also the holder's proof: a renewal or
 * an end written with a time that is no longer the row's finds no row, and that run stops.
 */
import type { Knex } from 'knex';

/** A running instance stamps its claim again this often. */
export const CLAIM_RENEW_MS = 60_000;
/** A claim whose stamp is older than this is taken over: its instance missed five renewals. */
export const CLAIM_LIMIT_MS = 5 * CLAIM_RENEW_MS;

type Where = (q: Knex.QueryBuilder) => void;

/** Running, with no stamp (left from before claims had one) or one older than the limit at `now`. */
const abandoned = (now: Date): Where => (q) => {
  q.where('segmentSearch', 'running').andWhere((since) => {
    since.whereNull('segmentSearchSince').orWhere('segmentSearchSince', '<', new Date(now.getTime() - CLAIM_LIMIT_MS));
  });
};

/** Nobody runs the title, or its run was abandoned. */
const open = (now: Date): Where => (q) => {
  q.whereNull('segmentSearch').orWhereNot('segmentSearch', 'running').orWhere(abandoned(now));
};

/** Queued by an instance that may have stopped before running it, or its run abandoned. */
const leftBehind = (now: Date): Where => (q) => {
  q.where('segmentSearch', 'queued').orWhere(abandoned(now));
};

/**
 * Takes the title's run for this instance at `now`, the claim's stamp from then on; false when another
 * holds it. An asked run takes any title nobody runs; a run resuming what was left behind only one
 * still queued or abandoned, so a run that ended meanwhile is not repeated.
 */
export async function takeClaim(db: Knex, title: number, now: Date, kind: 'asked' | 'left behind'): Promise<boolean> {
  const rule = kind === 'asked' ? open(now) : leftBehind(now);
  return (await db('titles').where('id', title).andWhere(rule).update({ segmentSearch: 'running', segmentSearchSince: now, segmentSearchNote: null })) > 0;
}

/** Marks the title queued unless another instance runs it; false when it does (or there is no such title). */
export async function markQueued(db: Knex, title: number, now: Date): Promise<boolean> {
  return (await db('titles').where('id', title).andWhere(open(now)).update({ segmentSearch: 'queued', segmentSearchSince: null, segmentSearchNote: null })) > 0;
}

/** Stamps the claim held since `held` anew at `now`; false when it is no longer this run's. */
export async function renewClaim(db: Knex, title: number, held: Date, now: Date): Promise<boolean> {
  return (await db('titles').where({ id: title, segmentSearch: 'running', segmentSearchSince: held }).update({ segmentSearchSince: now })) > 0;
}

/** Ends the run that holds the claim stamped `held` with its outcome; false when another took it over. */
export async function endClaim(db: Knex, title: number, held: Date, outcome: { state: string; note: string }): Promise<boolean> {
  return (await db('titles').where({ id: title, segmentSearch: 'running', segmentSearchSince: held })
    .update({ segmentSearch: outcome.state, segmentSearchNote: outcome.note.slice(0, 1000), segmentSearchSince: null })) > 0;
}

/** Titles whose run was abandoned at `now`, and with `queued` those queued too (meaningful when an instance starts). */
export async function titlesLeftBehind(db: Knex, now: Date, { queued }: { queued: boolean }): Promise<number[]> {
  const rows: { id: number }[] = await db('titles').where(queued ? leftBehind(now) : abandoned(now)).orderBy('id').select('id');
  return rows.map((r) => Number(r.id));
}

/**
 * A refresh whose answer never reached the browser (the page was left while it was in flight)
 * must not sign the person out. In JSON mode Directus replaces the refresh token at once, so the
 * browser's next refresh would spend a token that no longer exists. As Directus's own cookie
 * sessions do (SESSION_REFRESH_GRACE_PERIOD), the token just spent stays good for a short while
 * for one thing only: refreshing it again refreshes its successor instead.
 *
 * The spent token is kept as a `directus_sessions` row with `next_token` naming its successor and
 * no user, so it can never authorise a request (a session-bound access token must match its
 * user) and Directus refuses to refresh it by itself.
 *
 * The next page may refresh before the left page's refresh has been answered, on this instance or
 * another. Refreshes of one token therefore take turns: each holds a claim row in the same table
 * (keyed by a digest of the token, with neither user nor successor) from before Directus
 * replaces the token until its answer, and with it the row leading to the successor, is sent.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Request, Response } from 'express';
import { beforeJsonResponse, tokensOf } from './json-response.ts';

type Next = (err?: unknown) => void;

/** Spent tokens lead to their successor, rarely through more than one other; the walk is bounded all the same. */
const MAX_HOPS = 10;
/** Spent tokens past their grace are swept at most this often, not on every refresh. */
const SWEEP_EVERY_MS = 60_000;
/** How long a claim holds if its instance stops, or Directus never answers, before letting go. */
const CLAIM_MS = 10_000;
/** A waiting refresh looks again after 25 ms, then twice as long each time up to 400 ms. */
const FIRST_LOOK_MS = 25;
const LAST_LOOK_MS = 400;
/**
 * Refreshes of one token that may wait in this process while another holds the turn: the next page's,
 * and a tab or two more. Any more go on without a turn, so repeating one token's refresh cannot pile up
 * waiting calls that each ask the database again.
 */
const MAX_WAITING = 3;
const waiting = new Map<string, number>();

export function refreshWithGrace(database: Knex, graceMs: number) {
  let sweptAt = 0;
  return (req: Request, res: Response, next: Next) => {
    const presented: unknown = req.body?.refresh_token;
    if (req.body?.mode !== 'json' || typeof presented !== 'string') return next();
    let gone = false;
    res.once('close', () => { gone = true; });
    void (async () => {
      let release = await turnOf(database, presented);
      const letGo = () => {
        void release?.().catch(() => undefined);
        release = null;
      };
      // Left while it waited: its token is not spent for an answer nobody reads.
      if (gone) return letGo();
      // Held until Directus has answered, not until the caller leaves: Directus goes on replacing the
      // token after the browser has gone, and the next refresh must then find where it leads.
      res.once('finish', letGo);
      const spent = await latestOf(database, presented).catch((err: unknown) => {
        letGo();
        throw err;
      });
      req.body.refresh_token = spent;
      // The answer waits for the row, so a refresh sent right after this one finds it.
      beforeJsonResponse(res, async (status, body) => {
        const tokens = tokensOf(status, body);
        try {
          if (tokens) await keepSpent(presented, spent, tokens.refresh);
        } finally {
          letGo();
        }
      });
      next();
    })().catch(next);
  };

  async function keepSpent(presented: string, spent: string, successor: string): Promise<void> {
    const now = Date.now();
    await database('directus_sessions').insert({ token: spent, next_token: successor, expires: new Date(now + graceMs) });
    // The token presented leads straight to the newest one, so retries never lengthen the chain.
    if (presented !== spent) await graceRows(database).where({ token: presented }).update({ next_token: successor });
    if (now - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = now;
    await graceRows(database).andWhere('expires', '<', new Date(now)).delete();
  }
}

const graceRows = (database: Knex) => database('directus_sessions').whereNull('user').whereNull('share').whereNotNull('next_token');

/** The token to refresh: the one presented, or the one that replaced it while its grace lasts. */
async function latestOf(database: Knex, presented: string): Promise<string> {
  let token = presented;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const row = await graceRows(database).select('next_token').where({ token }).andWhere('expires', '>=', new Date()).first();
    if (!row) break;
    token = row.next_token;
  }
  return token;
}

/** The claim row of refreshes of `token`: a digest of it, in the table's key, that no session holds. */
const claimKey = (token: string) => createHash('sha256').update(`refresh-turn:${token}`).digest('hex');

/**
 * Waits for the turn to refresh `token` and takes it, answering how to give it back. Null, and Directus
 * is asked all the same, for a token that is no session, spent token or claim (it refuses it, and
 * nothing is written), when MAX_WAITING of its refreshes already wait here, or when no turn came in
 * twice a claim's life.
 */
export async function turnOf(database: Knex, token: string): Promise<(() => Promise<void>) | null> {
  const key = claimKey(token);
  const known = await database('directus_sessions').select('token').whereIn('token', [token, key]).andWhere('expires', '>=', new Date()).first();
  // Counted after the read, with nothing awaited between the count and its rise.
  const queued = waiting.get(token) ?? 0;
  if (!known || queued >= MAX_WAITING) return null;
  waiting.set(token, queued + 1);
  const claim = () => database('directus_sessions').where({ token: key });
  try {
    for (let look = FIRST_LOOK_MS, until = Date.now() + 2 * CLAIM_MS; Date.now() < until; look = Math.min(2 * look, LAST_LOOK_MS)) {
      try {
        await database('directus_sessions').insert({ token: key, expires: new Date(Date.now() + CLAIM_MS) });
        return async () => { await claim().delete(); };
      } catch {
        // Another refresh of the token holds the turn, unless its instance stopped and the claim ran out.
        await claim().andWhere('expires', '<', new Date()).delete();
      }
      await new Promise((resolve) => setTimeout(resolve, look));
    }
    return null;
  } finally {
    const left = (waiting.get(token) ?? 1) - 1;
    if (left > 0) waiting.set(token, left);
    else waiting.delete(token);
  }
}

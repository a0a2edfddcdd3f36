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
 */
import type { Knex } from 'knex';
import type { Request, Response } from 'express';
import { beforeJsonResponse, tokensOf } from './json-response.ts';

type Next = (err?: unknown) => void;

/** Spent tokens lead to their successor, rarely through more than one other; the walk is bounded all the same. */
const MAX_HOPS = 10;
/** Spent tokens past their grace are swept at most this often, not on every refresh. */
const SWEEP_EVERY_MS = 60_000;

export function refreshWithGrace(database: Knex, graceMs: number) {
  let sweptAt = 0;
  return (req: Request, res: Response, next: Next) => {
    const presented: unknown = req.body?.refresh_token;
    if (req.body?.mode !== 'json' || typeof presented !== 'string') return next();
    latestOf(database, presented).then((spent) => {
      req.body.refresh_token = spent;
      // The answer waits for the row, so a refresh sent right after this one finds it.
      beforeJsonResponse(res, async (status, body) => {
        const tokens = tokensOf(status, body);
        if (tokens) await keepSpent(presented, spent, tokens.refresh);
      });
      next();
    }, next);
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

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
import type { JsonBody } from './json-response.ts';
import { tokensOf } from './json-response.ts';

type Next = (err?: unknown) => void;

export function refreshWithGrace(database: Knex, graceMs: number) {
  return (req: Request, res: Response, next: Next) => {
    const presented: unknown = req.body?.refresh_token;
    if (req.body?.mode !== 'json' || typeof presented !== 'string') return next();
    successorOf(database, presented).then((successor) => {
      const spent = successor ?? presented;
      req.body.refresh_token = spent;
      const send = res.json.bind(res);
      res.json = (body: JsonBody) => {
        const tokens = tokensOf(res.statusCode, body);
        // The answer waits for the row, so a refresh sent right after this one finds it.
        if (tokens) keepSpent(database, spent, tokens.refresh, graceMs).catch(() => undefined).finally(() => send(body));
        else send(body);
        return res;
      };
      next();
    }, next);
  };
}

/** The token a spent one was replaced by, while its grace lasts. */
async function successorOf(database: Knex, token: string): Promise<string | null> {
  const row = await database('directus_sessions').select('next_token')
    .where({ token }).whereNull('user').whereNull('share').whereNotNull('next_token').andWhere('expires', '>=', new Date()).first();
  return row?.next_token ?? null;
}

async function keepSpent(database: Knex, spent: string, successor: string, graceMs: number): Promise<void> {
  const now = new Date();
  await database.transaction(async (trx) => {
    const graceRows = () => trx('directus_sessions').whereNull('user').whereNull('share').whereNotNull('next_token');
    await graceRows().andWhere('expires', '<', now).delete();
    // Tokens spent before this one now lead to its successor too.
    await graceRows().where({ next_token: spent }).update({ next_token: successor });
    await trx('directus_sessions').insert({ token: spent, next_token: successor, expires: new Date(now.getTime() + graceMs) });
  });
}

/** Lets a middleware see, and replace, the JSON body a later Directus route answers with. */
import type { Response } from 'express';

export type JsonBody = { data?: Record<string, unknown> | null; errors?: unknown } | null | undefined;

export function onJsonResponse(res: Response, handle: (status: number, body: JsonBody) => JsonBody): void {
  const send = res.json.bind(res);
  res.json = (body: JsonBody) => send(handle(res.statusCode, body));
}

/**
 * Runs `work` on the JSON body a later Directus route answers with, and sends the answer only once
 * it has settled (its failure is ignored): for a record the next request must already find.
 */
export function beforeJsonResponse(res: Response, work: (status: number, body: JsonBody) => Promise<void>): void {
  const send = res.json.bind(res);
  res.json = (body: JsonBody) => {
    work(res.statusCode, body).catch(() => undefined).finally(() => send(body));
    return res;
  };
}

/** A successful sign-in or refresh in JSON mode: the tokens are in the body. */
export function tokensOf(status: number, body: JsonBody): { access: string; refresh: string } | null {
  const access = body?.data?.access_token;
  const refresh = body?.data?.refresh_token;
  return status < 400 && typeof access === 'string' && typeof refresh === 'string' ? { access, refresh } : null;
}

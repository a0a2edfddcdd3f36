/** Lets a middleware see, and replace, the JSON body a later Directus route answers with. */
import type { Response } from 'express';

export type JsonBody = { data?: Record<string, unknown> | null; errors?: unknown } | null | undefined;

export function onJsonResponse(res: Response, handle: (status: number, body: JsonBody) => JsonBody): void {
  const send = res.json.bind(res);
  res.json = (body: JsonBody) => send(handle(res.statusCode, body));
}

/** A successful sign-in or refresh in JSON mode: the tokens are in the body. */
export function tokensOf(status: number, body: JsonBody): { access: string; refresh: string } | null {
  const access = body?.data?.access_token;
  const refresh = body?.data?.refresh_token;
  return status < 400 && typeof access === 'string' && typeof refresh === 'string' ? { access, refresh } : null;
}

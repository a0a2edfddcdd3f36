/**
 * A route's JSON object body, whatever the client said it was: Directus parses only what is sent as
 * JSON, so any other body (text, a form, none) is read here, up to a size, and must be a JSON object
 * too. Anything else (an array, a string, broken JSON, nothing) is a 400 with a Russian reason.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { InvalidPayloadError } from '@directus/errors';
import { requestBytes } from './request-body.ts';

export const NOT_AN_OBJECT = 'Тело запроса должно быть объектом JSON';
/** A collection's routes read JSON alone: a body of any other type would reach them as no data at all. */
export const NOT_JSON_TYPE = 'Тело запроса должно быть объектом JSON (Content-Type: application/json)';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export async function jsonObjectBody(req: IncomingMessage & { body?: unknown }, res: ServerResponse, limit = 64 * 1024): Promise<Record<string, unknown>> {
  let value: unknown = req.body;
  // Directus's parser marks the bodies it read; any other is still in the stream.
  if (!(req as { _body?: unknown })._body) {
    const bytes = await requestBytes(req, res, limit);
    try {
      value = bytes.length ? JSON.parse(bytes.toString('utf8')) : undefined;
    } catch {
      throw new InvalidPayloadError({ reason: NOT_AN_OBJECT });
    }
  }
  if (!isObject(value)) throw new InvalidPayloadError({ reason: NOT_AN_OBJECT });
  return value;
}

/** A request's bytes for the routes of our extensions, refusals told as Directus errors with a Russian reason. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createError, InvalidPayloadError } from '@directus/errors';
import { BodyRefused, readRawBody } from '../../../shared/request-body.ts';

export const BodyTooLarge = createError('CONTENT_TOO_LARGE', 'Слишком большое тело запроса', 413);
const UnknownEncoding = createError('UNSUPPORTED_MEDIA_TYPE', 'Тело запроса сжато неизвестным способом', 415);

/** At most `limit` bytes of the body (see shared/request-body.ts: a refused body is read off, never cut). */
export async function requestBytes(req: IncomingMessage, res: ServerResponse, limit: number): Promise<Buffer> {
  try {
    return await readRawBody(req, res, limit);
  } catch (err) {
    if (!(err instanceof BodyRefused)) throw err;
    if (err.status === 413) throw new BodyTooLarge();
    if (err.status === 415) throw new UnknownEncoding();
    throw new InvalidPayloadError({ reason: 'Тело запроса пришло не целиком' });
  }
}

/**
 * What signed-in users upload (avatars, review, post and chat images): jpeg, png, webp or gif
 * images of at most USER_UPLOAD_MAX_BYTES each and IMAGE_MAX_SIDE pixels a side (the backend makes
 * no size of a larger one, so it could never be shown), the type told by the file's own bytes rather
 * than by what the client declares, and a private chat's attachment only by a member of that
 * chat. Editors and admins keep the wider limits for posters, clips and tracks.
 *
 * The body is read as Directus's own /files route reads it (upload-parts.ts); the bytes are then
 * handed on unchanged.
 */
import { Readable } from 'node:stream';
import { ContentTooLargeError, ForbiddenError, InvalidPayloadError } from '@directus/errors';
import type { Knex } from 'knex';
import type { Request, RequestHandler } from 'express';
import { IMAGE_TOO_LARGE, USER_UPLOAD_MAX_BYTES } from '../../../../shared/rules.ts';
import type { Accountability } from '../../shared/directus.ts';
import { chatMembers } from '../../shared/chats.ts';
import { requestBytes } from '../../shared/request-body.ts';
import { ONLY_IMAGES, imageFacts } from './image-facts.ts';
import type { Register } from './types.ts';
import { parseParts, type Part } from './upload-parts.ts';
import { isStaff } from '../../shared/accountability.ts';
import { attachedChat, fitsSizes, isDeclaredImage, mayAttach } from './upload-rules.ts';

/** Room for the multipart envelope and the fields around the files. */
const ENVELOPE_BYTES = 64 * 1024;

type Caller = Request & { accountability?: Accountability | null };

async function checkPart(part: Part, who: Accountability | null | undefined, database: Knex): Promise<void> {
  if (part.truncated) throw new ContentTooLargeError();
  const facts = await imageFacts(part.bytes);
  if (!isDeclaredImage(facts, part.declaredType)) throw new InvalidPayloadError({ reason: ONLY_IMAGES });
  if (!fitsSizes(facts)) throw new InvalidPayloadError({ reason: IMAGE_TOO_LARGE });
  const chat = attachedChat(part.fields);
  if (chat === null) return;
  const members = chat === 'invalid' ? null : await chatMembers(database, chat);
  if (!mayAttach(members, who)) throw new ForbiddenError();
}

export function checkUpload(database: Knex): RequestHandler {
  return (req: Caller, res, next) => {
    const who = req.accountability;
    if (isStaff(who) || !req.is('multipart/form-data')) return next();
    requestBytes(req, res, USER_UPLOAD_MAX_BYTES + ENVELOPE_BYTES)
      .then(async (body) => {
        // The reader leaves the bytes as the body; Directus's upload route reads the parts, never that.
        req.body = {};
        for (const part of await parseParts(body, req.headers)) await checkPart(part, who, database);
        // Directus's upload route pipes the request into its own parser: give it the same bytes.
        req.pipe = ((dest: NodeJS.WritableStream, opts?: { end?: boolean }) => Readable.from([body]).pipe(dest, opts)) as typeof req.pipe;
        next();
      })
      .catch(next);
  };
}

export function registerUploadRules({ init, filter }: Register, database: Knex): void {
  /**
   * A file row without content (JSON `POST /files`) is never a user's upload: real uploads create
   * their row without events, so this filter only ever sees the empty kind.
   */
  filter('files.create', (payload, _meta, { accountability }) => {
    if (accountability && !isStaff(accountability)) throw new ForbiddenError();
    return payload;
  });

  init('routes.before', ({ app }) => {
    app.post('/files', checkUpload(database));
    app.patch('/files/:pk', checkUpload(database));
    /** Users upload from their device only: an import by URL would skip the checks above. */
    app.post('/files/import', (req: Caller, _res: unknown, next: (err?: unknown) => void) => next(isStaff(req.accountability) ? undefined : new ForbiddenError()));
  });
}

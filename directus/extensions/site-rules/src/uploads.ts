/**
 * What signed-in users upload (avatars, review, post and chat images): jpeg, png, webp or gif
 * images of at most USER_UPLOAD_MAX_BYTES each and IMAGE_MAX_SIDE pixels a side (the backend makes
 * no size of a larger one, so it could never be shown), the type told by the file's own bytes rather
 * than by what the client declares, and a private chat's attachment only by a member of that
 * chat. Editors and admins keep the wider limits for posters, clips and tracks.
 *
 * The body is read as Directus's own /files route reads it (upload-parts.ts), after the caller is
 * known to be someone and within the upload pace; the picture is handed on without its metadata
 * (a phone photo's GPS position, camera and author were served to anyone with its original).
 */
import { Readable } from 'node:stream';
import { ContentTooLargeError, ForbiddenError, InvalidPayloadError } from '@directus/errors';
import type { Knex } from 'knex';
import type { Request, RequestHandler } from 'express';
import { FILE_NAME_MAX, USER_UPLOAD_MAX_BYTES } from '../../../../shared/rules.ts';
import type { Accountability } from '../../shared/directus.ts';
import { chatMembers } from '../../shared/chats.ts';
import { requestBytes } from '../../shared/request-body.ts';
import { ONLY_IMAGES, imageFacts, type ImageFacts } from './image-facts.ts';
import { withoutMetadata } from './picture-metadata.ts';
import { invalid } from '../../shared/errors.ts';
import type { Pace } from '../../shared/pace.ts';
import type { Register } from './types.ts';
import { formOf, parseParts, type Part } from './upload-parts.ts';
import { isStaff } from '../../shared/accountability.ts';
import { attachedChat, isDeclaredImage, mayAttach, sizeRefusal } from './upload-rules.ts';
import { importRefusal } from './import-address.ts';

/** Room for the multipart envelope and the fields around the files. */
const ENVELOPE_BYTES = 64 * 1024;

type Caller = Request & { accountability?: Accountability | null };

async function checkPart(part: Part, who: Accountability, database: Knex): Promise<ImageFacts> {
  if (part.truncated) throw new ContentTooLargeError();
  // Where files are kept is the server's choice (a storage Directus has not got was a 500).
  if ('storage' in part.fields) invalid('Место хранения файла выбирает сервер');
  // Directus names the file after its download name, and that after the file's own name when none is sent.
  if ([part.fields.title, part.fields.filename_download, part.filename].some((name) => (name?.length ?? 0) > FILE_NAME_MAX)) {
    invalid(`Название файла длиннее ${FILE_NAME_MAX} символов`);
  }
  const facts = await imageFacts(part.bytes);
  if (!isDeclaredImage(facts, part.declaredType)) throw new InvalidPayloadError({ reason: ONLY_IMAGES });
  const tooLarge = sizeRefusal(facts);
  if (tooLarge) throw new InvalidPayloadError({ reason: tooLarge });
  const chat = attachedChat(part.fields);
  if (chat === null) return facts;
  const members = chat === 'invalid' ? null : await chatMembers(database, chat);
  if (!mayAttach(members, who)) throw new ForbiddenError();
  return facts;
}

export function checkUpload(database: Knex, uploads: Pace): RequestHandler {
  return (req: Caller, res, next) => {
    const who = req.accountability;
    if (isStaff(who) || !req.is('multipart/form-data')) return next();
    // Visitors upload nothing: refused as Directus refuses them, before their body is read at all.
    if (!who?.user) return next(new ForbiddenError());
    uploads.take(who.user)
      .then(() => requestBytes(req, res, USER_UPLOAD_MAX_BYTES + ENVELOPE_BYTES))
      .then(async (sent) => {
        // The reader leaves the bytes as the body; Directus's upload route reads the parts, never that.
        req.body = {};
        let body = sent;
        // One file at most (upload-parts.ts); a form of fields alone is Directus's to refuse.
        const [part] = await parseParts(sent, req.headers);
        if (part) {
          const bytes = withoutMetadata(part.bytes, await checkPart(part, who, database));
          if (bytes !== part.bytes) {
            const form = formOf({ ...part, bytes });
            body = form.body;
            req.headers['content-type'] = form.contentType;
            req.headers['content-length'] = String(body.length);
          }
        }
        // Directus's upload route pipes the request into its own parser: give it the checked bytes.
        req.pipe = ((dest: NodeJS.WritableStream, opts?: { end?: boolean }) => Readable.from([body]).pipe(dest, opts)) as typeof req.pipe;
        next();
      })
      .catch(next);
  };
}

export function registerUploadRules({ init, filter }: Register, database: Knex, uploads: Pace): void {
  /**
   * A file row without content (JSON `POST /files`) is never a user's upload: real uploads create
   * their row without events, so this filter only ever sees the empty kind.
   */
  filter('files.create', (payload, _meta, { accountability }) => {
    if (accountability && !isStaff(accountability)) throw new ForbiddenError();
    return payload;
  });

  init('routes.before', ({ app }) => {
    app.post('/files', checkUpload(database, uploads));
    app.patch('/files/:pk', checkUpload(database, uploads));
    /** Users upload from their device only: an import by URL would skip the checks above. Staff import from the web alone. */
    app.post('/files/import', (req: Caller & { body?: { url?: unknown } }, _res: unknown, next: (err?: unknown) => void) => {
      if (!isStaff(req.accountability)) return next(new ForbiddenError());
      importRefusal(req.body?.url).then((reason) => next(reason ? new InvalidPayloadError({ reason }) : undefined), next);
    });
  });
}

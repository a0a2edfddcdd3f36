/**
 * What signed-in users upload (avatars, review, post and chat images): jpeg, png, webp or gif
 * images of at most USER_UPLOAD_MAX_BYTES each, the type told by the file's own bytes rather
 * than by what the client declares, and a private chat's attachment only by a member of that
 * chat. Editors and admins keep the wider limits for posters, clips and tracks.
 *
 * The body is parsed with busboy and the options Directus's own /files route uses, so this check
 * and Directus see the same parts and fields; the bytes are then handed on unchanged.
 */
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { ContentTooLargeError, ForbiddenError, InvalidPayloadError } from '@directus/errors';
import type { Knex } from 'knex';
import type { Request, RequestHandler } from 'express';
import { USER_UPLOAD_MAX_BYTES } from '../../../../shared/rules.ts';
import type { Accountability } from '../../shared/directus.ts';
import { chatMembers } from '../../shared/chats.ts';
import { requestBytes } from '../../shared/request-body.ts';
import { ONLY_IMAGES, imageFacts } from './image-facts.ts';
import type { Register } from './types.ts';

/** Room for the multipart envelope and the fields around the files. */
const ENVELOPE_BYTES = 64 * 1024;

interface Part {
  /** The form fields sent before this file: Directus applies them to it. */
  fields: Record<string, string>;
  declaredType: string;
  bytes: Buffer;
  truncated: boolean;
}

type Caller = Request & { accountability?: Accountability | null };

/** Admins and editors (app users) upload catalogue media under the global limits. */
const isStaff = (who: Accountability | null | undefined) => who?.admin === true || who?.app === true;

/** What busboy cannot read (no boundary, a broken part, a form cut short) is the sender's fault, never a 500. */
const brokenForm = () => new InvalidPayloadError({ reason: 'Форма с файлом повреждена, загрузите файл ещё раз' });

function parseParts(body: Buffer, headers: Request['headers']): Promise<Part[]> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // busboy calls a file that reaches its limit truncated: one byte more lets exactly the cap through.
      parser = busboy({ headers, defParamCharset: 'utf8', limits: { fileSize: USER_UPLOAD_MAX_BYTES + 1 } });
    } catch {
      return reject(brokenForm());
    }
    const parts: Part[] = [];
    let fields: Record<string, string> = {};
    parser.on('field', (name, value) => { fields[name] = value; });
    parser.on('file', (_name, stream, info) => {
      const part: Part = { fields, declaredType: info.mimeType, bytes: Buffer.alloc(0), truncated: false };
      fields = {};
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => { part.truncated = true; });
      stream.on('end', () => { part.bytes = Buffer.concat(chunks); });
      parts.push(part);
    });
    parser.on('error', () => reject(brokenForm()));
    parser.on('close', () => resolve(parts));
    parser.end(body);
  });
}

async function checkPart(part: Part, who: Accountability | null | undefined, database: Knex): Promise<void> {
  if (part.truncated) throw new ContentTooLargeError();
  const facts = await imageFacts(part.bytes);
  if (!facts || facts.type !== part.declaredType.toLowerCase()) throw new InvalidPayloadError({ reason: ONLY_IMAGES });
  const chat = part.fields.chat;
  if (chat !== undefined && chat !== '' && chat !== 'null') {
    const members = /^\d+$/.test(chat) ? await chatMembers(database, Number(chat)) : null;
    if (!members || !who?.user || !members.includes(who.user)) throw new ForbiddenError();
  }
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

/**
 * The parts of a multipart upload, read with busboy and the options Directus's own /files route
 * uses, so the upload rules and Directus see the same parts and fields. A person's form holds one
 * file and a few fields (the site sends one picture a request): thousands of tiny files in one
 * request kept Directus busy for everyone for most of a minute.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { InvalidPayloadError } from '@directus/errors';
import type { Request } from 'express';
import { USER_UPLOAD_MAX_BYTES } from '../../../../shared/rules.ts';

/** The fields a person's file may take (title, download name, folder, chat, and a few more) and its file. */
export const FORM_PARTS_MAX = 8;

export interface Part {
  /** The form fields sent before this file: Directus applies them to it. */
  fields: Record<string, string>;
  name: string;
  filename: string;
  declaredType: string;
  bytes: Buffer;
  truncated: boolean;
}

/** What busboy cannot read (no boundary, a broken part, a form cut short) is the sender's fault, never a 500. */
const brokenForm = () => new InvalidPayloadError({ reason: 'Форма с файлом повреждена, загрузите файл ещё раз' });
const tooManyFiles = () => new InvalidPayloadError({ reason: 'Загружайте по одному файлу за раз' });
const tooManyParts = () => new InvalidPayloadError({ reason: `В форме загрузки больше ${FORM_PARTS_MAX} частей` });

export function parseParts(body: Buffer, headers: Request['headers']): Promise<Part[]> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // busboy calls a file that reaches its limit truncated: one byte more lets exactly the cap through.
      parser = busboy({ headers, defParamCharset: 'utf8', limits: { fileSize: USER_UPLOAD_MAX_BYTES + 1, files: 1, parts: FORM_PARTS_MAX } });
    } catch {
      return reject(brokenForm());
    }
    const parts: Part[] = [];
    let fields: Record<string, string> = {};
    parser.on('field', (name, value) => { fields[name] = value; });
    parser.on('file', (name, stream, info) => {
      const part: Part = { fields, name, filename: info.filename ?? '', declaredType: info.mimeType, bytes: Buffer.alloc(0), truncated: false };
      fields = {};
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A form cut short inside a file fails the parser (a refusal above) and this stream too: unheard, that
      // second error would end the whole process.
      stream.on('error', () => {});
      stream.on('limit', () => { part.truncated = true; });
      stream.on('end', () => { part.bytes = Buffer.concat(chunks); });
      parts.push(part);
    });
    parser.on('filesLimit', () => reject(tooManyFiles()));
    parser.on('partsLimit', () => reject(tooManyParts()));
    parser.on('error', () => reject(brokenForm()));
    parser.on('close', () => resolve(parts));
    parser.end(body);
  });
}

/** How far into a form its first file's headers may come: past the few fields before it. */
export const FORM_HEAD_MAX = 256 * 1024;

/**
 * The declared type of a multipart form's first file (null when it has none), read from the start of
 * the request alone, so that a file of any size is never held: what was read is given back, and
 * Directus's own parser reads the whole request after this as if nothing had.
 */
export function firstFileType(req: Request): Promise<string | null> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, defParamCharset: 'utf8' });
    } catch {
      return reject(brokenForm());
    }
    const read: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (outcome: { type: string | null } | { error: Error }) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.pause();
      const head = Buffer.concat(read);
      // Before its end was told, the request takes its start back; after, Directus's parser is given the whole of it.
      if (!req.readableEnded) req.unshift(head);
      else req.pipe = ((dest: NodeJS.WritableStream, opts?: { end?: boolean }) => Readable.from([head]).pipe(dest, opts)) as typeof req.pipe;
      if ('error' in outcome) reject(outcome.error);
      else resolve(outcome.type);
    };
    parser.on('file', (_name, stream, info) => {
      stream.on('error', () => {});
      stream.resume();
      finish({ type: info.mimeType });
    });
    parser.on('error', () => finish({ error: brokenForm() }));
    const onData = (chunk: Buffer) => {
      read.push(chunk);
      size += chunk.length;
      if (size > FORM_HEAD_MAX) return finish({ error: brokenForm() });
      parser.write(chunk);
    };
    const onEnd = () => finish({ type: null });
    const onError = (err: Error) => finish({ error: err });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** A header's quoted value as browsers write it, so no name can end the quotes or the line. */
const quoted = (value: string) => `"${value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;

/** A form of one file and the fields before it, for Directus to read in place of the one sent. */
export function formOf(part: Part): { body: Buffer; contentType: string } {
  const boundary = `upload-${randomUUID()}`;
  const head = (disposition: string, extra = '') => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n${extra}\r\n`);
  const fields = Object.entries(part.fields).map(([name, value]) => Buffer.concat([head(`name=${quoted(name)}`), Buffer.from(`${value}\r\n`)]));
  const file = head(`name=${quoted(part.name)}; filename=${quoted(part.filename)}`, `Content-Type: ${part.declaredType}\r\n`);
  return {
    body: Buffer.concat([...fields, file, part.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

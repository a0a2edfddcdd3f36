/**
 * The parts of a multipart upload, read with busboy and the options Directus's own /files route
 * uses, so the upload rules and Directus see the same parts and fields.
 */
import busboy from 'busboy';
import { InvalidPayloadError } from '@directus/errors';
import type { Request } from 'express';
import { USER_UPLOAD_MAX_BYTES } from '../../../../shared/rules.ts';

export interface Part {
  /** The form fields sent before this file: Directus applies them to it. */
  fields: Record<string, string>;
  declaredType: string;
  bytes: Buffer;
  truncated: boolean;
}

/** What busboy cannot read (no boundary, a broken part, a form cut short) is the sender's fault, never a 500. */
const brokenForm = () => new InvalidPayloadError({ reason: 'Форма с файлом повреждена, загрузите файл ещё раз' });

export function parseParts(body: Buffer, headers: Request['headers']): Promise<Part[]> {
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
      // A form cut short inside a file fails the parser (a refusal above) and this stream too: unheard, that
      // second error would end the whole process.
      stream.on('error', () => {});
      stream.on('limit', () => { part.truncated = true; });
      stream.on('end', () => { part.bytes = Buffer.concat(chunks); });
      parts.push(part);
    });
    parser.on('error', () => reject(brokenForm()));
    parser.on('close', () => resolve(parts));
    parser.end(body);
  });
}

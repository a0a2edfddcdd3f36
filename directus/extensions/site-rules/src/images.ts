/**
 * Users upload real images only. Directus trusts the content type a client declares, so an
 * HTML or SVG page sent as `image/png` would be stored, and a GIF sent as `image/png` would slip
 * past the premium GIF-avatar rule. For signed-in users (not admins or editors) each file of a
 * multipart upload must start with the signature of the jpeg, png, webp or gif it claims to be.
 * The body is already capped by the size rule, so it is read whole, checked (each file's exact
 * size too: the length cap leaves room for the multipart envelope), then replayed.
 */
import { Readable } from 'node:stream';
import { ContentTooLargeError, InvalidPayloadError } from '@directus/errors';
import { USER_UPLOAD_MAX_BYTES } from '../../../../shared/rules.ts';
import type { Actor } from '../../shared/accountability.ts';

export const ONLY_IMAGES = 'Можно загружать только изображения jpeg, png, webp или gif';

/** The image type the first bytes announce, or null when they are not one of ours. */
export function sniffImage(head: Uint8Array): string | null {
  const b = Buffer.from(head);
  const ascii = (from: number, to: number) => b.subarray(from, to).toString('latin1');
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** The declared type, first bytes and size of every file part of a multipart body. */
export function fileParts(body: Buffer, contentType: string): { type: string; head: Buffer; size: number }[] {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!m) return [];
  const delimiter = Buffer.from(`--${m[1] ?? m[2]}`);
  const parts: { type: string; head: Buffer; size: number }[] = [];
  for (let at = body.indexOf(delimiter); at !== -1;) {
    const start = at + delimiter.length;
    const next = body.indexOf(delimiter, start);
    const end = next === -1 ? body.length : next;
    const headerEnd = body.indexOf('\r\n\r\n', start);
    if (headerEnd !== -1 && headerEnd < end) {
      const headers = body.subarray(start, headerEnd).toString('utf8');
      if (/filename\*?=/i.test(headers)) {
        const type = /content-type:\s*([^\r\n;]+)/i.exec(headers)?.[1]?.trim().toLowerCase() ?? 'application/octet-stream';
        // The part ends with the CRLF that precedes the next delimiter.
        parts.push({ type, head: body.subarray(headerEnd + 4, Math.min(headerEnd + 4 + 16, end)), size: Math.max(0, end - 2 - (headerEnd + 4)) });
      }
    }
    at = next;
  }
  return parts;
}

interface Caller {
  accountability?: (Actor & { app?: boolean }) | null;
  headers: Record<string, string | string[] | undefined>;
}

/** Express middleware for POST /files. */
export function onlyRealImages(caller: Caller, _res: unknown, next: (err?: unknown) => void): void {
  const who = caller.accountability;
  const contentType = String(caller.headers['content-type'] ?? '');
  if (!who || who.admin || who.app || !/^multipart\/form-data/i.test(contentType)) return next();
  const req = caller as Caller & NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('error', next);
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const parts = fileParts(body, contentType);
    if (parts.some((p) => sniffImage(p.head) !== p.type)) return next(new InvalidPayloadError({ reason: ONLY_IMAGES }));
    if (parts.some((p) => p.size > USER_UPLOAD_MAX_BYTES)) return next(new ContentTooLargeError());
    // Directus's upload handler pipes the request into its multipart parser: give it the bytes again.
    req.pipe = ((dest: NodeJS.WritableStream, opts?: { end?: boolean }) => Readable.from([body]).pipe(dest, opts)) as typeof req.pipe;
    next();
  });
}

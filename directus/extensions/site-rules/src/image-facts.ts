/**
 * What an uploaded file really is, read from its own bytes with sharp (the image library Directus
 * itself uses): one of the four image types users may upload, and whether it moves.
 */
import sharp from 'sharp';
import { IMAGE_MAX_PIXELS } from '../../../../shared/rules.ts';
import { isAnimatedPng } from './png-chunks.ts';

export const ONLY_IMAGES = 'Можно загружать только изображения jpeg, png, webp или gif';

const TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

export interface ImageFacts {
  type: string;
  /** A GIF, or a WebP or PNG of several frames: the moving kind of avatar kept for subscribers. */
  animated: boolean;
  /** Its size in pixels (a frame's, for one that moves). */
  width: number;
  height: number;
  /** How many frames it has (1 for a still). */
  frames: number;
  /** How its EXIF says it is turned (1 to 8; 1 when it says nothing). */
  orientation: number;
}

/**
 * The image's true type, or null for anything that is not a whole jpeg, png, webp or gif (SVG and HTML
 * included). One of more than IMAGE_MAX_PIXELS is told by its header alone, never decoded: a few
 * hundred kilobytes of 16,000 × 16,000 pixels took a worker thread 20 s and 2 GB to decode, to be
 * refused for its size after (upload-rules.ts `sizeRefusal`, which refuses every image this skips).
 */
export async function imageFacts(bytes: Buffer): Promise<ImageFacts | null> {
  try {
    const meta = await sharp(bytes, { animated: true }).metadata();
    const type = meta.format ? TYPES[meta.format] : undefined;
    if (!type || !meta.width || !meta.height) return null;
    const animated = type === 'image/gif' || (meta.pages ?? 1) > 1 || (type === 'image/png' && isAnimatedPng(bytes));
    const facts = {
      type, animated, width: meta.width, height: meta.pageHeight ?? meta.height, frames: meta.pages ?? 1, orientation: meta.orientation ?? 1,
    };
    if (facts.width * facts.height * facts.frames > IMAGE_MAX_PIXELS) return facts;
    // Every pixel decoded as Directus decodes a preset: a file cut short had a sound header, and each view of it by a preset was a 500.
    await sharp(bytes, { animated: true, failOn: 'warning', limitInputPixels: IMAGE_MAX_PIXELS }).stats();
    return facts;
  } catch {
    return null;
  }
}

/**
 * Reads a stream whole, refusing more than `max` bytes. Used on stored files: leaving the loop early
 * closes the file's stream, which is what should happen to it (a request's body must be read off instead).
 */
export async function readAll(stream: AsyncIterable<Buffer | string>, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buf.length;
    if (size > max) return null;
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/**
 * A person's picture without what its camera or editor wrote into it (GPS position, device, author,
 * times, comments, thumbnails): the blocks that say so are cut out of the file and every other byte is
 * kept, so the picture is not encoded again (no loss, no growth past the size cap, every frame kept).
 * sharp would write it anew: a JPEG at another quality, larger than it came (past the size cap an
 * avatar is no longer read), and an APNG as its first frame.
 */
import type { ImageFacts } from './image-facts.ts';
import { pngWithoutMetadata } from './png-chunks.ts';

/** The picture without its metadata; the same buffer when it carries none. */
export function withoutMetadata(bytes: Buffer, facts: Pick<ImageFacts, 'type' | 'orientation'>): Buffer {
  if (facts.type === 'image/jpeg') return jpegWithoutMetadata(bytes, facts.orientation);
  if (facts.type === 'image/png') return pngWithoutMetadata(bytes);
  if (facts.type === 'image/webp') return webpWithoutMetadata(bytes);
  if (facts.type === 'image/gif') return gifWithoutMetadata(bytes);
  return bytes;
}

const EOI = Buffer.from([0xff, 0xd9]);

/** Application segments a JPEG is drawn with: JFIF, its colour profile, Adobe's colour transform. */
function drawnWith(marker: number, segment: Buffer): boolean {
  if (marker === 0xe2) return segment.toString('latin1', 4, 16) === 'ICC_PROFILE\0';
  return marker === 0xe0 || marker === 0xee;
}

/** An EXIF segment saying only how the picture is turned (TIFF, big-endian, one IFD of one entry). */
function orientationSegment(orientation: number): Buffer {
  const tiff = Buffer.from([0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/**
 * A JPEG of its drawing segments alone: other application segments (EXIF, XMP, IPTC, makers' blocks)
 * and comments go, an EXIF orientation is kept in a segment of its own, and whatever follows the
 * picture's end (a phone's appended video or depth map) goes too. A file it cannot follow is left as it is.
 */
export function jpegWithoutMetadata(bytes: Buffer, orientation = 1): Buffer {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return bytes;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let turned = orientation <= 1 || orientation > 8;
  let dropped = false;
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++;
      continue;
    }
    // The scans: entropy-coded data holds no 0xFFD9 but the end (a 0xFF there is followed by 0 or a restart).
    if (marker === 0xda) {
      const eoi = bytes.indexOf(EOI, at);
      const end = eoi < 0 ? bytes.length : eoi + 2;
      if (!dropped && end === bytes.length) return bytes;
      kept.push(bytes.subarray(at, end));
      return Buffer.concat(kept);
    }
    const end = at + 2 + bytes.readUInt16BE(at + 2);
    if (end > bytes.length) return bytes;
    const segment = bytes.subarray(at, end);
    const application = (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;
    if (!application || drawnWith(marker, segment)) kept.push(segment);
    else {
      dropped = true;
      if (!turned && marker === 0xe1) {
        kept.push(orientationSegment(orientation));
        turned = true;
      }
    }
    at = end;
  }
  return bytes;
}

/** A WebP without its EXIF and XMP chunks, the extended header's flags for them cleared; frames kept. */
export function webpWithoutMetadata(bytes: Buffer): Buffer {
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return bytes;
  const kept: Buffer[] = [];
  let dropped = false;
  for (let at = 12; at + 8 <= bytes.length;) {
    const type = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    // A chunk of odd size is padded to an even one.
    const end = Math.min(bytes.length, at + 8 + size + (size & 1));
    if (type === 'EXIF' || type === 'XMP ') dropped = true;
    else kept.push(bytes.subarray(at, end));
    at = end;
  }
  if (!dropped) return bytes;
  const body = Buffer.concat(kept);
  if (body.toString('latin1', 0, 4) === 'VP8X') body[8] &= ~0x0c;
  const head = Buffer.from('RIFF\0\0\0\0WEBP', 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  return Buffer.concat([head, body]);
}

/** Where a GIF's run of data sub-blocks that starts at `at` ends (past its empty block), or -1 when cut short. */
function subBlocksEnd(bytes: Buffer, at: number): number {
  while (at < bytes.length && bytes[at] !== 0) at += bytes[at] + 1;
  return at < bytes.length ? at + 1 : -1;
}

/** Application extensions a GIF moves by: the loop count. */
const LOOPING = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

/**
 * A GIF without its comments and application blocks (XMP among them) other than the loop count,
 * every frame kept; what follows its end goes too. A file it cannot follow is left as it is.
 */
export function gifWithoutMetadata(bytes: Buffer): Buffer {
  if (bytes.length < 13 || bytes.toString('latin1', 0, 3) !== 'GIF') return bytes;
  const table = (packed: number) => (packed & 0x80 ? 3 << ((packed & 7) + 1) : 0);
  const kept: Buffer[] = [];
  let from = 0;
  let at = 13 + table(bytes[10]);
  let dropped = false;
  while (at < bytes.length && bytes[at] !== 0x3b) {
    let end: number;
    if (bytes[at] === 0x2c) end = at + 10 < bytes.length ? subBlocksEnd(bytes, at + 11 + table(bytes[at + 9])) : -1;
    else if (bytes[at] === 0x21) end = subBlocksEnd(bytes, at + 2);
    else return bytes;
    if (end < 0) return bytes;
    const label = bytes[at + 1];
    if (bytes[at] === 0x21 && (label === 0xfe || (label === 0xff && !LOOPING.has(bytes.toString('latin1', at + 3, at + 14))))) {
      kept.push(bytes.subarray(from, at));
      from = end;
      dropped = true;
    }
    at = end;
  }
  if (at >= bytes.length) return bytes;
  if (!dropped && at === bytes.length - 1) return bytes;
  return Buffer.concat([...kept, bytes.subarray(from, at + 1)]);
}

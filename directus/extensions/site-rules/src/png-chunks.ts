/**
 * A PNG read chunk by chunk (length, type, data, CRC): what libvips does not tell, an APNG's frames
 * (it reads the first frame alone and reports one page), and the text a picture carries.
 */
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Chunk {
  type: string;
  start: number;
  end: number;
}

/** The chunks of a PNG in order, up to its end or the first chunk cut short; none for anything else. */
function* chunks(bytes: Buffer): Generator<Chunk> {
  if (!bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)) return;
  let at = SIGNATURE.length;
  while (at + 12 <= bytes.length) {
    const end = at + 12 + bytes.readUInt32BE(at);
    if (end > bytes.length) return;
    yield { type: bytes.toString('latin1', at + 4, at + 8), start: at, end };
    at = end;
  }
}

/** An APNG: its animation control (`acTL`) comes before the first image data, as the format requires. */
export function isAnimatedPng(bytes: Buffer): boolean {
  for (const { type } of chunks(bytes)) {
    if (type === 'acTL') return true;
    if (type === 'IDAT') return false;
  }
  return false;
}

/** Chunks that say where, when, with what and by whom, never how the picture looks. */
const METADATA = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);

/** The PNG without its metadata chunks, every frame kept; the same buffer when it has none. */
export function pngWithoutMetadata(bytes: Buffer): Buffer {
  const all = [...chunks(bytes)];
  const kept = all.filter((c) => !METADATA.has(c.type));
  if (kept.length === all.length) return bytes;
  const tail = all.length ? all[all.length - 1].end : bytes.length;
  return Buffer.concat([SIGNATURE, ...kept.map((c) => bytes.subarray(c.start, c.end)), bytes.subarray(tail)]);
}

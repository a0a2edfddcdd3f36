/** PNGs built chunk by chunk, for what sharp does not write: an APNG's frames. */
import { deflateSync } from 'node:zlib';

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const u32 = (...values: number[]) => Buffer.concat(values.map((v) => { const b = Buffer.alloc(4); b.writeUInt32BE(v); return b; }));

/** A 4×4 APNG of two frames, red then blue, each shown half a second. */
export function apngBytes(): Buffer {
  const pixels = (rgb: number[]) => deflateSync(Buffer.concat(Array.from({ length: 4 }, () => Buffer.from([0, ...rgb, ...rgb, ...rgb, ...rgb]))));
  const frame = (seq: number) => Buffer.concat([u32(seq, 4, 4, 0, 0), Buffer.from([0, 1, 0, 2, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', Buffer.concat([u32(4, 4), Buffer.from([8, 2, 0, 0, 0])])),
    pngChunk('acTL', u32(2, 0)),
    pngChunk('fcTL', frame(0)),
    pngChunk('IDAT', pixels([255, 0, 0])),
    pngChunk('fcTL', frame(1)),
    pngChunk('fdAT', Buffer.concat([u32(2), pixels([0, 0, 255])])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

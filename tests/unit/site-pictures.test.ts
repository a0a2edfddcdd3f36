/** The raster pictures in public/ (scripts/pictures.ts): what social networks and favicon probes are given. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FAVICON_SIZES, icoOf } from '../../scripts/lib/site-pictures.ts';
import { ROOT } from '../../scripts/lib/paths.ts';
import { SHARE_PICTURE } from '../../src/lib/seo.ts';

/** The images of an .ico: each entry's size and its bytes. */
function icoImages(ico: Buffer): { size: number; image: Buffer }[] {
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
  return Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
    const at = 6 + 16 * i;
    const offset = ico.readUInt32LE(at + 12);
    return { size: ico.readUInt8(at) || 256, image: ico.subarray(offset, offset + ico.readUInt32LE(at + 8)) };
  });
}

describe('site pictures', () => {
  it('shares a page without a picture of its own with a PNG of 1200×630 under 50 KB', async () => {
    const file = readFileSync(path.join(ROOT, 'public', SHARE_PICTURE.path));
    expect(file.length).toBeLessThan(50 * 1024);
    const meta = await sharp(file).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', SHARE_PICTURE.width, SHARE_PICTURE.height]);
  });

  it(`answers /favicon.ico with an icon of ${FAVICON_SIZES.join(', ')} px`, async () => {
    const images = icoImages(readFileSync(path.join(ROOT, 'public/favicon.ico')));
    expect(images.map((i) => i.size)).toEqual([...FAVICON_SIZES]);
    for (const { size, image } of images) {
      const meta = await sharp(image).metadata();
      expect([meta.format, meta.width, meta.height], `${size} px`).toEqual(['png', size, size]);
    }
  });

  it('lays an .ico out as its format says: header, an entry for each image, the images after', () => {
    const a = Buffer.from('first');
    const b = Buffer.from('second image');
    const ico = icoOf([{ size: 16, png: a }, { size: 256, png: b }]);
    expect(ico.length).toBe(6 + 32 + a.length + b.length);
    expect(icoImages(ico)).toEqual([{ size: 16, image: a }, { size: 256, image: b }]);
    // Planes 1, 32 bits a pixel.
    expect([ico.readUInt16LE(10), ico.readUInt16LE(12)]).toEqual([1, 32]);
  });
});

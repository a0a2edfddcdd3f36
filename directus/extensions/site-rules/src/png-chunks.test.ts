import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apngBytes, pngChunk } from '../../../../tests/support/png.ts';
import { isAnimatedPng, pngWithoutMetadata } from './png-chunks.ts';
import { imageFacts } from './image-facts.ts';

const still = () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#c33' } }).png().toBuffer();
/** Where a chunk of this type starts, or -1. */
const chunkAt = (bytes: Buffer, type: string) => bytes.indexOf(Buffer.from(type, 'latin1'));

describe('isAnimatedPng', () => {
  it('tells an APNG, which libvips reports as one page, from a still PNG', async () => {
    expect(isAnimatedPng(apngBytes())).toBe(true);
    expect(isAnimatedPng(await still())).toBe(false);
    expect(isAnimatedPng(Buffer.from('GIF89a'))).toBe(false);
  });

  it('takes an animation control after the image data for what the format says it is: none', async () => {
    const png = await still();
    const end = chunkAt(png, 'IEND') - 4;
    const late = Buffer.concat([png.subarray(0, end), pngChunk('acTL', Buffer.alloc(8)), png.subarray(end)]);
    expect(isAnimatedPng(late)).toBe(false);
  });

  it('makes imageFacts refuse an image cut short, whose header alone is sound', async () => {
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).png().toBuffer();
    expect(await imageFacts(png)).toMatchObject({ type: 'image/png', width: 400 });
    expect((await sharp(png.subarray(0, png.length / 2)).metadata()).width).toBe(400);
    expect(await imageFacts(png.subarray(0, png.length / 2))).toBeNull();
    const jpeg = await sharp(png).jpeg().toBuffer();
    expect(await imageFacts(jpeg.subarray(0, jpeg.length / 2))).toBeNull();
  });

  it('makes imageFacts call an APNG animated, as a GIF or moving WebP is', async () => {
    expect(await imageFacts(apngBytes())).toMatchObject({ type: 'image/png', animated: true });
    expect(await imageFacts(await still())).toMatchObject({ type: 'image/png', animated: false });
  });
});

describe('pngWithoutMetadata', () => {
  it('drops the EXIF and text chunks, keeps every frame, and leaves a PNG without them as it is', async () => {
    const tagged = await sharp(await still()).withExif({ IFD0: { Artist: 'Иван Петров', Make: 'Phone' } }).png().toBuffer();
    const withText = Buffer.concat([tagged.subarray(0, 33), pngChunk('tEXt', Buffer.from('Author\0Ivan')), tagged.subarray(33)]);
    expect(chunkAt(withText, 'eXIf')).toBeGreaterThan(0);
    const clean = pngWithoutMetadata(withText);
    expect([chunkAt(clean, 'eXIf'), chunkAt(clean, 'tEXt')]).toEqual([-1, -1]);
    expect((await sharp(clean).metadata()).exif).toBeUndefined();
    expect(await sharp(clean).raw().toBuffer()).toEqual(await sharp(withText).raw().toBuffer());

    const apng = apngBytes();
    const taggedApng = Buffer.concat([apng.subarray(0, 33), pngChunk('tEXt', Buffer.from('Author\0Ivan')), apng.subarray(33)]);
    expect(pngWithoutMetadata(taggedApng)).toEqual(apng);
    expect(pngWithoutMetadata(apng)).toBe(apng);
  });
});

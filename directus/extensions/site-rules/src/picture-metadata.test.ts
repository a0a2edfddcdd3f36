import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gifWithoutMetadata, jpegWithoutMetadata, webpWithoutMetadata, withoutMetadata } from './picture-metadata.ts';

const EXIF = {
  IFD0: { Make: 'Phone', Model: 'Camera 12', Artist: 'Ivan Petrov' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 21/1', GPSLongitudeRef: 'E', GPSLongitude: '37/1 37/1 12/1' },
};
const frame = (background: string) => sharp({ create: { width: 16, height: 8, channels: 3, background } }).png().toBuffer();
const says = (bytes: Buffer) => ['Phone', 'Camera 12', 'Ivan Petrov', 'xmpmeta'].filter((word) => bytes.includes(word));
const pixels = async (bytes: Buffer) => sharp(bytes, { animated: true }).raw().toBuffer();

describe('jpegWithoutMetadata', () => {
  it('keeps the picture and its turn, not the camera, author, place, comment or what follows its end', async () => {
    const photo = await sharp(await frame('#3a7')).jpeg().withExif(EXIF).withMetadata({ orientation: 6 }).toBuffer();
    const sent = Buffer.concat([photo, Buffer.from('appended video')]);
    expect(says(sent)).toEqual(['Phone', 'Camera 12', 'Ivan Petrov']);
    const clean = jpegWithoutMetadata(sent, 6);
    expect(says(clean)).toEqual([]);
    expect(clean.includes('appended video')).toBe(false);
    expect(await sharp(clean).metadata()).toMatchObject({ format: 'jpeg', width: 16, height: 8, orientation: 6 });
    // The orientation alone: no room for a place, a device or a thumbnail.
    expect((await sharp(clean).metadata()).exif?.length).toBeLessThan(40);
    expect(await pixels(clean)).toEqual(await pixels(photo));
    expect(says(jpegWithoutMetadata(photo, 1))).toEqual([]);
    expect((await sharp(jpegWithoutMetadata(photo, 1)).metadata()).exif).toBeUndefined();
  });

  it('keeps the colour profile', async () => {
    const photo = await sharp(await frame('#3a7')).jpeg().withExif(EXIF).withIccProfile('p3').toBuffer();
    const clean = jpegWithoutMetadata(photo);
    expect((await sharp(clean).metadata()).icc).toEqual((await sharp(photo).metadata()).icc);
    expect(says(clean)).toEqual([]);
  });

  it('leaves a JPEG without metadata as it is', async () => {
    const plain = await sharp(await frame('#3a7')).jpeg().toBuffer();
    expect(withoutMetadata(plain, { type: 'image/jpeg', orientation: 1 })).toBe(plain);
  });
});

describe('webpWithoutMetadata', () => {
  it('drops EXIF and XMP from a still and a moving WebP, every frame kept', async () => {
    const still = await sharp(await frame('#a33')).webp().withExif(EXIF).withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"></x:xmpmeta>').toBuffer();
    const moving = await sharp([await frame('#a33'), await frame('#33a')], { join: { animated: true } }).webp({ loop: 0, delay: [300, 300] }).withExif(EXIF).toBuffer();
    for (const [bytes, pages] of [[still, 1], [moving, 2]] as const) {
      expect(says(bytes).length).toBeGreaterThan(0);
      const clean = webpWithoutMetadata(bytes);
      expect(says(clean)).toEqual([]);
      const meta = await sharp(clean, { animated: true }).metadata();
      expect([meta.exif, meta.xmp, meta.pages ?? 1]).toEqual([undefined, undefined, pages]);
      expect(await pixels(clean)).toEqual(await pixels(bytes));
    }
  });

  it('leaves a WebP without metadata as it is', async () => {
    const plain = await sharp(await frame('#a33')).webp().toBuffer();
    expect(webpWithoutMetadata(plain)).toBe(plain);
  });
});

describe('gifWithoutMetadata', () => {
  const subBlocks = (text: string) => Buffer.concat([Buffer.from([text.length]), Buffer.from(text, 'latin1'), Buffer.from([0])]);
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe]), subBlocks('Ivan Petrov')]);
  const xmp = Buffer.concat([Buffer.from([0x21, 0xff, 11]), Buffer.from('XMP DataXMP', 'latin1'), subBlocks('<x:xmpmeta>Phone</x:xmpmeta>')]);

  it('drops comments and XMP, keeps the loop and every frame, and leaves a GIF without them as it is', async () => {
    const moving = await sharp([await frame('#a33'), await frame('#33a')], { join: { animated: true } }).gif({ loop: 0, delay: [300, 300] }).toBuffer();
    expect(gifWithoutMetadata(moving)).toBe(moving);
    const end = moving.length - 1;
    const tagged = Buffer.concat([moving.subarray(0, end), comment, xmp, moving.subarray(end), Buffer.from('after the end')]);
    expect(says(tagged).length).toBeGreaterThan(0);
    const clean = gifWithoutMetadata(tagged);
    expect(clean).toEqual(moving);
    expect((await sharp(clean, { animated: true }).metadata()).pages).toBe(2);
  });
});

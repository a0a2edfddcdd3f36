import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ANIMATION_TOO_LARGE, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, IMAGE_TOO_LARGE } from '../../../../shared/rules.ts';
import { imageFacts } from './image-facts.ts';
import { sizeRefusal } from './upload-rules.ts';

const frame = (background: string, side = 8) => sharp({ create: { width: side, height: side, channels: 3, background } }).png().toBuffer();

describe('imageFacts', () => {
  it('counts the frames of a moving GIF and tells one frame\'s size', async () => {
    const gif = await sharp([await frame('#c33'), await frame('#3c3'), await frame('#33c')], { join: { animated: true } }).gif().toBuffer();
    expect(await imageFacts(gif)).toMatchObject({ type: 'image/gif', animated: true, width: 8, height: 8, frames: 3 });
  });

  it('tells a picture of more pixels than a check may decode by its header alone, and the upload rules refuse it', async () => {
    const side = Math.floor(Math.sqrt(IMAGE_MAX_PIXELS)) + 1;
    const png = await sharp({ create: { width: side, height: side, channels: 3, background: '#000' } }).png({ compressionLevel: 1 }).toBuffer();
    // Cut short: decoding it fails (png-chunks.test.ts), so facts of it mean nothing was decoded.
    const facts = await imageFacts(png.subarray(0, png.length / 4));
    expect(facts).toMatchObject({ type: 'image/png', width: side, height: side, frames: 1 });
    expect(sizeRefusal(facts!)).toBe(side > IMAGE_MAX_SIDE ? IMAGE_TOO_LARGE : ANIMATION_TOO_LARGE);
  });
});

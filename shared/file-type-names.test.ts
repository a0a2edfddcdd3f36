import { describe, expect, it } from 'vitest';
import { typeNames } from './file-type-names.ts';
import { AUDIO_TYPES, USER_IMAGE_TYPES, VIDEO_TYPES } from './rules.ts';

describe('typeNames', () => {
  it('lists the names with «или» before the last', () => {
    expect(typeNames(USER_IMAGE_TYPES)).toBe('JPEG, PNG, WebP или GIF');
    expect(typeNames(VIDEO_TYPES)).toBe('MP4 или WebM');
    expect(typeNames(AUDIO_TYPES)).toBe('MP3 или OGG');
  });

  it('names one type alone, and none as nothing', () => {
    expect(typeNames(['image/png'])).toBe('PNG');
    expect(typeNames([])).toBe('');
  });
});

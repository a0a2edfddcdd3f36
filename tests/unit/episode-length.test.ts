/** Which saves of an episode have its length read from the uploaded video. */
import { describe, expect, it } from 'vitest';
import { videoToMeasure } from '../../directus/extensions/segment-finder/src/episode-length.ts';

const file = '6c1f0e9a-2b1d-4c8e-9a55-2d3f0a000004';

describe('an episode\'s length is read from the video', () => {
  it('when a save puts an uploaded file on it, by id or as a related row', () => {
    expect(videoToMeasure({ video: file })).toBe(file);
    expect(videoToMeasure({ video: { id: file } })).toBe(file);
  });

  it('not when the same save sets the length, takes the video off, or leaves it alone', () => {
    expect(videoToMeasure({ video: file, duration: 1500 })).toBeNull();
    expect(videoToMeasure({ video: null })).toBeNull();
    expect(videoToMeasure({ name: '2 серия' })).toBeNull();
    expect(videoToMeasure(undefined)).toBeNull();
  });

  it('not for a value that names no file', () => {
    for (const video of ['../etc/passwd', 42, [file], { id: { id: file } }]) expect(videoToMeasure({ video })).toBeNull();
  });
});

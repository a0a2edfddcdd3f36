import { describe, expect, it } from 'vitest';
import { assetSrcset, assetUrl, avatarUrl, DEFAULT_AVATAR, fileListIds, fileListUrls, posterUrl, PRESET_SIZE, STUB_POSTER } from '../../src/lib/assets.ts';

describe('asset addresses', () => {
  it('reach Directus files on the same origin through a preset', () => {
    expect(assetUrl('abc', 'poster')).toBe('/api/assets/abc?key=poster');
    expect(assetUrl('abc')).toBe('/api/assets/abc');
    expect(assetUrl(null, 'poster')).toBeNull();
  });

  it('fall back to the stub poster and the default avatar', () => {
    expect(posterUrl(null)).toBe(STUB_POSTER);
    expect(avatarUrl(undefined)).toBe(DEFAULT_AVATAR);
  });

  it('list the files of a relation, read as objects or as ids, skipping empty entries', () => {
    expect(fileListUrls([{ directus_files_id: { id: 'a' } }, { directus_files_id: 'b' }, { directus_files_id: null }, 7, null], 'banner'))
      .toEqual(['/api/assets/a?key=banner', '/api/assets/b?key=banner']);
    expect(fileListUrls(null, 'photo')).toEqual([]);
  });

  it('name each size of a file by its width, so a phone asks for the small one', () => {
    expect(fileListIds([{ directus_files_id: { id: 'a' } }, { directus_files_id: 'b' }, 7, null])).toEqual(['a', 'b']);
    expect(assetSrcset('a', ['banner-small', 'banner']))
      .toBe(`/api/assets/a?key=banner-small ${PRESET_SIZE['banner-small'].width}w, /api/assets/a?key=banner ${PRESET_SIZE.banner.width}w`);
    expect(PRESET_SIZE['banner-small'].width).toBeLessThan(PRESET_SIZE.banner.width);
    // The same frame, cut the same way: only the pixels differ.
    expect(PRESET_SIZE['banner-small'].width / PRESET_SIZE['banner-small'].height).toBe(PRESET_SIZE.banner.width / PRESET_SIZE.banner.height);
  });
});

import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../../schema/collections.ts';
import { FILE_LINKS, isOfKind, wrongKind } from './file-kinds.ts';

const at = (collection: string, column: string) => FILE_LINKS.find((l) => l.collection === collection && l.column === column);

describe('file fields of the catalogue', () => {
  it('are read from the data model with their kinds, a files alias by its junction', () => {
    const kinds = Object.fromEntries(FILE_LINKS.map((l) => [`${l.collection}.${l.column}`, l.kind]));
    expect(kinds).toEqual({
      'titles.poster': 'picture', 'titles.video': 'video', 'titles_images.directus_files_id': 'picture',
      'series.video': 'video', 'soundtracks_files.directus_files_id': 'audio',
      'genres.image': 'picture', 'actors.avatar': 'picture', 'actors_images.directus_files_id': 'picture', 'mainBanners.image': 'picture',
      'shop.frameProfile': 'picture', 'shop.frameMessage': 'picture', 'shop.backgroundFile': 'picture',
      'static.updatesImage': 'picture', 'static.privacyPolicyImg': 'picture', 'static.copyrightImg': 'picture',
      'static.aboutImg': 'picture', 'static.partnersImg': 'picture',
    });
  });

  it('leave no file field without a kind but the members\' pictures and what the backend writes', () => {
    const kinded = new Set(FILE_LINKS.map((l) => `${l.collection}.${l.column}`));
    const unkinded = COLLECTIONS.flatMap((c) => c.relations
      .filter((r) => r.related_collection === 'directus_files' && !kinded.has(`${c.collection}.${r.field}`))
      .map((r) => `${c.collection}.${r.field}`));
    // Members upload pictures alone (uploads.ts); a segment's file is the episode's video the finder heard.
    expect(unkinded.sort()).toEqual(['comments_files.directus_files_id', 'messages_files.directus_files_id', 'posts_files.directus_files_id', 'segments.file']);
  });

  it('are refused in their own words, one message a kind', () => {
    expect(wrongKind(at('titles', 'poster')!)).toBe('Постер — только изображение (JPEG, PNG, WebP или GIF)');
    expect(wrongKind(at('series', 'video')!)).toBe('Видеофайл — только видео (MP4 или WebM)');
    expect(wrongKind(at('soundtracks_files', 'directus_files_id')!)).toBe('Треки — только аудио (MP3 или OGG)');
    expect(wrongKind(at('titles_images', 'directus_files_id')!)).toBe('Кадры — только изображение (JPEG, PNG, WebP или GIF)');
  });
});

describe('a file of a kind', () => {
  const picture = { type: 'image/png', filesize: 68, width: 1, height: 1 };
  it('is a picture of a picture type that Directus read a size from', () => {
    expect(isOfKind('picture', picture)).toBe(true);
    // PostgreSQL answers a big integer as text.
    expect(isOfKind('picture', { ...picture, filesize: '68' })).toBe(true);
    expect(isOfKind('picture', { ...picture, width: null, height: null })).toBe(false);
    expect(isOfKind('picture', { ...picture, type: 'image/svg+xml' })).toBe(false);
    expect(isOfKind('picture', { ...picture, type: 'video/mp4' })).toBe(false);
  });

  it('is never a file row without content', () => {
    expect(isOfKind('picture', { ...picture, filesize: null })).toBe(false);
    expect(isOfKind('video', { type: 'video/mp4', filesize: 0 })).toBe(false);
  });

  it('is a video or audio by its type', () => {
    expect(isOfKind('video', { type: 'video/webm', filesize: 10 })).toBe(true);
    expect(isOfKind('video', { type: 'audio/mpeg', filesize: 10 })).toBe(false);
    expect(isOfKind('audio', { type: 'audio/ogg', filesize: 10 })).toBe(true);
    expect(isOfKind('audio', { type: 'text/csv', filesize: 10 })).toBe(false);
    expect(isOfKind('audio', { filesize: 10 })).toBe(false);
  });
});

/** How people know the file types the site takes, for messages that list what a field or a form accepts. */
import type { MEDIA_TYPES } from './rules.ts';

type MediaType = (typeof MEDIA_TYPES)[number];

const TYPE_NAMES: Record<MediaType, string> = {
  'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP', 'image/gif': 'GIF',
  'video/mp4': 'MP4', 'video/webm': 'WebM',
  'audio/mpeg': 'MP3', 'audio/ogg': 'OGG',
};

/** The types' names as a Russian list: «JPEG, PNG, WebP или GIF». */
export function typeNames(types: readonly MediaType[]): string {
  const names = types.map((type) => TYPE_NAMES[type]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} или ${names.at(-1)}` : names.join('');
}

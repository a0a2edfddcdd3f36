/** Pictures a person attaches (posts, chat): checked here as the backend checks them, images only, size and number. */
import { PICTURES_MAX, USER_IMAGE_TYPES, USER_UPLOAD_MAX_BYTES } from '../../shared/rules.ts';
import { typeNames } from '../../shared/file-type-names.ts';

const MEGABYTES = Math.round(USER_UPLOAD_MAX_BYTES / (1024 * 1024));

/** Why a picture cannot be attached, or null when it can. */
export function pictureRefusal(file: File): string | null {
  if (!(USER_IMAGE_TYPES as readonly string[]).includes(file.type)) return `«${file.name}» — не картинка: можно ${typeNames(USER_IMAGE_TYPES)}`;
  if (file.size > USER_UPLOAD_MAX_BYTES) return `«${file.name}» больше ${MEGABYTES} МБ`;
  return null;
}

export const PICTURE_TYPES = USER_IMAGE_TYPES.join(',');

/**
 * The pictures attached after picking more: the acceptable ones, up to PICTURES_MAX in all, and
 * why any picked were left out (the first refusal, or the cap; null when none were).
 */
export function attachPictures(attached: File[], picked: File[], where: string): { files: File[]; problem: string | null } {
  const accepted = picked.filter((f) => !pictureRefusal(f));
  const room = Math.max(0, PICTURES_MAX - attached.length);
  const refused = picked.map(pictureRefusal).find(Boolean) ?? null;
  return {
    files: [...attached, ...accepted.slice(0, room)],
    problem: refused ?? (accepted.length > room ? `Не больше ${PICTURES_MAX} фото ${where}` : null),
  };
}

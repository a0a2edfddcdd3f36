/** Pictures a person attaches (posts, chat): checked here as the backend checks them, images only and size. */
import { USER_IMAGE_TYPES, USER_UPLOAD_MAX_BYTES } from '../../shared/rules.ts';

const MEGABYTES = Math.round(USER_UPLOAD_MAX_BYTES / (1024 * 1024));

/** Why a picture cannot be attached, or null when it can. */
export function pictureRefusal(file: File): string | null {
  if (!(USER_IMAGE_TYPES as readonly string[]).includes(file.type)) return `«${file.name}» — не картинка: можно JPEG, PNG, WebP или GIF`;
  if (file.size > USER_UPLOAD_MAX_BYTES) return `«${file.name}» больше ${MEGABYTES} МБ`;
  return null;
}

export const PICTURE_TYPES = USER_IMAGE_TYPES.join(',');

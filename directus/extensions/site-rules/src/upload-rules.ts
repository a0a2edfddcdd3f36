/** What a signed-in user's upload may be: uploads.ts applies these to each part of the form. */
import { ANIMATION_TOO_LARGE, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, IMAGE_TOO_LARGE } from '../../../../shared/rules.ts';
import type { Accountability } from '../../shared/directus.ts';
import type { ImageFacts } from './image-facts.ts';

/** One of the user image types, as its own bytes say, and declared as what it is. */
export const isDeclaredImage = (facts: ImageFacts | null, declaredType: string): facts is ImageFacts => !!facts && facts.type === declaredType.toLowerCase();

/**
 * Why an image is too large for the backend to make its sizes from (no side longer than IMAGE_MAX_SIDE,
 * no more than IMAGE_MAX_PIXELS in all its frames), or null when it is not.
 */
export function sizeRefusal({ width, height, frames }: Pick<ImageFacts, 'width' | 'height' | 'frames'>): string | null {
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE) return IMAGE_TOO_LARGE;
  return width * height * frames > IMAGE_MAX_PIXELS ? ANIMATION_TOO_LARGE : null;
}

/** The private chat a part is sent to: none, a chat's id, or 'invalid' when the field names no chat. */
export function attachedChat(fields: Record<string, string>): number | 'invalid' | null {
  const chat = fields.chat;
  if (chat === undefined || chat === '' || chat === 'null') return null;
  return /^\d+$/.test(chat) ? Number(chat) : 'invalid';
}

/** A chat's attachment is sent by one of its members alone. */
export const mayAttach = (members: string[] | null, who: Accountability | null | undefined): boolean =>
  !!members && !!who?.user && members.includes(who.user);

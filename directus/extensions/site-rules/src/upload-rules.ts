/** What a signed-in user's upload may be: uploads.ts applies these to each part of the form. */
import { IMAGE_MAX_SIDE } from '../../../../shared/rules.ts';
import type { Accountability } from '../../shared/directus.ts';
import type { ImageFacts } from './image-facts.ts';

/** One of the user image types, as its own bytes say, and declared as what it is. */
export const isDeclaredImage = (facts: ImageFacts | null, declaredType: string): facts is ImageFacts => !!facts && facts.type === declaredType.toLowerCase();

/** An image the backend can make its sizes from: no side longer than IMAGE_MAX_SIDE. */
export const fitsSizes = (facts: Pick<ImageFacts, 'width' | 'height'>): boolean => facts.width <= IMAGE_MAX_SIDE && facts.height <= IMAGE_MAX_SIDE;

/** The private chat a part is sent to: none, a chat's id, or 'invalid' when the field names no chat. */
export function attachedChat(fields: Record<string, string>): number | 'invalid' | null {
  const chat = fields.chat;
  if (chat === undefined || chat === '' || chat === 'null') return null;
  return /^\d+$/.test(chat) ? Number(chat) : 'invalid';
}

/** A chat's attachment is sent by one of its members alone. */
export const mayAttach = (members: string[] | null, who: Accountability | null | undefined): boolean =>
  !!members && !!who?.user && members.includes(who.user);

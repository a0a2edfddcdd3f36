/**
 * Pictures of private chats, held as object URLs of what was read with the session's bearer header
 * (an address may not carry the credential). Each is read once a page; public pictures are plain
 * addresses and never come here.
 */
import { map } from 'nanostores';
import { assetUrl } from '../../lib/assets.ts';
import { readPrivatePicture, type ChatKey } from './directus.ts';

/** An object URL once read, 'loading' meanwhile, 'failed' when it could not be read. */
export type PictureState = string | 'loading' | 'failed';

export const $chatPictures = map<Record<string, PictureState>>({});

export async function loadChatPicture(fileId: string, again = false): Promise<void> {
  const now = $chatPictures.get()[fileId];
  if (now !== undefined && !(again && now === 'failed')) return;
  $chatPictures.setKey(fileId, 'loading');
  try {
    $chatPictures.setKey(fileId, URL.createObjectURL(await readPrivatePicture(fileId)));
  } catch (err) {
    console.error(err);
    $chatPictures.setKey(fileId, 'failed');
  }
}

/** What an <img> shows for a picture of `chat`: its address, the object URL once read, or null meanwhile. */
export function pictureSrc(fileId: string, chat: ChatKey, pictures: Record<string, PictureState>): string | null {
  if (chat === 'public') return assetUrl(fileId);
  const state = pictures[fileId];
  return state === undefined || state === 'loading' || state === 'failed' ? null : state;
}

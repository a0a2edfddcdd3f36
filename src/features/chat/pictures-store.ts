/**
 * Pictures of private chats, held as object URLs of what was read with the session's bearer header
 * (an address may not carry the credential). Each is read once a page; public pictures are plain
 * addresses and never come here.
 */
import { map } from 'nanostores';
import { readPrivatePicture } from './directus.ts';
import type { PictureState } from './messages.ts';

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

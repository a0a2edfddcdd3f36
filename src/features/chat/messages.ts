/**
 * The chat's messages as pure data: which chat each is in, merging what arrives, their pictures; and
 * the /messages address of a chat.
 */
import { assetUrl } from '../../lib/assets.ts';
import type { Message } from '../../lib/directus/schema.ts';
import type { ChatKey, ChatMessage } from './directus.ts';

/** Which chat a message belongs to. */
export function chatOf(message: Pick<Message, 'privateChat'>): ChatKey {
  const chat = message.privateChat;
  if (chat === null || chat === undefined) return 'public';
  return typeof chat === 'object' ? chat.id : chat;
}

/** The /messages page of a chat: `?id=` names a private chat, none the public chat. */
export function messagesHref(chat: ChatKey): string {
  return chat === 'public' ? '/messages' : `/messages?id=${chat}`;
}

/** The chat a /messages address names (its query string); the public chat when it names none that could be. */
export function chatInQuery(search: string): ChatKey {
  const id = Number(new URLSearchParams(search).get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : 'public';
}

/**
 * Merges messages in by id (a newer copy replaces an older), oldest first. A message quoting one
 * that came in shows it as it is now: its new text, or deleted.
 */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, { ...byId.get(m.id), ...m });
  const fresh = new Map(incoming.map((m) => [m.id, m]));
  return [...byId.values()].map((m) => requote(m, fresh)).sort((a, b) => a.id - b.id);
}

function requote(m: ChatMessage, fresh: Map<number, ChatMessage>): ChatMessage {
  const quote = typeof m.message === 'object' && m.message ? m.message : null;
  const now = quote && fresh.get(quote.id);
  return now ? { ...m, message: { ...quote, text: now.text, deleted: now.deleted } } : m;
}

/** The files of a message's pictures, in order. */
export function pictureIds(message: Pick<ChatMessage, 'images'>): string[] {
  return (message.images ?? []).flatMap((entry) => {
    const file = typeof entry === 'object' && entry ? entry.directus_files_id : null;
    return file && typeof file === 'object' ? [file.id] : [];
  });
}

/** A private chat's picture as this page holds it: an object URL once read, 'loading' meanwhile, 'failed' when it could not be read. */
export type PictureState = string | 'loading' | 'failed';

/** What an <img> shows for a picture of `chat`: its address, the object URL once read, or null meanwhile. */
export function pictureSrc(fileId: string, chat: ChatKey, pictures: Record<string, PictureState>): string | null {
  if (chat === 'public') return assetUrl(fileId);
  const state = pictures[fileId];
  return state === undefined || state === 'loading' || state === 'failed' ? null : state;
}

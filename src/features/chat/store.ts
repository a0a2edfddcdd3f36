/**
 * The chats' messages: each chat opened on this page keeps its loaded
 * messages, oldest first, 50 a page, older pages on demand; sending (pictures uploaded first),
 * editing and deleting; and live events from the socket merged in by id, so a message shows
 * once however it arrived. The window and the /messages page read the same threads.
 */
import { atom } from 'nanostores';
import { uploadPicture } from '../../lib/directus/account.ts';
import {
  deleteChatMessage, editChatMessage, readChatMessages, sendChatMessage, type ChatKey, type ChatMessage,
} from './directus.ts';
import { chatOf, mergeMessages } from './messages.ts';
import { CHAT_PAGE_SIZE } from '../../lib/chat-constants.ts';
import { taskPerKey } from '../../ui/task.ts';

export type { ChatKey, ChatMessage };

export interface Thread {
  status: 'loading' | 'ready' | 'error';
  /** Oldest first. */
  messages: ChatMessage[];
  /** Whether older pages may exist (their loading is the task `olderPages`). */
  older: 'more' | 'none';
}

export const $threads = atom<Record<string, Thread>>({});

const keyOf = (chat: ChatKey) => String(chat);

export function threadOf(threads: Record<string, Thread>, chat: ChatKey): Thread | undefined {
  return threads[keyOf(chat)];
}

function put(chat: ChatKey, change: (t: Thread | undefined) => Thread | undefined): void {
  const all = $threads.get();
  const next = change(all[keyOf(chat)]);
  if (next) $threads.set({ ...all, [keyOf(chat)]: next });
}

/** Loads the newest page of a chat once (again with `force`: after a reconnect, or a retry). */
export async function loadThread(chat: ChatKey, o: { force?: boolean } = {}): Promise<void> {
  const existing = threadOf($threads.get(), chat);
  if (existing && !o.force && existing.status !== 'error') return;
  if (!existing || existing.status === 'error') put(chat, () => ({ status: 'loading', messages: [], older: 'more' }));
  try {
    const page = await readChatMessages(chat);
    put(chat, (t) => ({
      status: 'ready',
      messages: mergeMessages(t?.messages ?? [], page),
      older: t && t.status === 'ready' ? t.older : page.length < CHAT_PAGE_SIZE ? 'none' : 'more',
    }));
  } catch (err) {
    console.error(err);
    put(chat, (t) => (t && t.status === 'ready' ? t : { status: 'error', messages: [], older: 'more' }));
  }
}

/** The page before the oldest loaded message, for each chat; a failure says the same whatever the cause. */
export const olderPages = taskPerKey(async (chat: ChatKey) => {
  const t = threadOf($threads.get(), chat);
  if (!t || t.status !== 'ready' || t.older === 'none') return;
  const oldest = t.messages[0]?.id;
  if (oldest === undefined) return;
  const page = await readChatMessages(chat, oldest);
  put(chat, (c) => c && { ...c, messages: mergeMessages(c.messages, page), older: page.length < CHAT_PAGE_SIZE ? 'none' : 'more' });
}, () => 'Не удалось загрузить ранние сообщения.');

/** Live or answered messages: each goes into its chat's thread when that chat is loaded here. */
export function receiveMessages(messages: ChatMessage[]): void {
  for (const m of messages) put(chatOf(m), (t) => t && t.status === 'ready' ? { ...t, messages: mergeMessages(t.messages, [m]) } : t);
}

export interface Draft {
  text: string;
  replyTo?: number | null;
  files?: File[];
}

/** Sends a message (pictures uploaded first, to the private chat when it is one); it shows at once. */
async function sendMessage(chat: ChatKey, draft: Draft): Promise<void> {
  const fileIds: string[] = [];
  for (const file of draft.files ?? []) fileIds.push(await uploadPicture(file, chat === 'public' ? undefined : chat));
  receiveMessages([await sendChatMessage(chat, { text: draft.text.trim(), replyTo: draft.replyTo ?? null, fileIds })]);
}

async function editMessage(id: number, text: string): Promise<void> {
  receiveMessages([await editChatMessage(id, text.trim())]);
}

/** What the input sends: a new message (or a reply), or the new text of one's own message. */
export type Post = { kind: 'new'; draft: Draft } | { kind: 'edit'; id: number; text: string };

/**
 * The input's sending in each chat: one message at a time; the backend's refusals (the sending pace
 * among them) are told as it words them.
 */
export const posting = taskPerKey(
  (chat: ChatKey, out: Post) => (out.kind === 'edit' ? editMessage(out.id, out.text) : sendMessage(chat, out.draft)),
  'Не удалось отправить сообщение. Попробуйте ещё раз.',
);

export async function deleteMessage(id: number): Promise<void> {
  receiveMessages([await deleteChatMessage(id)]);
}

/** Every chat loaded on this page, for a reload after the socket was away. */
export function loadedChats(): ChatKey[] {
  return Object.keys($threads.get()).map((k) => (k === 'public' ? 'public' : Number(k)));
}

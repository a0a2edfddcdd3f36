/**
 * The person's private chats: the other person, online flag, last
 * message, unread count, and the total unread for the profile's Messages button and the header
 * icon. Kept fresh by the socket's events, and by the 5 s poll (poll.ts).
 */
import { atom, computed } from 'nanostores';
import { onlineCount } from '../../lib/directus/account.ts';
import { markChatRead, readChatList, type ChatSummary } from './directus.ts';
import { privateChatWith } from '../../lib/directus/people.ts';
import { taskPerKey } from '../../ui/task.ts';

export type { ChatSummary };

export type ChatListState =
  | { status: 'idle' | 'loading' | 'error'; chats: ChatSummary[] }
  | { status: 'ready'; chats: ChatSummary[] };

export const $chatList = atom<ChatListState>({ status: 'idle', chats: [] });

/** Unread messages over every private chat; null until the list has loaded. */
export const $chatUnread = computed($chatList, (l) => (l.status === 'ready' ? l.chats.reduce((n, c) => n + c.unread, 0) : null));

/**
 * People on the site (seen in 10 minutes), shown by the public chat; read with the list. (The
 * presence store has the same figure; reading it from there would split that store out of the
 * signed-in chunk into one more file for every page.)
 */
export const $publicOnline = atom<number | null>(null);

let inFlight: Promise<void> | null = null;
let again = false;

/** Reads the list; a call while one is under way asks once more after it. */
export function refreshChatList(): Promise<void> {
  if (inFlight) {
    again = true;
    return inFlight;
  }
  const current = $chatList.get();
  if (current.status !== 'ready') $chatList.set({ status: 'loading', chats: current.chats });
  onlineCount().then((n) => $publicOnline.set(n), (err: unknown) => console.error(err));
  inFlight = readChatList()
    .then(({ chats }) => $chatList.set({ status: 'ready', chats }))
    .catch((err: unknown) => {
      console.error(err);
      if ($chatList.get().status !== 'ready') $chatList.set({ status: 'error', chats: [] });
    })
    .finally(() => {
      inFlight = null;
      if (again) {
        again = false;
        void refreshChatList();
      }
    });
  return inFlight;
}

/**
 * Opens the private chat with a person (a friend in the sidebar, keyed by their id): the existing
 * one, else a new one, as writing from a profile does; the list then shows it.
 */
export const openingChat = taskPerKey(async (personId: string, open: (chat: number) => void) => {
  const chat = await privateChatWith(personId);
  await refreshChatList();
  open(chat);
}, 'Не удалось открыть чат. Попробуйте ещё раз.');

/** The person has seen the chat up to now. */
export async function readChat(chat: number): Promise<void> {
  const state = $chatList.get();
  if (state.status === 'ready' && state.chats.some((c) => c.id === chat && c.unread > 0)) {
    $chatList.set({ ...state, chats: state.chats.map((c) => (c.id === chat ? { ...c, unread: 0 } : c)) });
  }
  try {
    await markChatRead(chat);
    await refreshChatList();
  } catch (err) {
    console.error(err);
  }
}

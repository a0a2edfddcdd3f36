/**
 * The chat's 5 s poll (what it reads: poll-plan.ts). One timer a page, running only while the plan
 * has something to read: it stops when the chat is closed and the socket is open, or the page is
 * hidden, and starts again when that changes.
 */
import { atom, computed } from 'nanostores';
import { CHAT_POLL_MS } from '../../lib/chat-constants.ts';
import { $keptSocket } from '../../lib/directus/kept-socket.ts';
import type { ChatKey } from './directus.ts';
import { refreshChatList } from './list-store.ts';
import { pollPlan, polling } from './poll-plan.ts';
import { loadThread } from './store.ts';

/** The chats on screen, once for each view showing one. */
const $onScreen = atom<ChatKey[]>([]);
const $pageVisible = atom(true);

const $plan = computed([$keptSocket, $onScreen, $pageVisible], (socket, onScreen, pageVisible) =>
  pollPlan({ socketOpen: socket === 'open', onScreen, pageVisible }));

/** A view shows the chat; the answer is called when it no longer does. */
export function chatOnScreen(chat: ChatKey): () => void {
  $onScreen.set([...$onScreen.get(), chat]);
  return () => {
    const all = $onScreen.get();
    const at = all.indexOf(chat);
    if (at >= 0) $onScreen.set([...all.slice(0, at), ...all.slice(at + 1)]);
  };
}

/** Chats whose read is under way: a slow answer is not asked for again on top of itself. */
const reading = new Set<ChatKey>();

function tick(): void {
  const plan = $plan.get();
  if (plan.list) void refreshChatList();
  for (const chat of plan.threads) {
    if (reading.has(chat)) continue;
    reading.add(chat);
    // The same read as the catch-up after a reconnect: the newest page, merged in by id.
    void loadThread(chat, { force: true }).finally(() => reading.delete(chat));
  }
}

let timer: ReturnType<typeof setInterval> | null = null;
let watching = false;

/** Starts following, once a page. */
export function watchChat(): void {
  if (watching) return;
  watching = true;
  const seeVisibility = () => $pageVisible.set(document.visibilityState === 'visible');
  seeVisibility();
  document.addEventListener('visibilitychange', seeVisibility);
  $plan.subscribe((plan) => {
    if (!polling(plan)) {
      if (timer) clearInterval(timer);
      timer = null;
    } else timer ??= setInterval(tick, CHAT_POLL_MS);
  });
}

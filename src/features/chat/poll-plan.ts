/**
 * What the chat's 5 s poll reads at a tick. The list (with the online count and the online dots,
 * which no socket event brings) while a chat is on screen; with no chat on screen, only while the
 * socket is down, for the unread counts. The chats on screen only while the socket is down: then
 * nothing else brings their new messages.
 */
import type { ChatKey } from './directus.ts';

export interface PollPlan {
  list: boolean;
  threads: ChatKey[];
}

export function pollPlan(o: { socketOpen: boolean; onScreen: readonly ChatKey[]; pageVisible: boolean }): PollPlan {
  if (!o.pageVisible) return { list: false, threads: [] };
  return {
    list: o.onScreen.length > 0 || !o.socketOpen,
    threads: o.socketOpen ? [] : [...new Set(o.onScreen)],
  };
}

/** Whether the poll has something to read, so its timer runs at all. */
export const polling = (plan: PollPlan) => plan.list || plan.threads.length > 0;

/**
 * Each chat's unsent message (drafts.ts), shared by the floating window and /messages: kept here
 * while the window is closed, and in sessionStorage for the tab's next pages once the signed-in
 * person is known; signing out forgets them, sending one empties it.
 */
import { atom } from 'nanostores';
import { $me } from '../account/index.ts';
import { $session } from '../account/session.ts';
import type { ChatKey, ChatMessage } from './directus.ts';
import { EMPTY_DRAFT, draftKey, restoredDrafts, storedDrafts, type ChatDraft } from './drafts.ts';

export const $drafts = atom<Record<string, ChatDraft>>({});

const STORAGE_KEY = 'chatDrafts';

export function draftOf(drafts: Record<string, ChatDraft>, chat: ChatKey): ChatDraft {
  return drafts[draftKey(chat)] ?? EMPTY_DRAFT;
}

export function changeDraft(chat: ChatKey, change: Partial<ChatDraft>): void {
  const all = $drafts.get();
  $drafts.set({ ...all, [draftKey(chat)]: { ...draftOf(all, chat), ...change } });
}

/** The message is out: the chat's box starts empty. */
export function clearDraft(chat: ChatKey): void {
  changeDraft(chat, EMPTY_DRAFT);
}

export function replyIn(chat: ChatKey, to: ChatMessage): void {
  changeDraft(chat, { mode: { kind: 'reply', to } });
}

/** An edit fills the box with the message's text and saves only text. */
export function editIn(chat: ChatKey, message: ChatMessage): void {
  changeDraft(chat, { mode: { kind: 'edit', message }, text: message.text ?? '', files: [] });
}

/** sessionStorage, or null where it is blocked (the drafts then live on this page only). */
function tabStorage(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

/** Whose drafts are stored: the signed-in person once their profile has loaded. */
let owner: string | null = null;

function store(): void {
  if (!owner) return;
  try {
    tabStorage()?.setItem(STORAGE_KEY, storedDrafts(owner, $drafts.get()));
  } catch {
    /* quota: the drafts live on this page only */
  }
}

let keeping = false;

/** Brings back the person's drafts of earlier pages and keeps them from now on (once per page). */
export function keepDrafts(): void {
  if (keeping) return;
  keeping = true;
  $me.subscribe((me) => {
    const person = me?.id ?? null;
    if (person === owner) return;
    owner = person;
    // What was typed before the profile came wins over what an earlier page left.
    if (person) $drafts.set({ ...restoredDrafts(tabStorage()?.getItem(STORAGE_KEY) ?? null, person), ...$drafts.get() });
  });
  $drafts.listen(store);
  $session.listen((session) => {
    if (session) return;
    owner = null;
    tabStorage()?.removeItem(STORAGE_KEY);
    $drafts.set({});
  });
}

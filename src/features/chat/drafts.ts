/**
 * A chat's unsent message, one per chat (the public chat and each private chat apart): its text,
 * the message it answers or edits, its pictures. Kept while the window is closed, and across pages
 * for the tab's session in sessionStorage, under the signed-in person it belongs to. Stored are the
 * text and the message answered: pictures cannot be, and an edit stays with its page (the message
 * may have changed or gone by the next one).
 */
import type { ChatKey, ChatMessage } from './directus.ts';

export type DraftMode = { kind: 'new' } | { kind: 'reply'; to: ChatMessage } | { kind: 'edit'; message: ChatMessage };

export interface ChatDraft {
  text: string;
  mode: DraftMode;
  files: File[];
}

export const EMPTY_DRAFT: ChatDraft = { text: '', mode: { kind: 'new' }, files: [] };

/** A chat's place among the drafts: 'public', or the private chat's id. */
export const draftKey = (chat: ChatKey): string => String(chat);

/** What of a draft outlasts the page. */
interface StoredDraft {
  text: string;
  replyTo?: ChatMessage;
}

interface Stored {
  person: string;
  drafts: Record<string, StoredDraft>;
}

/** What of a draft is stored: none for an edit or for nothing typed and nothing answered. */
export function storedDraft(draft: ChatDraft): StoredDraft | null {
  if (draft.mode.kind === 'edit') return null;
  if (draft.mode.kind === 'reply') return { text: draft.text, replyTo: draft.mode.to };
  return draft.text.trim() ? { text: draft.text } : null;
}

/** The person's drafts as sessionStorage keeps them. */
export function storedDrafts(person: string, drafts: Record<string, ChatDraft>): string {
  const kept: Record<string, StoredDraft> = {};
  for (const [key, draft] of Object.entries(drafts)) {
    const stored = storedDraft(draft);
    if (stored) kept[key] = stored;
  }
  return JSON.stringify({ person, drafts: kept } satisfies Stored);
}

const isMessage = (value: unknown): value is ChatMessage =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';

/** The drafts stored for this person; none when they were another person's, or unreadable. */
export function restoredDrafts(raw: string | null, person: string): Record<string, ChatDraft> {
  let stored: Partial<Stored> | null;
  try {
    stored = JSON.parse(raw ?? 'null') as Partial<Stored> | null;
  } catch {
    return {};
  }
  if (!stored || stored.person !== person || typeof stored.drafts !== 'object' || !stored.drafts) return {};
  const drafts: Record<string, ChatDraft> = {};
  for (const [key, entry] of Object.entries(stored.drafts)) {
    if (typeof entry?.text !== 'string') continue;
    drafts[key] = { text: entry.text, mode: isMessage(entry.replyTo) ? { kind: 'reply', to: entry.replyTo } : { kind: 'new' }, files: [] };
  }
  return drafts;
}

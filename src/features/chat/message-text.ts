/** How the chat writes times, quotes and a chat's last message in the list. */
import type { ChatSummary } from './directus.ts';

const QUOTE_CUT = 120;

/** 'HH:MM' today, 'dd.mm HH:MM' on another day. */
export function messageTime(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '';
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(d.getHours())}:${two(d.getMinutes())}`;
  return d.toDateString() === now.toDateString() ? time : `${two(d.getDate())}.${two(d.getMonth() + 1)} ${time}`;
}

/** The answered message as the quote shows it: cut, or 'Сообщение удалено'. */
export function quoteOf(parent: { text?: string | null; deleted?: boolean | null }): string {
  if (parent.deleted) return 'Сообщение удалено';
  const text = (parent.text ?? '').trim() || 'Фото';
  return text.length > QUOTE_CUT ? `${text.slice(0, QUOTE_CUT)}…` : text;
}

/** A private chat's line in the list: its last message, or what stands in for it. */
export function lastLine(chat: Pick<ChatSummary, 'lastMessage'>): string {
  const m = chat.lastMessage;
  if (!m) return 'Нет сообщений';
  if (m.deleted) return 'Сообщение удалено';
  return (m.text ?? '').trim() || 'Фото';
}

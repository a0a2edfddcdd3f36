/** How the chat writes times and quotes. */
import type { ChatMessage } from './directus.ts';

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

export type { ChatMessage };

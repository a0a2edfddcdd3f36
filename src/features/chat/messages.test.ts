import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './directus.ts';
import { chatInQuery, chatOf, mergeMessages, messagesHref, pictureIds, pictureSrc } from './messages.ts';

function message(over: Partial<ChatMessage> & { id: number }): ChatMessage {
  return {
    text: `Сообщение ${over.id}`, deleted: false, date_created: null, date_updated: null, publicChat: true, privateChat: null,
    user_created: null, message: null, images: [], ...over,
  };
}

type Quoted = Extract<ChatMessage['message'], object>;

/** A quoted message as the chat reads it. */
function quoted(over: Partial<Quoted> & { id: number }): Quoted {
  return {
    text: `Сообщение ${over.id}`, deleted: false, date_created: null, date_updated: null, publicChat: true, privateChat: null,
    user_created: null, message: null, images: [], ...over,
  };
}

const file = (id: string | null, n: number) => ({
  id: n, sort: n, messages_id: 1, directus_files_id: id && { id, title: null, width: 100, height: 100, type: 'image/webp' },
});

describe('which chat a message is in', () => {
  it('is the public chat without a private one', () => {
    expect(chatOf({ privateChat: null })).toBe('public');
  });

  it('is the private chat, by id or as read with its fields', () => {
    expect(chatOf({ privateChat: 7 })).toBe(7);
    expect(chatOf({ privateChat: { id: 8, user_created: null, user_invited: [], date_created: null, messages: [] } })).toBe(8);
  });
});

describe('merging messages', () => {
  it('keeps each message once, oldest first, however they came', () => {
    const merged = mergeMessages([message({ id: 3 }), message({ id: 1 })], [message({ id: 2 }), message({ id: 3 })]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('takes the newer copy of a message (an edit, a deletion)', () => {
    const merged = mergeMessages([message({ id: 1, text: 'Было' })], [message({ id: 1, text: 'Стало', date_updated: '2026-11-28T10:00:00Z' })]);
    expect(merged).toEqual([message({ id: 1, text: 'Стало', date_updated: '2026-11-28T10:00:00Z' })]);
  });

  it('shows a quoted message as it is now when it comes in changed', () => {
    const quote = quoted({ id: 1, text: 'Было', user_created: 'anna' });
    const answer = message({ id: 2, message: quote });
    const [, edited] = mergeMessages([message({ id: 1, text: 'Было' }), answer], [message({ id: 1, text: 'Стало' })]);
    expect(edited!.message).toEqual({ ...quote, text: 'Стало' });
    const [, deleted] = mergeMessages([message({ id: 1 }), answer], [message({ id: 1, text: null, deleted: true })]);
    expect(deleted!.message).toEqual({ ...quote, text: null, deleted: true });
  });

  it('leaves quotes of messages that did not come in alone', () => {
    const answer = message({ id: 5, message: quoted({ id: 4, text: 'Вопрос' }) });
    expect(mergeMessages([answer], [message({ id: 6 })])[0]).toBe(answer);
  });
});

describe("a message's pictures", () => {
  it('are the files in order, leaving out entries read without their file', () => {
    expect(pictureIds(message({ id: 1, images: [file('a', 1), file('b', 2)] }))).toEqual(['a', 'b']);
    expect(pictureIds(message({ id: 1, images: [file('a', 1), file(null, 2)] }))).toEqual(['a']);
    expect(pictureIds(message({ id: 1, images: [] }))).toEqual([]);
  });

  it("show a public chat's picture by its address", () => {
    expect(pictureSrc('a', 'public', {})).toBe('/api/assets/a');
  });

  it("show a private chat's picture once read, and nothing before or when it failed", () => {
    expect(pictureSrc('a', 7, { a: 'blob:read' })).toBe('blob:read');
    expect(pictureSrc('a', 7, {})).toBeNull();
    expect(pictureSrc('a', 7, { a: 'loading' })).toBeNull();
    expect(pictureSrc('a', 7, { a: 'failed' })).toBeNull();
  });
});

describe('the /messages address of a chat', () => {
  it('names a private chat by its id, and the public chat by none', () => {
    expect(messagesHref('public')).toBe('/messages');
    expect(messagesHref(12)).toBe('/messages?id=12');
  });

  it('is read back into the same chat', () => {
    for (const chat of ['public', 12] as const) expect(chatInQuery(new URL(messagesHref(chat), 'https://example.org').search)).toBe(chat);
  });

  it('opens the public chat when the id could name no chat', () => {
    for (const search of ['', '?id=', '?id=0', '?id=-3', '?id=1.5', '?id=abc', '?id=1e30']) expect(chatInQuery(search), search).toBe('public');
  });
});

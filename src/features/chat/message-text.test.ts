import { describe, expect, it } from 'vitest';
import { lastLine, messageTime, quoteOf } from './message-text.ts';

describe('message time', () => {
  const now = new Date(2026, 10, 28, 18, 30);

  it('is the hour and minute on the same day', () => {
    expect(messageTime(new Date(2026, 10, 28, 9, 5).toISOString(), now)).toBe('09:05');
  });

  it('has the day and month before it on another day', () => {
    expect(messageTime(new Date(2026, 10, 27, 23, 59).toISOString(), now)).toBe('27.11 23:59');
    expect(messageTime(new Date(2025, 0, 3, 0, 0).toISOString(), now)).toBe('03.01 00:00');
  });

  it('is empty without a date', () => {
    expect(messageTime(null, now)).toBe('');
    expect(messageTime(undefined, now)).toBe('');
  });
});

describe('quote of the answered message', () => {
  it('is its text, trimmed', () => {
    expect(quoteOf({ text: '  Привет!  ' })).toBe('Привет!');
  });

  it('says the message was deleted, whatever its text', () => {
    expect(quoteOf({ text: 'Было', deleted: true })).toBe('Сообщение удалено');
  });

  it('stands for a message of pictures alone', () => {
    expect(quoteOf({ text: null })).toBe('Фото');
    expect(quoteOf({ text: '   ' })).toBe('Фото');
  });

  it('keeps 120 characters and cuts a longer text with an ellipsis', () => {
    expect(quoteOf({ text: 'а'.repeat(120) })).toBe('а'.repeat(120));
    expect(quoteOf({ text: 'б'.repeat(121) })).toBe(`${'б'.repeat(120)}…`);
  });
});

describe("a private chat's line in the list", () => {
  const last = (m: { text?: string | null; deleted?: boolean | null }) => ({
    lastMessage: { id: 1, text: m.text ?? null, deleted: m.deleted ?? false, date_created: null, user_created: null },
  });

  it('is the last message, trimmed', () => {
    expect(lastLine(last({ text: ' До завтра ' }))).toBe('До завтра');
  });

  it('says so when there is no message yet, when it was deleted, or when it was pictures alone', () => {
    expect(lastLine({ lastMessage: null })).toBe('Нет сообщений');
    expect(lastLine(last({ text: 'Было', deleted: true }))).toBe('Сообщение удалено');
    expect(lastLine(last({ text: '' }))).toBe('Фото');
  });

  it('does not cut a long message', () => {
    expect(lastLine(last({ text: 'в'.repeat(300) }))).toBe('в'.repeat(300));
  });
});

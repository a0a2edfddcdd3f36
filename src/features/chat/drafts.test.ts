import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './directus.ts';
import { EMPTY_DRAFT, draftKey, restoredDrafts, storedDraft, storedDrafts, type ChatDraft } from './drafts.ts';

const message = (id: number, text = `Сообщение ${id}`): ChatMessage => ({
  id, text, deleted: false, date_created: null, date_updated: null, publicChat: true, privateChat: null,
  user_created: null, message: null, images: [],
});

const picture = new File(['x'], 'one.png', { type: 'image/png' });

describe('a chat\'s draft key', () => {
  it('keeps the public chat and each private chat apart', () => {
    expect(draftKey('public')).toBe('public');
    expect(draftKey(7)).toBe('7');
    expect(draftKey(7)).not.toBe(draftKey(8));
  });
});

describe('what of a draft is stored', () => {
  it('the text as typed, without its pictures', () => {
    expect(storedDraft({ text: ' Привет\n', mode: { kind: 'new' }, files: [picture] })).toEqual({ text: ' Привет\n' });
  });

  it('the message answered, even before anything is typed', () => {
    expect(storedDraft({ text: '', mode: { kind: 'reply', to: message(3) }, files: [] })).toEqual({ text: '', replyTo: message(3) });
  });

  it('nothing for blank text, pictures alone, or an edit', () => {
    expect(storedDraft(EMPTY_DRAFT)).toBeNull();
    expect(storedDraft({ text: '  ', mode: { kind: 'new' }, files: [picture] })).toBeNull();
    expect(storedDraft({ text: 'Исправлено', mode: { kind: 'edit', message: message(4) }, files: [] })).toBeNull();
  });
});

describe('stored drafts', () => {
  const drafts: Record<string, ChatDraft> = {
    public: { text: 'Всем привет', mode: { kind: 'new' }, files: [] },
    12: { text: 'Да', mode: { kind: 'reply', to: message(5, 'Смотришь?') }, files: [picture] },
    13: { text: 'Правка', mode: { kind: 'edit', message: message(6) }, files: [] },
    14: EMPTY_DRAFT,
  };

  it('come back for the same person: text and the message answered, no pictures, no edit', () => {
    expect(restoredDrafts(storedDrafts('anna', drafts), 'anna')).toEqual({
      public: { text: 'Всем привет', mode: { kind: 'new' }, files: [] },
      12: { text: 'Да', mode: { kind: 'reply', to: message(5, 'Смотришь?') }, files: [] },
    });
  });

  it('are nobody else\'s', () => {
    expect(restoredDrafts(storedDrafts('anna', drafts), 'boris')).toEqual({});
  });

  it('are none when nothing or something unreadable is stored', () => {
    expect(restoredDrafts(null, 'anna')).toEqual({});
    expect(restoredDrafts('{', 'anna')).toEqual({});
    expect(restoredDrafts('[]', 'anna')).toEqual({});
    expect(restoredDrafts(JSON.stringify({ person: 'anna', drafts: { public: { text: 5 }, 3: { text: 'ок', replyTo: { id: 'x' } } } }), 'anna'))
      .toEqual({ 3: { text: 'ок', mode: { kind: 'new' }, files: [] } });
  });
});

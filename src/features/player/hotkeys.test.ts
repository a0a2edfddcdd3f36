import { describe, expect, it } from 'vitest';
import { actionOf, takesTyping, type KeyPress } from './hotkeys.ts';

const press = (code: string, mods: Partial<KeyPress> = {}): KeyPress => ({ code, shiftKey: false, ctrlKey: false, altKey: false, metaKey: false, ...mods });

describe('the player\'s keys', () => {
  it('map by the key\'s place, so the Russian layout works the same', () => {
    expect(actionOf(press('Space'))).toBe('toggle-play');
    expect(actionOf(press('KeyK'))).toBe('toggle-play');
    expect(actionOf(press('ArrowLeft'))).toBe('back');
    expect(actionOf(press('ArrowUp'))).toBe('volume-up');
    expect(actionOf(press('KeyS'))).toBe('skip');
    expect(actionOf(press('KeyN', { shiftKey: true }))).toBe('next-episode');
    expect(actionOf(press('KeyP', { shiftKey: true }))).toBe('previous-episode');
  });
  it('leave the browser its own', () => {
    expect(actionOf(press('KeyF', { ctrlKey: true }))).toBeNull();
    expect(actionOf(press('KeyN'))).toBeNull();
    expect(actionOf(press('KeyS', { shiftKey: true }))).toBeNull();
  });
  it('step aside for fields that take typing', () => {
    const el = (tagName: string, type?: string, editable = false) => ({ tagName, isContentEditable: editable, getAttribute: () => type ?? null });
    expect(takesTyping(el('TEXTAREA'))).toBe(true);
    expect(takesTyping(el('INPUT'))).toBe(true);
    expect(takesTyping(el('INPUT', 'search'))).toBe(true);
    expect(takesTyping(el('INPUT', 'checkbox'))).toBe(false);
    expect(takesTyping(el('DIV', undefined, true))).toBe(true);
    expect(takesTyping(el('BUTTON'))).toBe(false);
    expect(takesTyping(null)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { holdsNul } from './text-characters.ts';

describe('holdsNul', () => {
  it('finds a NUL in text at any depth of lists and objects', () => {
    expect(holdsNul('a\u0000b')).toBe(true);
    expect(holdsNul({ text: 'ok', nested: [{ name: 'x\u0000' }] })).toBe(true);
    expect(holdsNul([[['\u0000']]])).toBe(true);
  });

  it('lets text without one by, and values that are not text', () => {
    expect(holdsNul({ text: 'Отзыв', rating: 0, on: false, none: null, list: ['\\u0000', '␀'] })).toBe(false);
    expect(holdsNul(undefined)).toBe(false);
  });

  it('walks a list far longer than a call takes arguments', () => {
    const long: unknown[] = new Array(1_000_000).fill(0);
    expect(holdsNul(long)).toBe(false);
    long.push('\u0000');
    expect(holdsNul(long)).toBe(true);
  });

  it('walks a payload nested far deeper than a call stack allows', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(holdsNul(deep)).toBe(true);
  });
});

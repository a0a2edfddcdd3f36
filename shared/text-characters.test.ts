import { describe, expect, it } from 'vitest';
import { BAD_TEXT_CHARACTER, MAX_STACKED_MARKS, STACKED_MARKS, textProblem } from './text-characters.ts';

const ACUTE = '\u0301';

describe('textProblem', () => {
  it('finds a NUL in text at any depth of lists and objects', () => {
    expect(textProblem('a\u0000b')).toBe(BAD_TEXT_CHARACTER);
    expect(textProblem({ text: 'ok', nested: [{ name: 'x\u0000' }] })).toBe(BAD_TEXT_CHARACTER);
    expect(textProblem([[['\u0000']]])).toBe(BAD_TEXT_CHARACTER);
  });

  it('finds more marks stacked on one letter than any writing stacks', () => {
    expect(textProblem({ text: `a${ACUTE.repeat(MAX_STACKED_MARKS + 1)}` })).toBe(STACKED_MARKS);
    expect(textProblem(`a${ACUTE.repeat(1999)}`)).toBe(STACKED_MARKS);
  });

  it('lets by text without either, marks as languages stack them, and values that are not text', () => {
    expect(textProblem({ text: 'Отзыв', rating: 0, on: false, none: null, list: ['\\u0000', '␀'] })).toBeNull();
    expect(textProblem('ละครไทย น้ำผึ้ง ที่รัก')).toBeNull();
    expect(textProblem('Tiếng Việt'.normalize('NFD'))).toBeNull();
    expect(textProblem(`Ёж é${ACUTE.repeat(MAX_STACKED_MARKS)}`)).toBeNull();
    expect(textProblem(undefined)).toBeNull();
  });

  it('walks a list far longer than a call takes arguments', () => {
    const long: unknown[] = new Array(1_000_000).fill(0);
    expect(textProblem(long)).toBeNull();
    long.push('\u0000');
    expect(textProblem(long)).toBe(BAD_TEXT_CHARACTER);
  });

  it('walks a payload nested far deeper than a call stack allows', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(textProblem(deep)).toBe(BAD_TEXT_CHARACTER);
  });
});

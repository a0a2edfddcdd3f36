/**
 * Text refused wherever text is written. A NUL character: PostgreSQL cannot store one, and SQLite
 * would keep it, to be cut short or shown as a box wherever it is read. Marks stacked on one letter
 * past MAX_STACKED_MARKS («zalgo»): they draw a column thousands of pixels tall over the lines and
 * blocks around them, and no writing stacks so many (Thai and Vietnamese, three at most).
 */
export const BAD_TEXT_CHARACTER = 'Текст содержит недопустимый символ';
export const MAX_STACKED_MARKS = 8;
export const STACKED_MARKS = 'Слишком много значков над одной буквой: такой текст налезает на соседние строки';

const STACK = new RegExp(`\\p{M}{${MAX_STACKED_MARKS + 1}}`, 'u');

/** What is wrong with a text as written, in words, or null. */
export function textCharacterProblem(text: string): string | null {
  if (text.includes('\u0000')) return BAD_TEXT_CHARACTER;
  return STACK.test(text) ? STACKED_MARKS : null;
}

/** The first problem of any text in `value`, however deeply nested in lists and objects, or null. */
export function textProblem(value: unknown): string | null {
  // A list of what is left to look at, not recursion: a payload's depth is the caller's to choose.
  const left: unknown[] = [value];
  while (left.length > 0) {
    const next = left.pop();
    if (typeof next === 'string') {
      const problem = textCharacterProblem(next);
      if (problem) return problem;
    } else if (next !== null && typeof next === 'object') {
      // One at a time: spreading a list of a few hundred thousand values overflows the call stack.
      for (const value of Object.values(next)) left.push(value);
    }
  }
  return null;
}

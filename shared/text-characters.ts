/**
 * A NUL character in text is refused wherever text is written: PostgreSQL cannot store one, and SQLite
 * would keep it, to be cut short or shown as a box wherever it is read.
 */
export const BAD_TEXT_CHARACTER = 'Текст содержит недопустимый символ';

/** Whether any text in `value`, however deeply nested in lists and objects, holds a NUL character. */
export function holdsNul(value: unknown): boolean {
  // A list of what is left to look at, not recursion: a payload's depth is the caller's to choose.
  const left: unknown[] = [value];
  while (left.length > 0) {
    const next = left.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next !== null && typeof next === 'object') {
      // One at a time: spreading a list of a few hundred thousand values overflows the call stack.
      for (const value of Object.values(next)) left.push(value);
    }
  }
  return false;
}

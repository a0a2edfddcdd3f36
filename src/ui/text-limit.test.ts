/** The length line of the forms: silent while short, a counter near the cap, a refusal past it. */
import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../shared/rules.ts';
import { NEAR_LIMIT_SHARE, overLimit, textLimit, tooLongMessage } from './text-limit.ts';

const NBSP = '\u00a0';

describe('text limit', () => {
  it('says nothing while the text is short of the share where the counter starts', () => {
    const max = TEXT_LIMITS.comment;
    expect(textLimit('', max)).toEqual({ count: null, over: null });
    expect(textLimit('а'.repeat(Math.ceil(max * NEAR_LIMIT_SHARE) - 1), max)).toEqual({ count: null, over: null });
  });

  it('counts with the thousands apart once near the cap, and up to the cap itself the text may go', () => {
    expect(textLimit('а'.repeat(1950), 2000)).toEqual({ count: `1${NBSP}950 / 2${NBSP}000`, over: null });
    expect(textLimit('а'.repeat(2000), 2000)).toEqual({ count: `2${NBSP}000 / 2${NBSP}000`, over: null });
    expect(overLimit('а'.repeat(2000), 2000)).toBe(false);
  });

  it('past the cap says why the text cannot go, naming the cap', () => {
    expect(textLimit('а'.repeat(2001), 2000)).toEqual({ count: `2${NBSP}001 / 2${NBSP}000`, over: `Слишком длинный текст: не больше 2${NBSP}000 символов` });
    expect(tooLongMessage(TEXT_LIMITS.post)).toBe(`Слишком длинный текст: не больше 5${NBSP}000 символов`);
    expect(overLimit('а'.repeat(5001), TEXT_LIMITS.post)).toBe(true);
  });

  it('counts as the backend does: spaces around the text are trimmed, an emoji is two', () => {
    expect(overLimit(`  ${'а'.repeat(2000)}\n\n `, 2000)).toBe(false);
    expect(overLimit('😀'.repeat(1001), 2000)).toBe(true);
  });
});

/**
 * How a form speaks of its text's length cap (the backend's, `TEXT_LIMITS`): nothing while the text
 * is short, a counter once it nears the cap, and a refusal past it, so nothing is ever cut unseen.
 * Counted as the backend counts: the trimmed text's length.
 */

/** From this share of the cap on, the counter shows. */
export const NEAR_LIMIT_SHARE = 0.9;

const number = new Intl.NumberFormat('ru-RU');

export interface TextLimitView {
  /** «1 950 / 2 000», or null while the text is far from the cap. */
  count: string | null;
  /** Why the text cannot go, or null. */
  over: string | null;
}

export const textLength = (text: string): number => text.trim().length;

export const overLimit = (text: string, max: number): boolean => textLength(text) > max;

export function tooLongMessage(max: number): string {
  return `Слишком длинный текст: не больше ${number.format(max)} символов`;
}

export function textLimit(text: string, max: number): TextLimitView {
  const n = textLength(text);
  return {
    count: n >= max * NEAR_LIMIT_SHARE ? `${number.format(n)} / ${number.format(max)}` : null,
    over: n > max ? tooLongMessage(max) : null,
  };
}

/**
 * Whether a text shows anything at all. `trim()` keeps what a reader sees as blank: zero-width spaces
 * and joiners, the soft hyphen, direction marks, control characters and the blank letters (Hangul
 * fillers, the empty Braille cell), so a review, a post or a chat line of them alone is empty.
 */
const SHOWS_NOTHING = /[\s\p{Cc}\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/gu;

export function showsSomething(text: string): boolean {
  return text.replace(SHOWS_NOTHING, '') !== '';
}

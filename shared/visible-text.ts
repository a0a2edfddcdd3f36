/**
 * Whether a text shows anything at all. `trim()` keeps what a reader sees as blank: characters fonts
 * draw as nothing (zero-width spaces and joiners, the soft hyphen, variation selectors, the grapheme
 * joiner, direction marks, controls), the Hangul fillers, the empty Braille cell, the object replacement character and
 * marks with no letter to sit on, so a review, a post or a chat line of them alone is empty.
 */
const SHOWS_NOTHING = /[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}\u2800\uFFFC]/gu;

export function showsSomething(text: string): boolean {
  return text.replace(SHOWS_NOTHING, '') !== '';
}

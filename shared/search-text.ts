/**
 * Search normalisation. SQLite's LOWER only folds ASCII, so titles carry a pre-folded copy of
 * their names and description, and queries are folded the same way before `_contains`.
 */

export function normaliseSearch(value: string): string {
  return value.toLowerCase().replaceAll('ё', 'е').replace(/\s+/g, ' ').trim();
}

/** The four fields the title search matches, folded into one text. */
export function titleSearchText(t: { name?: string | null; originalName?: string | null; anotherName?: string | null; description?: string | null }): string {
  return normaliseSearch([t.name, t.originalName, t.anotherName, t.description].filter(Boolean).join(' \n '));
}

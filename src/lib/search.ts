/**
 * The search modal's query (leading whitespace trimmed), folded the way titles'
 * `searchText` is folded so `_contains` matches Russian case-blind on every database.
 */
import { normaliseSearch } from '../../shared/search-text.ts';

/** What the input keeps: leading whitespace goes as it is typed, trailing waits for the next word. */
export function trimSearchInput(raw: string): string {
  return raw.trimStart();
}

/** The folded text to look for, or null when the box holds nothing but spaces. */
export function searchQuery(raw: string | null | undefined): string | null {
  return normaliseSearch(trimSearchInput(raw ?? '')) || null;
}

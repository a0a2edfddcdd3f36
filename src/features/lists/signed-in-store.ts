/**
 * The titles the signed-in person marked 'Не интересно', read once per page, and whether they
 * asked to see them on this page anyway. Loaded for signed-in people only; the page itself stays
 * the same for everyone, the hiding happens in their browser (lib/hide-titles.ts).
 */
import { atom } from 'nanostores';
import { readNotInterestedIds } from './directus.ts';

export const $hiddenTitleIds = atom<ReadonlySet<number>>(new Set());
export const $showHiddenTitles = atom(false);

let loading: Promise<void> | null = null;

export function loadHiddenTitles(): Promise<void> {
  loading ??= readNotInterestedIds()
    .then((ids) => $hiddenTitleIds.set(new Set(ids)))
    // Nothing is hidden when the marks cannot be read: every card stays, as for a visitor.
    .catch((err: unknown) => console.error(err));
  return loading;
}

export function showHiddenTitles(show: boolean): void {
  $showHiddenTitles.set(show);
}

/** The tab holding the player ('Серии', or 'Смотреть' for a film). */
export const PLAYER_TAB = 'seasons';

/**
 * Which tab of the title page a `?tab=` asks for: one of the page's tabs, or the
 * first (the description) for none, an unknown value or a tab this title has not.
 */
export function tabOf(search: string, ids: readonly string[]): string {
  const wanted = new URLSearchParams(search).get('tab');
  return wanted !== null && ids.includes(wanted) ? wanted : ids[0];
}

/**
 * The address of tab `id` on the page at `href`: the first tab is the page itself, without `?tab=`.
 * `part` is the part of the tab to go to (`#player` or `player`); another tab's part is left behind.
 */
export function tabHref(href: string, id: string, ids: readonly string[], part = ''): string {
  const url = new URL(href);
  if (id === ids[0]) url.searchParams.delete('tab');
  else url.searchParams.set('tab', id);
  url.hash = part;
  return url.href;
}

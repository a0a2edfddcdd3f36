/**
 * The filter screen's pagination (current ±2, with ellipsis and the last page)
 * and its 'Показано X из Y' line.
 */
import { PAGINATION_WINDOW } from '../../lib/constants.ts';

export const GAP = '…';
export type PageItem = number | typeof GAP;

/** Pages needed for `total` items; 0 when there is nothing to show. */
export function pageCount(total: number, pageSize: number): number {
  if (!(total > 0) || !(pageSize > 0)) return 0;
  return Math.ceil(total / pageSize);
}

/** Keeps a page number inside 1..pages (1 when there are no pages). */
export function clampPage(page: number, pages: number): number {
  if (!Number.isFinite(page) || page < 1 || pages < 1) return 1;
  return Math.min(Math.floor(page), pages);
}

/**
 * The buttons of the pager: the first page, the current page with PAGINATION_WINDOW pages on
 * each side, the last page, and '…' for what lies between. A gap that would hide one page only
 * shows that page instead, since '…' is no shorter than the number it replaces.
 */
export function pageWindow(current: number, pages: number, radius: number = PAGINATION_WINDOW): PageItem[] {
  if (pages < 1) return [];
  const page = clampPage(current, pages);
  const from = Math.max(2, page - radius);
  const to = Math.min(pages - 1, page + radius);
  const items: PageItem[] = [1];
  if (from > 3) items.push(GAP);
  else for (let p = 2; p < from; p++) items.push(p);
  for (let p = from; p <= to; p++) items.push(p);
  if (to < pages - 2) items.push(GAP);
  else for (let p = Math.max(to + 1, 2); p < pages; p++) items.push(p);
  if (pages > 1) items.push(pages);
  return items;
}

/** How many items are on screen once pages 1..page have been shown (the grid appends pages). */
export function shownCount(page: number, pageSize: number, total: number): number {
  const safeTotal = Math.max(0, Math.floor(total) || 0);
  return Math.min(Math.max(1, Math.floor(page) || 1) * pageSize, safeTotal);
}

/** The line under the filter grid, e.g. 'Показано 20 из 57'. */
export function shownOf(page: number, pageSize: number, total: number): string {
  return shownLine(shownCount(page, pageSize, total), total);
}

/** The same line for a grid that knows how many cards it shows (a page opened past the first). */
export function shownLine(shown: number, total: number): string {
  return `Показано ${shown} из ${Math.max(0, Math.floor(total) || 0)}`;
}

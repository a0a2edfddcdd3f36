/**
 * The pages besides the title, cast and person pages, which have keys (page-reuse.ts): home, the category
 * and tag pages, the static pages, the shells and 404. The lead part of a build counts those it rendered,
 * and an edit put in place the list pages it left as they are served, so the build's count of pages
 * (PartCounts) holds every page of the site. The pages' code and the build's integration are bundled
 * apart, so they meet on a global rather than in a module.
 */
import type { PageCounts } from './page-keys-file.ts';

const WHOLE = Symbol.for('site.whole-pages');
type Counted = { [WHOLE]?: { rendered: number; kept: Set<string> } };

const counted = () => ((globalThis as Counted)[WHOLE] ??= { rendered: 0, kept: new Set() });

/** Pages rendered by Astro itself rather than the build's loop: all of them written anew. */
export function countRenderedWholePages(count: number): void {
  counted().rendered += count;
}

/** Pages (their addresses) an edit put in place leaves as they are served. */
export function countKeptWholePages(pages: Iterable<string>): void {
  const { kept } = counted();
  for (const page of pages) kept.add(page);
}

export function wholePages(): PageCounts {
  const { rendered, kept } = counted();
  return { rendered, kept: kept.size };
}

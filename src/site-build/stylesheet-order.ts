/**
 * Every page links two stylesheets (astro.config.mjs): the pages' (the site's global styles and the
 * components rendered into pages) and the islands' (made by the browser's bundle). Astro gives both the
 * same place in its order (depth and order -1), its comparator then calls each the first
 * (`cssOrder`, astro/dist/core/build/runtime.js), and it sorts a route's list in place for every page:
 * the two links swapped with each page of a route rendered, in a one-part build as in each part of a
 * split one. Which order a page got hung on how many pages of its route its process rendered before it,
 * so an edit's build rewrote unchanged pages, and the cascade differed from page to page wherever the
 * sheets share a selector. That list is Astro's own, out of an integration's reach (and 7.4.8 sorts it
 * the same way), so the build puts the islands' sheet last in each page's bytes: the order of each
 * route's first page, and where Astro puts the styles of islands it has no order for (after the page's).
 */
import type { Plugin } from 'vite';
import { bufferOf } from './script-policy.ts';

const LINK = '<link rel="stylesheet" href="';
const LINK_BYTES = Buffer.from(LINK, 'latin1');
const TAG_END = '>'.charCodeAt(0);

/** The tag Astro links a stylesheet at `href` with. */
export const stylesheetLink = (href: string): Buffer => Buffer.from(`${LINK}${href}">`, 'latin1');

/**
 * Moves the stylesheet link `link` (stylesheetLink) after the stylesheet links straight after it (Astro
 * writes a page's links together), in the page's own bytes: a few hundred bytes moved rather than the
 * page copied (a copy cost 30-70 µs a page, half the pages of a build).
 */
export function putStylesheetLast(page: Uint8Array<ArrayBuffer>, link: Buffer): void {
  const bytes = bufferOf(page);
  const at = bytes.indexOf(link);
  if (at < 0) return;
  let end = at + link.length;
  while (end + LINK_BYTES.length <= bytes.length && bytes.compare(LINK_BYTES, 0, LINK_BYTES.length, end, end + LINK_BYTES.length) === 0) {
    const close = bytes.indexOf(TAG_END, end);
    if (close < 0) return;
    end = close + 1;
  }
  bytes.copyWithin(at, at + link.length, end);
  link.copy(bytes, end - link.length);
}

/**
 * A plugin of the browser's bundle that hands `found` the file of the islands' stylesheet (its path in
 * the output folder, such as `_astro/style.1a2b3c4d.css`) once written; none is handed when the
 * islands have no styles.
 */
export function islandStylesheet(found: (file: string) => void): Plugin {
  return {
    name: 'site-build:island-stylesheet',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    writeBundle(_options, bundle) {
      const sheets = Object.values(bundle).filter((file) => file.type === 'asset' && file.fileName.endsWith('.css'));
      // One sheet is what the config's `cssCodeSplit: false` makes; with more, their order needs Astro's own again.
      if (sheets.length > 1) throw new Error(`the islands have ${sheets.length} stylesheets, not one: ${sheets.map((s) => s.fileName).join(', ')}`);
      if (sheets[0]) found(sheets[0].fileName);
    },
  };
}

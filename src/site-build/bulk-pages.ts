/**
 * The title, cast and person pages, all but a few hundred of a build's, are rendered by the build's own
 * loop (bulk-pages-integration.ts) rather than Astro's. Astro keeps a record of every page it renders
 * until the build ends (its path, its file's URL, its name: half a kilobyte or more a page, 250,000
 * pages a part at 100,000 titles); the loop keeps nothing of a page once it is written. A route's getStaticPaths marks its pattern here;
 * the integration, bundled apart from the pages, finds the marks on a global.
 */
const BULK = Symbol.for('site.bulk-pages');
type Marks = { [BULK]?: Set<string> };

/** Marks the route with this pattern (Astro's `routePattern`, such as `/[slug]`) as one the loop renders. */
export function markBulkRoute(routePattern: string): void {
  ((globalThis as Marks)[BULK] ??= new Set()).add(routePattern);
}

export function isBulkRoute(routePattern: string): boolean {
  return (globalThis as Marks)[BULK]?.has(routePattern) ?? false;
}

/**
 * Where a page of the build format 'preserve' is written, and the address it is rendered at, as
 * Astro makes them: an index route's page is a folder's `index.html` (`/dream` → `dream/index.html`,
 * at `/dream/`), any other page a file of its own name (`/actors/lee` → `actors/lee.html`).
 */
export function pageOutput(pathname: string, isIndex: boolean): { file: string; href: string } {
  const bare = pathname.replace(/^\/+|\/+$/g, '');
  return isIndex
    ? { file: bare ? `${bare}/index.html` : 'index.html', href: bare ? `/${bare}/` : '/' }
    : { file: `${bare}.html`, href: `/${bare}.html` };
}

/** Pages the loop renders between turns of the event loop. */
export const PAGES_PER_TURN = 500;

/**
 * Renders `pages` one at a time, taking each off the list as it goes (so the list shrinks as pages are
 * written), and lets the event loop turn every PAGES_PER_TURN pages. Rendering runs on promises alone,
 * so without the turns no timer fired until the loop's end: the player's stores set one as a title
 * page's islands let go of them (to unmount a second later), and 300,000 of them piled up in a part at
 * 100,000 titles, about 60 MiB.
 */
export async function renderEach<T>(pages: T[], render: (page: T) => Promise<void>): Promise<void> {
  pages.reverse();
  for (let page = pages.pop(), n = 1; page !== undefined; page = pages.pop(), n++) {
    await render(page);
    // A timer, not setImmediate: timers set before it with no longer a delay run first.
    if (n % PAGES_PER_TURN === 0) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

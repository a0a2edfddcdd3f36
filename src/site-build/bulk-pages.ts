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

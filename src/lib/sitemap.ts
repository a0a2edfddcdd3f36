/**
 * sitemap.xml as the sitemaps protocol wants it: an index of files of at most 50,000 addresses
 * each, so a catalogue of any size stays readable by search engines.
 */

/** The protocol's cap on the addresses of one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The slugs of the pages the sitemap lists, besides the site's static pages. */
export interface SitemapSources {
  titles: readonly string[];
  actors: readonly string[];
  categories: readonly string[];
  tags: readonly string[];
}

const STATIC_PATHS = ['/', '/updates', '/about', '/copyright', '/privacy-policy', '/partners'];

/**
 * Every public page the build makes, one address at a time: so they can be counted without being
 * kept (at 100,000 titles the 500,000 addresses were 54 MiB).
 */
export function* sitemapPaths({ titles, actors, categories, tags }: SitemapSources): Generator<string> {
  yield* STATIC_PATHS;
  for (const slug of categories) yield* [`/categories/${slug}`, `/categories/${slug}/new`];
  for (const slug of tags) yield `/tag/${slug}`;
  for (const slug of titles) yield* [`/${slug}`, `/${slug}/actors`];
  for (const slug of actors) yield `/actors/${slug}`;
}

/** How many addresses `paths` makes, none of them kept. */
export function countOf(paths: Iterable<unknown>): number {
  let count = 0;
  for (const _ of paths) count++;
  return count;
}

/** How many sitemap files `count` addresses need (at least one, so the index is never empty). */
export function sitemapFileCount(count: number, max = SITEMAP_MAX_URLS): number {
  return Math.max(1, Math.ceil(count / max));
}

/** The addresses of sitemap file `n` (from 1). */
export function sitemapSlice<T>(paths: readonly T[], n: number, max = SITEMAP_MAX_URLS): T[] {
  return paths.slice((n - 1) * max, n * max);
}

/** The address of sitemap file `n`. */
export const sitemapFile = (n: number) => `/sitemap-${n}.xml`;

/** Whether `name`, a file at the top of the build, is one of the sitemap's files (not its index). */
export const isSitemapFile = (name: string): boolean => /^sitemap-[1-9]\d*\.xml$/.test(name);

export function sitemapIndexXml(siteUrl: string, files: number): string {
  const entries = Array.from({ length: files }, (_, i) => `  <sitemap><loc>${escapeXml(siteUrl + sitemapFile(i + 1))}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

export function urlsetXml(siteUrl: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeXml(siteUrl + encodeURI(p))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export const XML_HEADERS = { 'Content-Type': 'application/xml; charset=utf-8' };

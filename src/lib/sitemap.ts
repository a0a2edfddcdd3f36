/**
 * sitemap.xml as the sitemaps protocol wants it: an index of files of at most 50,000 addresses
 * each, so a catalogue of any size stays readable by search engines.
 */

/** The protocol's cap on the addresses of one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A title as the sitemap lists it: its slug, and when an editor last changed it (Directus's
 * `date_updated`, stamped by every save of the title, its episodes and cast included when saved with it).
 */
export interface SitemapTitle {
  id: number;
  slug: string;
  date_updated?: string | null;
}

/** What the sitemap lists the pages of, besides the site's static pages. */
export interface SitemapSources {
  titles: readonly SitemapTitle[];
  actors: readonly string[];
  categories: readonly string[];
  tags: readonly string[];
}

/**
 * One address of the sitemap, and when its page's content last changed where the data knows it: a
 * title's and its cast page's. People, lists and the static pages have no such date (a list changes with
 * its titles' views and ratings), so they go without one rather than with a date that is not true.
 */
export interface SitemapUrl {
  path: string;
  lastmod?: string;
}

const STATIC_PATHS = ['/', '/updates', '/about', '/copyright', '/privacy-policy', '/partners'];

/** `date_updated` as the sitemap writes it (W3C Datetime to the second), or nothing when it is not a date. */
export function lastmodOf(date: string | null | undefined): string | undefined {
  const time = date ? Date.parse(date) : Number.NaN;
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Every public page the build makes, one address at a time: so they can be counted without being
 * kept (at 100,000 titles the 500,000 addresses were 54 MiB).
 */
export function* sitemapPaths({ titles, actors, categories, tags }: SitemapSources): Generator<SitemapUrl> {
  for (const path of STATIC_PATHS) yield { path };
  for (const slug of categories) yield* [{ path: `/categories/${slug}` }, { path: `/categories/${slug}/new` }];
  for (const slug of tags) yield { path: `/tag/${slug}` };
  for (const title of titles) {
    const lastmod = lastmodOf(title.date_updated);
    yield* lastmod
      ? [{ path: `/${title.slug}`, lastmod }, { path: `/${title.slug}/actors`, lastmod }]
      : [{ path: `/${title.slug}` }, { path: `/${title.slug}/actors` }];
  }
  for (const slug of actors) yield { path: `/actors/${slug}` };
}

/**
 * The sitemap files (from 1) that list the titles at `places` in `sources.titles`: after an edit
 * that moved no address, only they change when the titles' dates did.
 */
export function sitemapFilesOfTitles(sources: SitemapSources, places: Iterable<number>, max = SITEMAP_MAX_URLS): Set<number> {
  const before = STATIC_PATHS.length + 2 * sources.categories.length + sources.tags.length;
  const files = new Set<number>();
  // A title has two addresses, its page's and its cast page's, which a file's end may part.
  for (const place of places) for (const at of [before + 2 * place, before + 2 * place + 1]) files.add(Math.floor(at / max) + 1);
  return files;
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

/** The number of `name`, a file at the top of the build, when it is one of the sitemap's files (not its index); else null. */
export function sitemapFileNumber(name: string): number | null {
  const n = /^sitemap-([1-9]\d*)\.xml$/.exec(name)?.[1];
  return n ? Number(n) : null;
}

/** Whether `name`, a file at the top of the build, is one of the sitemap's files (not its index). */
export const isSitemapFile = (name: string): boolean => sitemapFileNumber(name) !== null;

export function sitemapIndexXml(siteUrl: string, files: number): string {
  const entries = Array.from({ length: files }, (_, i) => `  <sitemap><loc>${escapeXml(siteUrl + sitemapFile(i + 1))}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** How many files an index sitemapIndexXml wrote lists. */
export const sitemapIndexFiles = (xml: string): number => xml.split('<sitemap>').length - 1;

export function urlsetXml(siteUrl: string, urls: readonly SitemapUrl[]): string {
  const lines = urls.map(({ path, lastmod }) => `  <url><loc>${escapeXml(siteUrl + encodeURI(path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}

export const XML_HEADERS = { 'Content-Type': 'application/xml; charset=utf-8' };

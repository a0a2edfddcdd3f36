/**
 * sitemap.xml as the sitemaps protocol wants it: an index of files of at most 50,000 addresses
 * each, so a catalogue of any size stays readable by search engines.
 */

/** The protocol's cap on the addresses of one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

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

export function sitemapIndexXml(siteUrl: string, files: number): string {
  const entries = Array.from({ length: files }, (_, i) => `  <sitemap><loc>${escapeXml(siteUrl + sitemapFile(i + 1))}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

export function urlsetXml(siteUrl: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeXml(siteUrl + encodeURI(p))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export const XML_HEADERS = { 'Content-Type': 'application/xml; charset=utf-8' };

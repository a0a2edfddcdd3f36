import { describe, expect, it } from 'vitest';
import { countOf, isSitemapFile, SITEMAP_MAX_URLS, sitemapFile, sitemapFileCount, sitemapIndexXml, sitemapPaths, sitemapSlice, urlsetXml } from '../../src/lib/sitemap.ts';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('sitemap', () => {
  it('keeps every file within the protocol cap of 50,000 addresses', () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(sitemapFileCount(0)).toBe(1);
    expect(sitemapFileCount(50_000)).toBe(1);
    expect(sitemapFileCount(50_001)).toBe(2);
    expect(sitemapFileCount(70_006)).toBe(2);
  });

  it('lists every public page once, and counts them without keeping them', () => {
    const sources = { titles: ['son', 'more'], actors: ['kim'], categories: ['doramy'], tags: ['devushki'] };
    const paths = [...sitemapPaths(sources)];
    expect(paths).toEqual([
      '/', '/updates', '/about', '/copyright', '/privacy-policy', '/partners',
      '/categories/doramy', '/categories/doramy/new', '/tag/devushki',
      '/son', '/son/actors', '/more', '/more/actors', '/actors/kim',
    ]);
    expect(countOf(sitemapPaths(sources))).toBe(paths.length);
  });

  it("tells the sitemap's files from its index and every other file", () => {
    expect([1, 2, 10, 123].map((n) => isSitemapFile(sitemapFile(n).slice(1)))).toEqual([true, true, true, true]);
    expect(['sitemap.xml', 'sitemap-0.xml', 'sitemap-.xml', 'sitemap-1.xml.br', 'index.html', 'robots.txt', 'xsitemap-1.xml'].map(isSitemapFile))
      .toEqual([false, false, false, false, false, false, false]);
  });

  it('splits the addresses into files without losing or repeating one', () => {
    const paths = Array.from({ length: 7 }, (_, i) => `/p${i}`);
    const files = Array.from({ length: sitemapFileCount(paths.length, 3) }, (_, i) => sitemapSlice(paths, i + 1, 3));
    expect(files).toEqual([['/p0', '/p1', '/p2'], ['/p3', '/p4', '/p5'], ['/p6']]);
  });

  it('writes an index of the files at the public address', () => {
    const xml = sitemapIndexXml('https://example.org', 2);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(xml)).toEqual(['https://example.org/sitemap-1.xml', 'https://example.org/sitemap-2.xml']);
  });

  it('writes each address encoded and escaped', () => {
    const xml = urlsetXml('https://example.org', ['/', '/tag/девушки', '/a&b']);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(xml)).toEqual([
      'https://example.org/', 'https://example.org/tag/%D0%B4%D0%B5%D0%B2%D1%83%D1%88%D0%BA%D0%B8', 'https://example.org/a&amp;b',
    ]);
  });
});

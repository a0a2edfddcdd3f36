import { describe, expect, it } from 'vitest';
import {
  countOf, isSitemapFile, lastmodOf, SITEMAP_MAX_URLS, sitemapFile, sitemapFileCount, sitemapFilesOfTitles, sitemapIndexFiles, sitemapIndexXml,
  sitemapPaths, sitemapSlice, urlsetXml,
} from '../../src/lib/sitemap.ts';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('sitemap', () => {
  it('keeps every file within the protocol cap of 50,000 addresses', () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(sitemapFileCount(0)).toBe(1);
    expect(sitemapFileCount(50_000)).toBe(1);
    expect(sitemapFileCount(50_001)).toBe(2);
    expect(sitemapFileCount(70_006)).toBe(2);
  });

  const titles = [{ id: 1, slug: 'son', date_updated: '2026-12-01T10:20:30.456Z' }, { id: 2, slug: 'more', date_updated: null }];

  it('lists every public page once, and counts them without keeping them', () => {
    const sources = { titles, actors: ['kim'], categories: ['doramy'], tags: ['devushki'] };
    const paths = [...sitemapPaths(sources)].map((u) => u.path);
    expect(paths).toEqual([
      '/', '/updates', '/about', '/copyright', '/privacy-policy', '/partners',
      '/categories/doramy', '/categories/doramy/new', '/tag/devushki',
      '/son', '/son/actors', '/more', '/more/actors', '/actors/kim',
    ]);
    expect(countOf(sitemapPaths(sources))).toBe(paths.length);
  });

  it("dates a title's page and cast page by the title's last change, and nothing the data has no date for", () => {
    const urls = [...sitemapPaths({ titles, actors: ['kim'], categories: ['doramy'], tags: ['devushki'] })];
    expect(urls.filter((u) => u.lastmod)).toEqual([
      { path: '/son', lastmod: '2026-12-01T10:20:30Z' }, { path: '/son/actors', lastmod: '2026-12-01T10:20:30Z' },
    ]);
    const xml = urlsetXml('https://example.org', urls);
    expect(xml).toContain('<url><loc>https://example.org/son</loc><lastmod>2026-12-01T10:20:30Z</lastmod></url>');
    expect(xml).toContain('<url><loc>https://example.org/more</loc></url>');
    expect(xml.match(/<lastmod>/g)).toHaveLength(2);
  });

  it('writes a date as W3C Datetime to the second, in UTC, and nothing for what is no date', () => {
    expect(lastmodOf('2026-12-01T10:20:30.456Z')).toBe('2026-12-01T10:20:30Z');
    expect(lastmodOf('2026-12-01T13:20:30+03:00')).toBe('2026-12-01T10:20:30Z');
    expect([lastmodOf(null), lastmodOf(undefined), lastmodOf(''), lastmodOf('вчера')]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('names the files that list a title, its two addresses even when a file ends between them', () => {
    const sources = { titles: Array.from({ length: 10 }, (_, i) => ({ id: i + 1, slug: `t${i}` })), actors: [], categories: [], tags: ['a'] };
    const paths = [...sitemapPaths(sources)].map((u) => u.path);
    const fileOf = (path: string) => Math.floor(paths.indexOf(path) / 4) + 1;
    for (let place = 0; place < 10; place++) {
      expect(sitemapFilesOfTitles(sources, [place], 4), `title ${place}`).toEqual(new Set([fileOf(`/t${place}`), fileOf(`/t${place}/actors`)]));
    }
    // The 7 addresses before the titles and a file of 4: the first title's page ends file 2, its cast page starts file 3.
    expect(sitemapFilesOfTitles(sources, [0], 4)).toEqual(new Set([2, 3]));
    expect(sitemapFilesOfTitles(sources, [], 4)).toEqual(new Set());
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

  it('writes an index of the files at the public address, and reads back how many it lists', () => {
    const xml = sitemapIndexXml('https://example.org', 2);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(xml)).toEqual(['https://example.org/sitemap-1.xml', 'https://example.org/sitemap-2.xml']);
    expect([1, 2, 7].map((n) => sitemapIndexFiles(sitemapIndexXml('https://example.org', n)))).toEqual([1, 2, 7]);
  });

  it('writes each address encoded and escaped', () => {
    const xml = urlsetXml('https://example.org', ['/', '/tag/девушки', '/a&b'].map((path) => ({ path })));
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(xml)).toEqual([
      'https://example.org/', 'https://example.org/tag/%D0%B4%D0%B5%D0%B2%D1%83%D1%88%D0%BA%D0%B8', 'https://example.org/a&amp;b',
    ]);
  });
});

/** Former addresses: the table the build writes in two forms, and how the site's server reads it. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  NGINX_REDIRECTS_FILE, REDIRECTS_FILE, parseRedirects, redirectKey, redirectLookup, redirectsOf, writeRedirects,
} from '../../scripts/lib/redirects.ts';
import { FORMER_SLUG_COLLECTIONS, SLUG_PAGES } from '../../shared/former-slugs.ts';
import { sitemapPaths, type SitemapSources } from '../../src/lib/sitemap.ts';
import { resolveRoute } from '../../scripts/lib/rewrites.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the redirect table', () => {
  it('sends every page of a row\'s former slug to the same page now, a title\'s under /titles to its canonical address', () => {
    const table = redirectsOf([
      { collection: 'titles', from: 'zvezdy', to: 'zvyozdy' },
      { collection: 'actors', from: 'kim-seo-yun', to: 'kim-so-yun' },
      { collection: 'categories', from: 'doramy-onlayn', to: 'doramy' },
      { collection: 'tags', from: 'old-tag', to: 'new-tag' },
    ]);
    expect(Object.fromEntries(table)).toEqual({
      '/zvezdy': '/zvyozdy',
      '/zvezdy/actors': '/zvyozdy/actors',
      '/titles/zvezdy': '/zvyozdy',
      '/titles/zvezdy/actors': '/zvyozdy/actors',
      '/actors/kim-seo-yun': '/actors/kim-so-yun',
      '/categories/doramy-onlayn': '/categories/doramy',
      '/categories/doramy-onlayn/new': '/categories/doramy/new',
      '/categories/doramy-onlayn/filter': '/categories/doramy/filter',
      '/tag/old-tag': '/tag/new-tag',
    });
  });

  it('covers every page the sitemap lists by a slug, and each one it sends to is a page the build makes', () => {
    const sources = (slug: string) => ({ titles: [{ id: 1, slug }], actors: [slug], categories: [slug], tags: [slug] });
    const paths = (s: SitemapSources) => new Set([...sitemapPaths(s)].map((url) => url.path));
    const table = redirectsOf(FORMER_SLUG_COLLECTIONS.map((collection) => ({ collection, from: 'a', to: 'b' })));
    const pages = paths(sources('b'));
    const byNoSlug = paths({ titles: [], actors: [], categories: [], tags: [] });
    for (const page of paths(sources('a'))) {
      if (!byNoSlug.has(page)) expect(pages.has(table.get(page)!), page).toBe(true);
    }
    // The filter screens and the title's pages under /titles, which the sitemap leaves out, too.
    expect(Object.values(SLUG_PAGES).flat().length).toBe(table.size);
    const built = new Set(['/b/index.html', '/b/actors.html', '/actors/b.html', '/categories/b/index.html', '/categories/b/new.html', '/categories/b/filter.html', '/tag/b.html']);
    for (const to of table.values()) expect(resolveRoute(to, (file) => built.has(file)).status, to).toBe(200);
  });

  it('leaves out what is no slug\'s shape, which would break a line of either file', () => {
    const table = redirectsOf([
      { collection: 'titles', from: 'a b', to: 'c' },
      { collection: 'titles', from: 'd', to: 'e;' },
      { collection: 'tags', from: 'same', to: 'same' },
    ]);
    expect(table.size).toBe(0);
  });

  it('is written as `_redirects` (301 lines) and as nginx\'s map, and read back from `_redirects`', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'redirects-'));
    dirs.push(dir);
    const table = redirectsOf([{ collection: 'actors', from: 'old', to: 'new' }, { collection: 'tags', from: 'x', to: 'y' }]);
    writeRedirects(dir, table);
    expect(readFileSync(path.join(dir, REDIRECTS_FILE), 'utf8')).toBe('/actors/old /actors/new 301\n/tag/x /tag/y 301\n');
    expect(readFileSync(path.join(dir, NGINX_REDIRECTS_FILE), 'utf8')).toBe('/actors/old /actors/new;\n/tag/x /tag/y;\n');
    expect(parseRedirects(readFileSync(path.join(dir, REDIRECTS_FILE), 'utf8'))).toEqual(table);
    // Comments, blank lines and other statuses are not ours to follow.
    expect(parseRedirects('# note\n\n/a /b 302\n/c /d 301\n')).toEqual(new Map([['/c', '/d']]));
    writeRedirects(dir, new Map());
    expect(readFileSync(path.join(dir, REDIRECTS_FILE), 'utf8')).toBe('');
  });
});

describe('looking a path up', () => {
  it('takes a path decoded and without its trailing slash, and refuses what leaves the site', () => {
    expect(redirectKey('/old/')).toBe('/old');
    expect(redirectKey('/titles//old/actors//')).toBe('/titles/old/actors');
    expect(redirectKey('/')).toBe('/');
    expect(redirectKey('/%D0%B0')).toBe('/а');
    expect(redirectKey('/%E0%A4%A')).toBeNull();
  });

  it('reads a build\'s table once, and again once an edit rewrote it in place', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'redirects-'));
    dirs.push(dir);
    const lookup = redirectLookup();
    expect(lookup(dir, '/old')).toBeNull();
    writeRedirects(dir, redirectsOf([{ collection: 'titles', from: 'old', to: 'new' }]));
    expect(lookup(dir, '/old/')).toBe('/new');
    expect(lookup(dir, '/titles/old/actors')).toBe('/new/actors');
    expect(lookup(dir, '/other')).toBeNull();
    writeFileSync(path.join(dir, REDIRECTS_FILE), '/old /newer 301\n');
    expect(lookup(dir, '/old')).toBe('/newer');
  });
});

describe('the build\'s read of the former slugs', () => {
  it('waits out a busy or rate-limited backend and then writes the table', async () => {
    const http = await import('node:http');
    const { writeBuildRedirects } = await import('../../scripts/site-build/redirects-file.ts');
    const answers = [429, 503, 200];
    const asked: number[] = [];
    const server = http.createServer((_req, res) => {
      const status = answers[asked.length] ?? 200;
      asked.push(status);
      res.writeHead(status, { 'content-type': 'application/json' });
      // As Directus answers: its limiter's 429 and its pressure guard's 503.
      const refusal = status === 429 ? { message: 'Too many requests', code: 'REQUESTS_EXCEEDED' } : { message: 'Under pressure', code: 'SERVICE_UNAVAILABLE' };
      res.end(JSON.stringify(status === 200 ? { data: [{ collection: 'titles', from: 'old', to: 'new' }] } : { errors: [{ message: refusal.message, extensions: { code: refusal.code } }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'redirects-read-'));
    dirs.push(dir);
    try {
      const { port } = server.address() as { port: number };
      await writeBuildRedirects(dir, `http://127.0.0.1:${port}`);
    } finally {
      server.close();
    }
    expect(asked).toEqual([429, 503, 200]);
    expect(parseRedirects(readFileSync(path.join(dir, REDIRECTS_FILE), 'utf8')).get('/old')).toBe('/new');
  });
});

import { describe, expect, it } from 'vitest';
import { NOT_FOUND_FILE, PROFILE_SHELL_FILE, REWRITE_RULES, TOGETHER_SHELL_FILE, normalizePath, resolveRoute } from '../../scripts/lib/rewrites.ts';

/** A fake dist: the files Astro would build (`build.format: 'preserve'`). */
const DIST = new Set([
  '/index.html',
  '/404.html',
  '/_astro/app.123.js',
  '/favicon.svg',
  '/robots.txt',
  '/some-title/index.html',
  '/some-title/actors.html',
  '/categories/index.html',
  '/categories/anime/index.html',
  '/categories/anime/filter.html',
  '/categories/Аниме/filter.html',
  '/profile/index.html',
  '/profile/edit.html',
  '/profile/tariff.html',
  '/profile/user.html',
  '/together.html',
  '/about.html',
]);
const exists = (file: string) => DIST.has(file);
const route = (p: string) => resolveRoute(p, exists);

describe('resolveRoute', () => {
  it('serves files, folder indexes and {path}.html as they are, with or without a trailing slash', () => {
    expect(route('/')).toMatchObject({ file: '/index.html', status: 200 });
    expect(route('/_astro/app.123.js')).toMatchObject({ file: '/_astro/app.123.js', status: 200 });
    expect(route('/robots.txt')).toMatchObject({ file: '/robots.txt', status: 200 });
    expect(route('/some-title')).toMatchObject({ file: '/some-title/index.html', status: 200 });
    expect(route('/some-title/')).toMatchObject({ file: '/some-title/index.html', status: 200 });
    expect(route('/some-title/actors')).toMatchObject({ file: '/some-title/actors.html', status: 200 });
    expect(route('/some-title/actors/')).toMatchObject({ file: '/some-title/actors.html', status: 200 });
    expect(route('/about')).toMatchObject({ file: '/about.html', status: 200 });
    expect(route('/about/')).toMatchObject({ file: '/about.html', status: 200 });
  });

  it('serves /titles/{slug} and /titles/{slug}/actors from the canonical /{slug} build', () => {
    expect(route('/titles/some-title')).toMatchObject({ file: '/some-title/index.html', status: 200 });
    expect(route('/titles/some-title/')).toMatchObject({ file: '/some-title/index.html', status: 200 });
    expect(route('/titles/some-title/actors')).toMatchObject({ file: '/some-title/actors.html', status: 200 });
    expect(route('/titles/missing')).toMatchObject({ file: NOT_FOUND_FILE, status: 404 });
    expect(route('/titles/missing/actors')).toMatchObject({ file: NOT_FOUND_FILE, status: 404 });
    expect(route('/titles')).toMatchObject({ file: NOT_FOUND_FILE, status: 404 });
  });

  it('never lets /titles/ reach another section', () => {
    for (const p of ['/titles/categories', '/titles/about', '/titles/profile', '/titles/_astro', '/titles/categories/actors', '/titles/404.html']) {
      expect(route(p), p).toMatchObject({ file: NOT_FOUND_FILE, status: 404 });
    }
  });

  it('rewrites /together/{code} to the one shell of a room', () => {
    expect(route('/together/AbCdEfGhIjKlMnOpQrStU_')).toMatchObject({ file: TOGETHER_SHELL_FILE, status: 200 });
    expect(route('/together/AbCdEfGhIjKlMnOpQrStU_/')).toMatchObject({ file: TOGETHER_SHELL_FILE, status: 200 });
    expect(route('/together')).toMatchObject({ file: TOGETHER_SHELL_FILE, status: 200 });
    expect(route('/together/a/b')).toMatchObject({ file: NOT_FOUND_FILE, status: 404 });
    expect(route('/titles/together')).toMatchObject({ file: NOT_FOUND_FILE, status: 404 });
  });

  it('rewrites /profile/{login} to the one shell, but not edit and tariff', () => {
    for (const login of ['anyone', 'Маша', 'user', 'a.b-c_d']) {
      expect(route(`/profile/${encodeURIComponent(login)}`), login).toMatchObject({ file: PROFILE_SHELL_FILE, status: 200 });
    }
    expect(route('/profile/anyone/')).toMatchObject({ file: PROFILE_SHELL_FILE, status: 200 });
    expect(route('/profile')).toMatchObject({ file: '/profile/index.html', status: 200 });
    expect(route('/profile/edit')).toMatchObject({ file: '/profile/edit.html', status: 200 });
    expect(route('/profile/tariff/')).toMatchObject({ file: '/profile/tariff.html', status: 200 });
    expect(route('/profile/edit-me')).toMatchObject({ file: PROFILE_SHELL_FILE, status: 200 });
    expect(route('/profile/anyone/more')).toMatchObject({ file: NOT_FOUND_FILE, status: 404 });
  });

  it('serves the filter shells Astro builds per category, by slug or by (encoded) name', () => {
    expect(route('/categories/anime/filter')).toMatchObject({ file: '/categories/anime/filter.html', status: 200 });
    expect(route(`/categories/${encodeURIComponent('Аниме')}/filter`)).toMatchObject({ file: '/categories/Аниме/filter.html', status: 200 });
    expect(route('/categories/unknown/filter')).toMatchObject({ file: NOT_FOUND_FILE, status: 404 });
  });

  it('answers /not-found, /404.html and unknown paths with the 404 page and status 404', () => {
    for (const p of ['/not-found', '/not-found/', '/404.html', '/nope', '/nope/deeper', '/_astro/missing.js']) {
      expect(route(p), p).toMatchObject({ file: NOT_FOUND_FILE, status: 404 });
    }
  });

  it('refuses paths that could leave dist', () => {
    for (const p of ['/../package.json', '/%2e%2e/package.json', '/%2E%2E%2Fpackage.json', '/a/../../etc/passwd', '/..%5cpackage.json', '/./index.html']) {
      const r = route(p);
      expect([400, 404], p).toContain(r.status);
      expect(r.file, p).toBe(NOT_FOUND_FILE);
    }
    expect(route('/%E0%A4%A').status).toBe(400);
    expect(route('/a%00b').status).toBe(400);
  });

  it('collapses repeated slashes', () => {
    expect(normalizePath('//some-title//')).toBe('/some-title/');
  });

  it('has rules whose patterns compile and whose names are unique', () => {
    const names = REWRITE_RULES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const r of REWRITE_RULES) expect(() => new RegExp(r.pattern)).not.toThrow();
  });
});

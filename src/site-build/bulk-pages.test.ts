import { describe, expect, it } from 'vitest';
import { isBulkRoute, markBulkRoute, pageOutput } from './bulk-pages.ts';

describe("the build's own loop of pages", () => {
  it('writes a page where Astro writes it in the format "preserve", and renders it at the same address', () => {
    expect(pageOutput('/dream', true)).toEqual({ file: 'dream/index.html', href: '/dream/' });
    expect(pageOutput('/dream/actors', false)).toEqual({ file: 'dream/actors.html', href: '/dream/actors.html' });
    expect(pageOutput('/actors/lee-min-ho', false)).toEqual({ file: 'actors/lee-min-ho.html', href: '/actors/lee-min-ho.html' });
    expect(pageOutput('/', true)).toEqual({ file: 'index.html', href: '/' });
  });

  it('renders the routes marked, and only those', () => {
    expect(isBulkRoute('/tests/[marked]')).toBe(false);
    markBulkRoute('/tests/[marked]');
    expect(isBulkRoute('/tests/[marked]')).toBe(true);
    expect(isBulkRoute('/tests/[other]')).toBe(false);
  });
});

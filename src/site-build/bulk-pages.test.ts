import { describe, expect, it } from 'vitest';
import { isBulkRoute, markBulkRoute, pageOutput, PAGES_PER_TURN, renderEach } from './bulk-pages.ts';

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

  it('renders each page once, in order, and lets the timers pages set run while later pages render', async () => {
    const pages = Array.from({ length: 2 * PAGES_PER_TURN + 1 }, (_, i) => i);
    const rendered: number[] = [];
    /** How many of the earlier pages' timers had run when each page began. */
    const firedBefore: number[] = [];
    let fired = 0;
    await renderEach(pages, async (page) => {
      rendered.push(page);
      firedBefore.push(fired);
      setTimeout(() => fired++, 0);
    });
    expect(rendered).toEqual(Array.from({ length: 2 * PAGES_PER_TURN + 1 }, (_, i) => i));
    expect(pages).toEqual([]);
    expect(firedBefore[PAGES_PER_TURN - 1]).toBe(0);
    expect(firedBefore[PAGES_PER_TURN]).toBe(PAGES_PER_TURN);
    expect(firedBefore[2 * PAGES_PER_TURN]).toBe(2 * PAGES_PER_TURN);
  });
});

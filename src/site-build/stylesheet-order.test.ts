import { describe, expect, it } from 'vitest';
import { putStylesheetLast, stylesheetLink } from './stylesheet-order.ts';

const PAGES = '<link rel="stylesheet" href="/_astro/style.pages1.css">';
const ISLANDS = '<link rel="stylesheet" href="/_astro/style.islands.css">';
const page = (links: string, body = '<p>Привет 🎬</p>') => `<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><title>Дорама 世界</title>${links}</head><body>${body}</body></html>`;
/** The page with the islands' sheet put last, its own bytes moved. */
function islandsLast(html: string): string {
  const bytes = new TextEncoder().encode(html);
  putStylesheetLast(bytes, stylesheetLink('/_astro/style.islands.css'));
  return new TextDecoder().decode(bytes);
}

describe("a page's stylesheets", () => {
  it("puts the islands' sheet after the pages' when Astro linked it first, the rest kept byte for byte", () => {
    expect(islandsLast(page(ISLANDS + PAGES))).toBe(page(PAGES + ISLANDS));
  });

  it('gives the one order whichever Astro wrote', () => {
    expect(islandsLast(page(PAGES + ISLANDS))).toBe(page(PAGES + ISLANDS));
  });

  it('moves it after every sheet linked straight after it, and only those', () => {
    const other = '<link rel="stylesheet" href="/_astro/other.css">';
    const html = page(`${ISLANDS}${PAGES}${other}<link rel="icon" href="/favicon.svg">${PAGES}`);
    expect(islandsLast(html)).toBe(page(`${PAGES}${other}${ISLANDS}<link rel="icon" href="/favicon.svg">${PAGES}`));
  });

  it('leaves a page that does not link it, or ends in its links, as it came', () => {
    expect(islandsLast(page(PAGES))).toBe(page(PAGES));
    expect(islandsLast(`${ISLANDS}${PAGES}`)).toBe(`${PAGES}${ISLANDS}`);
    expect(islandsLast(`${ISLANDS}<link rel="stylesheet" href="/cut`)).toBe(`${ISLANDS}<link rel="stylesheet" href="/cut`);
  });
});

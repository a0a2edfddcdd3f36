import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { scriptPolicy, withScriptPolicy } from './script-policy.ts';

const hash = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
const page = (head: string, body = '') => `<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
const bytes = (text: string) => new TextEncoder().encode(text);
const text = (page: Uint8Array) => new TextDecoder().decode(page);

describe("a page's script policy", () => {
  it('lets its own files and each of its inline scripts run, by hash, each named once', () => {
    const theme = 'document.documentElement.className="dark-theme"';
    const island = 'customElements.define("x-island",class extends HTMLElement{})';
    const html = page(`<script>${theme}</script>`, `<script type="module">${island}</script><script type="module" src="/_astro/a.js"></script><script>${theme}</script>`);
    expect(scriptPolicy(bytes(html))).toBe(`script-src 'self' ${hash(theme)} ${hash(island)}; object-src 'none'; base-uri 'self'`);
  });

  it('hashes a script of Russian words by its UTF-8, as browsers do', () => {
    const words = 'console.log("Смотреть — серия 1")';
    expect(scriptPolicy(bytes(page(`<script>${words}</script>`)))).toContain(hash(words));
  });

  it('names no data block: structured data is never run', () => {
    const html = page('<script type="application/ld+json">{"@type":"Movie"}</script>');
    expect(scriptPolicy(bytes(html))).toBe("script-src 'self'; object-src 'none'; base-uri 'self'");
  });

  it('goes first in the head, after the charset, so it governs every script of the page, the rest kept byte for byte', () => {
    const html = page('<title>Дорамы онлайн</title><script>a()</script>', '<p>Привет, 世界 🎬</p>');
    const out = text(withScriptPolicy(bytes(html)));
    expect(out).toMatch(/^<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="script-src 'self' 'sha256-[^']+'; object-src 'none'; base-uri 'self'"><title>/);
    expect(out.replace(/<meta http-equiv="Content-Security-Policy" content="[^"]+">/, '')).toBe(html);
  });

  it('leaves what is not a page as it came', () => {
    expect(text(withScriptPolicy(bytes('{"not":"html"}')))).toBe('{"not":"html"}');
  });
});

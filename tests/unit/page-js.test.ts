/** The page-JS measure: what a page's HTML names and what that imports statically, compressed as the server sends it. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { pageJs } from '../../scripts/lib/page-js.ts';
import { GZIP_OPTIONS, brotliOptions } from '../../scripts/lib/static-server.ts';

const dist = mkdtempSync(path.join(os.tmpdir(), 'page-js-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const MODULES: Record<string, string> = {
  'page.js': `import { shared } from './shared.js'; document.body.dataset.x = shared; import('./lazy.js');`,
  'island.js': `import { shared } from '/_astro/shared.js'; export default () => shared + ${JSON.stringify('x'.repeat(300))};`,
  'renderer.js': `export default () => 'renderer';`,
  'shared.js': `export const shared = ${JSON.stringify('shared '.repeat(50))};`,
  'lazy.js': `export const lazy = 'only when needed';`,
  'unused.js': `export const unused = 1;`,
  'members.js': `export default () => 'for signed-in people';`,
};
mkdirSync(path.join(dist, '_astro'));
for (const [name, text] of Object.entries(MODULES)) writeFileSync(path.join(dist, '_astro', name), text);
// Structured data is a script element that runs nothing and loads nothing: it counts for nothing.
writeFileSync(path.join(dist, 'index.html'), `<script type="application/ld+json">{"@type":"BreadcrumbList","item":"/_astro/page.js"}</script>
<script type="module" src="/_astro/page.js"></script>
<astro-island component-url="/_astro/island.js" renderer-url="/_astro/renderer.js"></astro-island>
<astro-island component-url="/_astro/members.js" renderer-url="/_astro/renderer.js" ssr client="signed-in"></astro-island>`);

const sizes = (name: string) => {
  const raw = Buffer.from(MODULES[name]);
  return { gzip: gzipSync(raw, GZIP_OPTIONS).length, brotli: brotliCompressSync(raw, brotliOptions(raw.length)).length };
};

describe('page JS', () => {
  it('counts the scripts and islands a page names and their static imports, once each, and leaves dynamic imports and islands for signed-in people out', async () => {
    const js = await pageJs(dist, 'index.html');
    expect(js.modules.map((m) => m.url).sort()).toEqual(['/_astro/island.js', '/_astro/page.js', '/_astro/renderer.js', '/_astro/shared.js']);
  });

  it('sizes each module as the server compresses it, sums them, and lists the largest first', async () => {
    const js = await pageJs(dist, 'index.html');
    for (const m of js.modules) expect(m, m.url).toEqual({ url: m.url, ...sizes(path.basename(m.url)) });
    expect(js.brotli).toBe(js.modules.reduce((sum, m) => sum + m.brotli, 0));
    expect(js.bytes).toBe(js.modules.reduce((sum, m) => sum + m.gzip, 0));
    expect(js.modules.map((m) => m.brotli)).toEqual(js.modules.map((m) => m.brotli).sort((a, b) => b - a));
  });
});

/**
 * The script a visitor's phone-sized page downloads on arrival, left alone (no scroll, no click),
 * as compressed bytes of the bodies the browser received: what a visitor pays before they use
 * anything. `npm run bench:arrival -- --site http://127.0.0.1:4321 --page / --page /some-title`
 * against any served site (npm start's by default).
 */
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from './lib/chromium.ts';

const { values } = parseArgs({
  options: {
    site: { type: 'string', default: `http://127.0.0.1:${process.env.SITE_PORT ?? 4321}` },
    page: { type: 'string', multiple: true, default: ['/'] },
  },
});

/** After the network went quiet, late scripts (started on the page's load) get this long to arrive. */
const SETTLE_MS = 1500;

const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: [...CHROMIUM_ARGS] });
console.log('| page | script on arrival (compressed bodies) | files |\n|---|---:|---:|');
for (const address of values.page) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Set<string>();
  const headers = new Map<string, number>();
  const bodies = new Map<string, number>();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type !== 'Script') return;
    scripts.add(e.requestId);
    headers.set(e.requestId, e.response.encodedDataLength);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (scripts.has(e.requestId)) bodies.set(e.requestId, e.encodedDataLength - (headers.get(e.requestId) ?? 0));
  });
  await page.goto(new URL(address, values.site).href, { waitUntil: 'networkidle' });
  await page.waitForTimeout(SETTLE_MS);
  const total = [...bodies.values()].reduce((a, b) => a + b, 0);
  console.log(`| \`${address}\` | ${total.toLocaleString('en')} B | ${bodies.size} |`);
  await context.close();
}
await browser.close();

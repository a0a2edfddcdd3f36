/**
 * `npm run bench:player`: from a click on an episode to its first frame on screen, for the demo's
 * upload, in Debian's Chromium (headless, software rendering). It brings up its own world as the
 * browser tests do: a fresh Directus with the demo seeded, the site built from it and served by the
 * site server, all in a temp folder removed at the end. Each run is a new browser context (nothing
 * cached): the title page of the first published title whose episodes are uploads, its player
 * opened, and a click on an episode other than the current one.
 *
 * The first frame is the one `requestVideoFrameCallback` reports presented to the compositor
 * (its `presentationTime`), registered at the video's `loadstart`, before any frame can exist: the
 * moment the frame is handed over for the screen, which 'loadeddata' (a frame decoded, maybe not
 * drawn) and 'playing' (playback began) only bracket. Both of those are printed too. Times are the
 * page's own clock, from the click event's timestamp. Every run is written to bench/results/.
 *
 *   node scripts/bench-player.ts [--runs 10]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { seedDemo } from '../directus/seed/index.ts';
import { startBackend, type Backend } from './lib/backend.ts';
import { CHROMIUM_ARGS, ensureChromium } from './lib/chromium.ts';
import { quantile } from './lib/bench-figures.ts';
import { freePort } from './lib/free-port.ts';
import { ROOT } from './lib/paths.ts';
import { buildSite } from './site-build/build.ts';
import { startSiteServer, type SiteServer } from './lib/static-server.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });
const runs = Math.max(1, Number(values.runs));
const ADMIN = { email: 'admin@example.com', password: 'bench-player-password' };

interface Run { frameMs: number; loadeddataMs: number; playingMs: number | null }
interface Title { slug: string; series: { id: number; name: string }[] }

/** What the page notes, installed before its own scripts: the clicks, and each video's first events. */
function watchVideos(): void {
  const noted = { clicks: [] as number[], videos: [] as { src: string; frame?: number; loadeddata?: number; playing?: number }[] };
  Object.assign(window, { benchNoted: noted });
  document.addEventListener('click', (e) => noted.clicks.push(e.timeStamp), true);
  // Media events do not bubble; captured at the document they are heard for every video.
  document.addEventListener('loadstart', (e) => {
    const video = e.target;
    if (!(video instanceof HTMLVideoElement)) return;
    const entry: (typeof noted.videos)[number] = { src: video.currentSrc };
    noted.videos.push(entry);
    video.requestVideoFrameCallback((_now, meta) => { entry.frame = meta.presentationTime; });
    video.addEventListener('loadeddata', () => { entry.loadeddata = performance.now(); }, { once: true });
    video.addEventListener('playing', () => { entry.playing = performance.now(); }, { once: true });
  }, true);
}

async function measure(browser: Browser, siteUrl: string, title: Title): Promise<Run> {
  const context = await browser.newContext({ baseURL: siteUrl, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(watchVideos);
    await page.goto(`/${title.slug}?tab=seasons`);
    await page.waitForFunction(() => {
      const island = document.querySelector('#player')?.closest('astro-island');
      return island ? !island.hasAttribute('ssr') : false;
    }, undefined, { timeout: 30_000 });
    const episode = title.series[1]!;
    await page.locator('#player').getByRole('button', { name: episode.name, exact: true }).click();
    const result = await page.waitForFunction(() => {
      const noted = (window as unknown as { benchNoted: { clicks: number[]; videos: { frame?: number; loadeddata?: number; playing?: number }[] } }).benchNoted;
      const click = noted.clicks.at(-1);
      const video = noted.videos.at(-1);
      if (click === undefined || video?.frame === undefined || video.loadeddata === undefined) return null;
      return { frameMs: video.frame - click, loadeddataMs: video.loadeddata - click, playingMs: video.playing === undefined ? null : video.playing - click };
    }, undefined, { timeout: 30_000, polling: 50 });
    return (await result.jsonValue())!;
  } finally {
    await context.close();
  }
}

const ms = (n: number) => `${Math.round(n)} ms`;

const work = mkdtempSync(path.join(os.tmpdir(), 'bench-player-'));
let backend: Backend | undefined;
let site: SiteServer | undefined;
let browser: Browser | undefined;
try {
  const started = Date.now();
  const sitePort = await freePort();
  backend = await startBackend({
    dataDir: path.join(work, 'data'), siteUrl: `http://127.0.0.1:${sitePort}`, port: await freePort(),
    secret: 'bench-player-secret-'.padEnd(40, 'x'), adminEmail: ADMIN.email, adminPassword: ADMIN.password, quiet: true,
    extra: { PRESSURE_LIMITER_ENABLED: 'false' },
  });
  if (!(await seedDemo(backend.api, () => {}))) throw new Error('the demo seed found a filled catalogue in a fresh database');
  await buildSite({ directusUrl: backend.url, outDir: path.join(work, 'dist') });
  site = await startSiteServer({ distDir: path.join(work, 'dist'), port: sitePort, directusUrl: backend.url });
  console.error(`World up in ${((Date.now() - started) / 1000).toFixed(0)} s at ${site.url}`);

  const [title] = await backend.api.get<Title[]>(
    '/items/titles?filter[status][_eq]=published&filter[source][_eq]=video&filter[typeSource][_eq]=Без сезонов'
    + '&fields=slug,series.id,series.name&deep[series][_sort]=sort,id&deep[series][_filter][deleted][_eq]=false&sort=id&limit=1',
  );
  if (!title || title.series.length < 2) throw new Error('the demo has no title of uploaded episodes');

  browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: [...CHROMIUM_ARGS] });
  // One run first to warm the site server and Directus, not counted.
  await measure(browser, site.url, title);
  const all: Run[] = [];
  for (let i = 0; i < runs; i++) all.push(await measure(browser, site.url, title));

  const row = (what: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `| ${what} | ${ms(quantile(sorted, 0.5))} | ${ms(quantile(sorted, 0.95))} | ${ms(sorted[0]!)}–${ms(sorted.at(-1)!)} |`;
  };
  console.log(`From a click on an episode to its first frame: /${title.slug}, ${runs} runs, each in a new browser context\n`);
  console.log('| measured to | median | p95 | range |');
  console.log('|---|---:|---:|---:|');
  console.log(row('first frame presented (requestVideoFrameCallback)', all.map((r) => r.frameMs)));
  console.log(row("'loadeddata'", all.map((r) => r.loadeddataMs)));
  const playing = all.flatMap((r) => (r.playingMs === null ? [] : [r.playingMs]));
  if (playing.length) console.log(row(`'playing' (${playing.length} of ${runs} runs started playing)`, playing));
  else console.log(`| 'playing' | — | — | none of ${runs} runs started playing by itself |`);

  const dir = path.join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `player-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ title: title.slug, runs: all }, null, 2));
  console.log(`\nEvery run: ${path.relative(ROOT, file)}`);
} finally {
  await browser?.close();
  await site?.close();
  await backend?.stop();
  rmSync(work, { recursive: true, force: true });
}

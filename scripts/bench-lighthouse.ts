/**
 * `npm run bench:lighthouse`: Lighthouse's mobile audit (its default: a mid-range phone on a slow
 * 4G line, simulated) of a served site's home, a title, a category and an actor page, in Debian's
 * Chromium. Each page is audited several times; the median run by performance score is reported,
 * with its LCP, CLS, TBT, accessibility score and the scripts the phone downloaded on arrival (as
 * sent, and how many), as a markdown table, and every run is written as JSON to bench/results/.
 * Nothing is downloaded: Lighthouse and the launcher come with the npm install, the browser with
 * Debian's package.
 *
 *   node scripts/bench-lighthouse.ts [--site http://127.0.0.1:4321] [--runs 3] [--page /path ...]
 *
 * The site is the one `npm start` serves (SITE_PORT, or --site); the pages default to the demo
 * catalogue's.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, ensureChromium } from './lib/chromium.ts';
import { ROOT } from './lib/paths.ts';

const DEMO_PAGES = ['/', '/100-dney-po-kontraktu', '/categories/doramy-onlayn', '/actors/kim-seo-yun'];

const { values } = parseArgs({
  options: {
    site: { type: 'string', default: `http://127.0.0.1:${process.env.SITE_PORT ?? 4321}` },
    runs: { type: 'string', default: '3' },
    page: { type: 'string', multiple: true },
  },
});

interface Run {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** Scripts downloaded before the page was left alone: bytes as sent, and how many. */
  scriptBytes: number;
  scripts: number;
  /** Audits of the accessibility category that failed, by id. */
  failing: string[];
}

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const failing = (categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  const summary = (audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined)?.items ?? [];
  const script = summary.find((i) => i.resourceType === 'script');
  return {
    scriptBytes: script?.transferSize ?? 0,
    scripts: script?.requestCount ?? 0,
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbtMs: value('total-blocking-time'),
    fcpMs: value('first-contentful-paint'),
    failing,
  };
}

const median = (runs: Run[]) => [...runs].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs)[Math.floor(runs.length / 2)];
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const pages = values.page?.length ? values.page : DEMO_PAGES;
const runs = Math.max(1, Number(values.runs));
const chrome = await chromeLauncher.launch({
  chromePath: ensureChromium(),
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
const results: Record<string, Run[]> = {};
try {
  for (const page of pages) {
    const url = new URL(page, values.site).href;
    results[page] = [];
    for (let i = 0; i < runs; i++) results[page].push(await audit(url, chrome.port));
  }
} finally {
  chrome.kill();
}

console.log(`Lighthouse ${'mobile'} audit of ${values.site}, median of ${runs} run(s) by performance\n`);
console.log('| page | performance | accessibility | LCP | CLS | TBT | FCP | scripts on arrival | all runs: performance, LCP |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
for (const [page, list] of Object.entries(results)) {
  const m = median(list);
  const all = list.map((r) => `${r.performance}, ${seconds(r.lcpMs)}`).join('; ');
  const scripts = `${(m.scriptBytes / 1000).toFixed(1)} kB in ${m.scripts}`;
  console.log(`| ${page} | ${m.performance} | ${m.accessibility} | ${seconds(m.lcpMs)} | ${m.cls.toFixed(3)} | ${Math.round(m.tbtMs)} ms | ${seconds(m.fcpMs)} | ${scripts} | ${all} |`);
  if (m.failing.length) console.log(`|   ↳ accessibility audits failing: ${m.failing.join(', ')} | | | | | | | | |`);
}

const dir = path.join(ROOT, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ site: values.site, runs, results }, null, 2));
console.log(`\nEvery run: ${path.relative(ROOT, file)}`);

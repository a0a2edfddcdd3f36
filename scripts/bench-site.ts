/**
 * `npm run bench:site`: how the static build performs against a running Directus (DIRECTUS_URL):
 * build time, pages per second, peak memory of the build, and the gzipped JavaScript a visitor
 * downloads for the home page and a title page. A benchmark, not a test: it prints figures.
 * With --synth it builds from a throw-away backend holding the synthetic catalogue instead.
 *
 *   DIRECTUS_URL=http://127.0.0.1:8055 node scripts/bench-site.ts
 *   node scripts/bench-site.ts --synth [--titles 10000] [--actors 30000] [--pg]
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/paths.ts';
import { pageJs } from './lib/page-js.ts';
import { buildSite } from './lib/site-build.ts';
import { startSynthBackend, type SynthBackend } from './lib/synth-backend.ts';

const { values } = parseArgs({
  options: {
    synth: { type: 'boolean', default: false }, pg: { type: 'boolean', default: false },
    titles: { type: 'string', default: '10000' }, actors: { type: 'string', default: '30000' },
  },
});
const synthetic: SynthBackend | undefined = values.synth
  ? await startSynthBackend({ pg: values.pg, titles: Number(values.titles), actors: Number(values.actors) })
  : undefined;
const directusUrl = synthetic?.backend.url ?? process.env.DIRECTUS_URL ?? `http://127.0.0.1:${process.env.DIRECTUS_PORT ?? 8055}`;
// Beside the build's staging folder, so moving the finished build into place is a rename, not a copy.
mkdirSync(path.join(ROOT, '.astro'), { recursive: true });
const outDir = mkdtempSync(path.join(ROOT, '.astro', 'bench-site-'));

function countPages(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) n += countPages(path.join(dir, entry.name));
    else if (entry.name.endsWith('.html')) n++;
  }
  return n;
}

/** Peak resident memory of a process tree's main process, sampled from /proc. */
function rssKb(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

const started = Date.now();
let peak = 0;
let timer: NodeJS.Timeout | undefined;
try {
  await buildSite({
    directusUrl, outDir,
    onStart: (pid) => (timer = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 100)),
  });
} finally {
  clearInterval(timer);
  await synthetic?.stop();
}
const seconds = (Date.now() - started) / 1000;
const pages = countPages(outDir);
const title = readdirSync(outDir).find((d) => statSync(path.join(outDir, d)).isDirectory() && !['_astro', 'actors', 'categories', 'tag', 'profile', 'embed'].includes(d) && readdirSync(path.join(outDir, d)).includes('actors'))!;

const load = os.loadavg()[0].toFixed(2);
if (synthetic) console.log(`Synthetic catalogue: ${synthetic.synth.counts.titles} titles, ${synthetic.synth.counts.actors} actors (${synthetic.database}); load average ${load}`);
console.log(`| figure | value |\n|---|---:|`);
console.log(`| pages built | ${pages} |`);
console.log(`| build time | ${seconds.toFixed(1)} s |`);
console.log(`| pages per second | ${(pages / seconds).toFixed(1)} |`);
console.log(`| peak memory of the build | ${(peak / 1024).toFixed(0)} MiB |`);
const kib = async (file: string) => ((await pageJs(outDir, file)).bytes / 1024).toFixed(1);
console.log(`| gzip JS, home | ${await kib('index.html')} KiB |`);
console.log(`| gzip JS, title page (/${title}) | ${await kib(path.join(title, 'index.html'))} KiB |`);
rmSync(outDir, { recursive: true, force: true });

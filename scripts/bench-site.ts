/**
 * `npm run bench:site`: how the static build performs against a running Directus (DIRECTUS_URL):
 * a full build (time, pages per second, peak memory), the JavaScript a visitor downloads for the
 * home page and a title page (gzipped), then the incremental builds: nothing changed, and one
 * title renamed through the API, timed from the save to its new HTML in place. A benchmark, not a
 * test: it prints figures. With --synth it builds from a throw-away backend holding the synthetic
 * catalogue instead. The edit needs an admin: --synth has one, else ADMIN_EMAIL and ADMIN_PASSWORD.
 *
 *   DIRECTUS_URL=http://127.0.0.1:8055 node scripts/bench-site.ts
 *   node scripts/bench-site.ts --synth [--titles 10000] [--actors 30000] [--pg]
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AdminApi } from '../directus/apply/admin-api.ts';
import { ROOT } from './lib/paths.ts';
import { pageJs } from './lib/page-js.ts';
import { buildSite, type SiteBuildOptions } from './lib/site-build.ts';
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
const work = mkdtempSync(path.join(ROOT, '.astro', 'bench-site-'));
const outDir = path.join(work, 'dist');
const cacheDir = path.join(work, 'cache');

function countPages(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) n += countPages(path.join(dir, entry.name));
    else if (entry.name.endsWith('.html')) n++;
  }
  return n;
}

/** Peak resident memory of a process, from /proc. */
function rssKb(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** CPU seconds a process has used (user and system), from /proc; the last reading stays when it is gone. */
function cpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * One build: seconds, the CPU seconds of the build's process (on a busy machine the wall time says
 * more about the neighbours), peak memory in MiB and the load average when it ended.
 */
async function timedBuild(extra: Partial<SiteBuildOptions> = {}): Promise<{ seconds: number; cpu: number; peakMib: number; load: string; kept: string }> {
  const started = performance.now();
  let peak = 0;
  let cpu = 0;
  let kept = '';
  let timer: NodeJS.Timeout | undefined;
  try {
    await buildSite({
      directusUrl, outDir, cacheDir, ...extra,
      onOutput: (text) => (kept = /\[incremental\] ([^\n]+)/.exec(text)?.[1] ?? kept),
      onStart: (pid) => (timer = setInterval(() => {
        peak = Math.max(peak, rssKb(pid));
        cpu = cpuSeconds(pid) ?? cpu;
      }, 100)),
    });
  } finally {
    clearInterval(timer);
  }
  return { seconds: (performance.now() - started) / 1000, cpu, peakMib: peak / 1024, load: os.loadavg()[0].toFixed(2), kept };
}

async function adminApi(): Promise<AdminApi | null> {
  if (synthetic) return synthetic.backend.api;
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = process.env;
  return email && password ? AdminApi.login(directusUrl, email, password) : null;
}

const figures: string[] = [];
const figure = (name: string, value: string) => {
  figures.push(`| ${name} | ${value} |`);
  console.log(`${name}: ${value}`);
};

try {
  const full = await timedBuild();
  const pages = countPages(outDir);
  const title = readdirSync(outDir).find((d) => statSync(path.join(outDir, d)).isDirectory() && !['_astro', 'actors', 'categories', 'tag', 'profile', 'embed'].includes(d) && readdirSync(path.join(outDir, d)).includes('actors'))!;
  const kib = async (file: string) => ((await pageJs(outDir, file)).bytes / 1024).toFixed(1);
  figure('pages built', String(pages));
  figure('full build time', `${full.seconds.toFixed(1)} s, CPU ${full.cpu.toFixed(1)} s (load average ${full.load})`);
  figure('pages per second', `${(pages / full.seconds).toFixed(1)} (per CPU second ${(pages / full.cpu).toFixed(1)})`);
  figure('peak memory of the full build', `${full.peakMib.toFixed(0)} MiB`);
  figure('gzip JS, home', `${await kib('index.html')} KiB`);
  figure(`gzip JS, title page (/${title})`, `${await kib(path.join(title, 'index.html'))} KiB`);

  const unchanged = await timedBuild();
  figure('build again, nothing changed', `${unchanged.seconds.toFixed(1)} s, CPU ${unchanged.cpu.toFixed(1)} s, peak ${unchanged.peakMib.toFixed(0)} MiB (load average ${unchanged.load}); ${unchanged.kept}`);

  const api = await adminApi();
  if (api) {
    const [row] = await api.request<{ id: number; name: string }[]>('GET', `/items/titles?filter[slug][_eq]=${encodeURIComponent(title)}&fields=id,name`);
    const name = `${row.name} (правка ${Date.now() % 100000})`;
    const saved = performance.now();
    await api.request('PATCH', `/items/titles/${row.id}`, { name });
    const build = await timedBuild({ changed: { titles: [row.id] } });
    const html = readFileSync(path.join(outDir, title, 'index.html'), 'utf8');
    if (!html.includes(name)) throw new Error(`the rebuilt /${title} does not show the new name «${name}»`);
    figure('one title renamed: save to new HTML in place', `${((performance.now() - saved) / 1000).toFixed(1)} s, build CPU ${build.cpu.toFixed(1)} s (load average ${build.load}); ${build.kept}`);
    await api.request('PATCH', `/items/titles/${row.id}`, { name: row.name });
  } else {
    figure('one title renamed: save to new HTML in place', 'not measured (no admin)');
  }

  if (synthetic) console.log(`\nSynthetic catalogue: ${synthetic.synth.counts.titles} titles, ${synthetic.synth.counts.actors} actors (${synthetic.database})`);
  console.log(`Machine: ${os.availableParallelism()} cores\n\n| figure | value |\n|---|---:|\n${figures.join('\n')}`);
} finally {
  await synthetic?.stop();
  rmSync(work, { recursive: true, force: true });
}

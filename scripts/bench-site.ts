/**
 * `npm run bench:site`: how the static build performs, run by the site's own rebuild loop against a
 * Directus (DIRECTUS_URL): a full build (time, pages per second, peak memory), the JavaScript a
 * visitor downloads for the home page and a title page (brotli and gzip), a rebuild with nothing changed,
 * and a title on no list page, a title on one and a person renamed through the API, each timed from the
 * save to its new HTML served by the site server. A benchmark, not a test: it prints figures. With --synth it builds from a throw-away
 * backend holding the synthetic catalogue, whose hook calls the loop's webhook as in production;
 * against another Directus the hook's notice is given by hand. The edit needs an admin: --synth
 * has one, else ADMIN_EMAIL and ADMIN_PASSWORD.
 *
 *   DIRECTUS_URL=http://127.0.0.1:8055 node scripts/bench-site.ts
 *   node scripts/bench-site.ts --synth [--titles 10000] [--actors 30000] [--pg]
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AdminApi } from '../directus/apply/admin-api.ts';
import { ROOT } from './lib/paths.ts';
import { ownedTempDir } from './lib/owned-dirs.ts';
import { pageJs } from './lib/page-js.ts';
import { freePort } from './lib/free-port.ts';
import { createRebuildLoop } from './site-build/rebuild-loop.ts';
import { REBUILD_PATH } from './site-build/rebuild-webhook.ts';
import { buildParts } from './site-build/build.ts';
import { startSiteServer } from './lib/static-server.ts';
import { startSynthBackend, type SynthBackend } from './lib/synth-backend.ts';

const { values } = parseArgs({
  options: {
    synth: { type: 'boolean', default: false }, pg: { type: 'boolean', default: false },
    titles: { type: 'string', default: '10000' }, actors: { type: 'string', default: '30000' },
  },
});
const secret = randomBytes(24).toString('hex');
const synthPort = values.synth ? await freePort() : 0;
const directusUrl = values.synth
  ? `http://127.0.0.1:${synthPort}`
  : process.env.DIRECTUS_URL ?? `http://127.0.0.1:${process.env.DIRECTUS_PORT ?? 8055}`;
const work = ownedTempDir(path.join(ROOT, '.astro'), 'bench-site-');

/**
 * The processes of the build being measured (one a part, see scripts/site-build/build.ts): the peak of
 * their resident memory together and their CPU seconds since they were given the build (an edit's
 * process was started ahead and bundled the site before), sampled from /proc.
 */
let sampled = { pids: [] as number[], cpu: new Map<number, number>(), before: new Map<number, number>(), peakKb: 0, started: performance.now(), timeline: [] as string[] };
/** Every this long, the memory of each of the build's processes goes into the printed timeline. */
const TIMELINE_MS = 15_000;
const sampler = setInterval(() => {
  const each = sampled.pids.map(rssKb);
  sampled.peakKb = Math.max(sampled.peakKb, each.reduce((sum, kb) => sum + kb, 0));
  const elapsed = performance.now() - sampled.started;
  if (elapsed >= (sampled.timeline.length + 1) * TIMELINE_MS) {
    sampled.timeline.push(`[memory] ${(elapsed / 1000).toFixed(0)} s: ${each.map((kb) => `${(kb / 1024).toFixed(0)} MiB`).join(' + ')}`);
  }
  for (const pid of sampled.pids) sampled.cpu.set(pid, cpuSeconds(pid) ?? sampled.cpu.get(pid) ?? 0);
}, 100);
/** The steps each build's processes logged (build-data.ts): where its time and memory went. */
let steps: string[] = [];
const loop = createRebuildLoop({
  sitesDir: work, directusUrl, secret, countersEveryMs: 0,
  onBuildOutput: (text) => { steps.push(...text.split('\n').filter((line) => /^\[(build data|incremental|in place)\]/.test(line))); },
  onBuildStart: (pid) => {
    sampled.pids.push(pid);
    sampled.before.set(pid, cpuSeconds(pid) ?? 0);
  },
});
const site = await startSiteServer({ distDir: () => loop.rebuilder.currentDir(), port: 0, directusUrl, handlers: [loop.webhook] });
const synthetic: SynthBackend | undefined = values.synth
  ? await startSynthBackend({
    pg: values.pg, titles: Number(values.titles), actors: Number(values.actors),
    port: synthPort, siteRebuild: { url: `${site.url}${REBUILD_PATH}`, secret },
  })
  : undefined;

function countPages(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) n += countPages(path.join(dir, entry.name));
    else if (entry.name.endsWith('.html')) n++;
  }
  return n;
}

/** Resident memory of a process now, from /proc. */
function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
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

interface TimedBuild<T> {
  /** What `ask` answered. */
  asked: T;
  seconds: number;
  cpu: number;
  peakMib: number;
  load: string;
  pages: string;
}

/**
 * One build run by the loop: seconds, the CPU seconds of the build's processes (on a busy machine the
 * wall time says more about the neighbours), their peak memory together in MiB, the load average when it ended,
 * and the pages it kept and rendered.
 */
async function timedBuild<T>(ask: () => Promise<T> | T): Promise<TimedBuild<T>> {
  sampled = { pids: [], cpu: new Map(), before: new Map(), peakKb: 0, started: performance.now(), timeline: [] };
  steps = [];
  const before = loop.rebuilder.snapshot().last?.id;
  const asked = await ask();
  await loop.rebuilder.idle();
  const record = loop.rebuilder.snapshot().last;
  if (!record || record.id === before || !record.ok) throw new Error(`the build failed: ${record?.error ?? 'it did not run'}`);
  const pages = record.pages ? `${record.pages.kept} pages kept, ${record.pages.rendered} rendered` : '';
  const cpu = [...sampled.cpu].reduce((sum, [pid, seconds]) => sum + seconds - (sampled.before.get(pid) ?? 0), 0);
  console.log([...steps, ...sampled.timeline].map((line) => `    ${line}`).join('\n'));
  return { asked, seconds: (record.durationMs ?? 0) / 1000, cpu, peakMib: sampled.peakKb / 1024, load: os.loadavg()[0].toFixed(2), pages };
}

/** Polls the served page until it holds `text`: the moment a visitor would see the change. */
async function servedWith(route: string, text: string): Promise<void> {
  for (const deadline = Date.now() + 600_000; Date.now() < deadline;) {
    const res = await fetch(`${site.url}${route}`);
    if ((await res.text()).includes(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${route} never showed «${text}»`);
}

async function adminApi(): Promise<AdminApi | null> {
  if (synthetic) return synthetic.backend.api;
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = process.env;
  return email && password ? AdminApi.login(directusUrl, email, password) : null;
}

/** The slugs the served category and tag pages link to: the titles whose cards they show, and a few other addresses. */
function listedSlugs(dir: string): Set<string> {
  const slugs = new Set<string>();
  for (const folder of ['categories', 'tag']) {
    for (const entry of readdirSync(path.join(dir, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
      for (const [, slug] of readFileSync(path.join(entry.parentPath, entry.name), 'utf8').matchAll(/href="\/([^/"?#]+)"/g)) slugs.add(slug!);
    }
  }
  return slugs;
}

/** The title at `slug` renamed through the API, timed from the save to its new name served; then its name put back and built. */
async function titleRenamed(api: AdminApi, slug: string): Promise<TimedBuild<number>> {
  const [row] = await api.request<{ id: number; name: string }[]>('GET', `/items/titles?filter[slug][_eq]=${encodeURIComponent(slug)}&fields=id,name`);
  const name = `${row!.name} (правка ${Date.now() % 100000})`;
  // Another Directus's hook calls its own site: its notice is given here.
  const notice = () => {
    if (!synthetic) loop.rebuilder.request('change', [{ event: 'update', collection: 'titles', keys: [row!.id], titles: [row!.id] }]);
  };
  const edit = await timedBuild(async () => {
    const saved = performance.now();
    await api.request('PATCH', `/items/titles/${row!.id}`, { name });
    notice();
    await servedWith(`/${slug}`, name);
    return (performance.now() - saved) / 1000;
  });
  // The name put back, and its build done, before the next edit is timed.
  await timedBuild(async () => {
    await api.request('PATCH', `/items/titles/${row!.id}`, { name: row!.name });
    notice();
    await servedWith(`/${slug}`, `${row!.name}</h1>`);
  });
  return edit;
}

/** An edit timed from the save to served, and its build. */
const editFigure = (e: TimedBuild<number>) => `${e.asked.toFixed(1)} s, of which the build ${e.seconds.toFixed(1)} s, CPU ${e.cpu.toFixed(1)} s (load average ${e.load}); ${e.pages}`;

const figures: string[] = [];
const figure = (name: string, value: string) => {
  figures.push(`| ${name} | ${value} |`);
  console.log(`${name}: ${value}`);
};

try {
  const full = await timedBuild(() => loop.rebuilder.start());
  const outDir = loop.rebuilder.currentDir() as string;
  const pages = countPages(outDir);
  // A title on no list page, as nearly every title of a large catalogue, and one on a list page.
  const listed = listedSlugs(outDir);
  const isTitle = (d: string) => existsSync(path.join(outDir, d, 'actors.html'));
  const title = readdirSync(outDir).find((d) => isTitle(d) && !listed.has(d))!;
  const listedTitle = [...listed].find(isTitle);
  const js = async (file: string) => {
    const { brotli, bytes, modules } = await pageJs(outDir, file);
    return `${(brotli / 1024).toFixed(1)} KiB brotli, ${(bytes / 1024).toFixed(1)} KiB gzip, ${modules.length} files`;
  };
  figure('pages built', String(pages));
  figure('full build time', `${full.seconds.toFixed(1)} s, CPU ${full.cpu.toFixed(1)} s (load average ${full.load})`);
  figure('pages per second', `${(pages / full.seconds).toFixed(1)} (per CPU second ${(pages / full.cpu).toFixed(1)})`);
  figure('peak memory of the full build', `${full.peakMib.toFixed(0)} MiB`);
  figure('JS, home', await js('index.html'));
  figure(`JS, title page (/${title})`, await js(path.join(title, 'index.html')));

  const unchanged = await timedBuild(() => loop.rebuilder.request('manual'));
  figure('build again, nothing changed', `${unchanged.seconds.toFixed(1)} s, CPU ${unchanged.cpu.toFixed(1)} s, peak ${unchanged.peakMib.toFixed(0)} MiB (load average ${unchanged.load}); ${unchanged.pages}`);

  const api = await adminApi();
  if (api) {
    // As an editor's save some seconds after the last build: the next edit's build waits, bundled.
    const ahead = loop.nextEdit();
    const aheadFrom = performance.now();
    if (ahead && (await ahead.waiting) && ahead.pid) {
      figure('the next edit\'s build, bundled and its rows loaded', `${(rssKb(ahead.pid) / 1024).toFixed(0)} MiB, ready ${((performance.now() - aheadFrom) / 1000).toFixed(1)} s after the last build`);
    }
    const edit = await titleRenamed(api, title);
    figure('one title on no list page renamed: save to new HTML served', editFigure(edit));
    if (listedTitle) {
      await loop.nextEdit()?.waiting;
      const listedEdit = await titleRenamed(api, listedTitle);
      figure('one title on a list page renamed: save to new HTML served', editFigure(listedEdit));
    }

    // The first person is among the most cast (the synthetic catalogue casts early ones most).
    const [person] = await api.request<{ id: number; nameRu: string; slug: string }[]>('GET', '/items/actors?fields=id,nameRu,slug&sort=id&limit=1');
    const [{ count: cast }] = await api.request<{ count: number | string }[]>('GET', `/items/titles_actors?aggregate[count]=*&filter[actors_id][_eq]=${person.id}`);
    const personName = `${person.nameRu} (правка ${Date.now() % 100000})`;
    // Some seconds after the last build, as above: the next edit's build has its rows loaded.
    await loop.nextEdit()?.waiting;
    const personEdit = await timedBuild(async () => {
      const saved = performance.now();
      await api.request('PATCH', `/items/actors/${person.id}`, { nameRu: personName });
      if (!synthetic) loop.rebuilder.request('change', [{ event: 'update', collection: 'actors', keys: [person.id], actors: [person.id] }]);
      await servedWith(`/actors/${person.slug}`, personName);
      return (performance.now() - saved) / 1000;
    });
    figure(`one person renamed (cast in ${cast} titles): save to new HTML served`, editFigure(personEdit));
    await api.request('PATCH', `/items/actors/${person.id}`, { nameRu: person.nameRu });
  } else {
    figure('one title renamed: save to new HTML served', 'not measured (no admin)');
  }

  if (synthetic) console.log(`\nSynthetic catalogue: ${synthetic.synth.counts.titles} titles, ${synthetic.synth.counts.actors} actors (${synthetic.database})`);
  console.log(`Machine: ${os.availableParallelism()} cores; the build in ${buildParts()} parts\n\n| figure | value |\n|---|---:|\n${figures.join('\n')}`);
} finally {
  clearInterval(sampler);
  await loop.close();
  await site.close();
  await synthetic?.stop();
  rmSync(work, { recursive: true, force: true });
}

/**
 * `npm run bench:catalogue`: times the main catalogue reads at 10,000 titles and 30,000 actors,
 * as a visitor (no token), with the relations and filters the site reads (own REST field lists):
 *   (a) a title by slug with every relation,
 *   (b) a category list sorted by views, then the comment counts of those titles,
 *   (c) search on the folded search text, sorted by views.
 * Starts its own backend on a temporary SQLite data dir (or, with --pg, on a temporary PostgreSQL
 * database with Redis), synthesises the catalogue, runs warm-up and timed repetitions, prints a
 * markdown table and writes the figures as JSON to bench/results/.
 *
 *   node scripts/bench-catalogue.ts [--pg] [--cache] [--titles 10000] [--actors 30000] [--reps 200] [--warmup 20] [--keep]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/paths.ts';
import { startSynthBackend } from './lib/synth-backend.ts';

const TITLE_FIELDS = [
  '*', 'genres.genres_id.name', 'country.name', 'category.name', 'category.slug', 'subCategory.*',
  'actors.actors_id.slug', 'actors.actors_id.nameRu', 'actors.actors_id.nameEn', 'actors.actors_id.avatar',
  'directors.actors_id.*', 'screenwriters.actors_id.*', 'images.*', 'tags.tags_id.*', 'series.*',
  'iframeSeasons.*', 'iframeSeasons.series.*', 'soundtracks.*',
].join(',');
const LIST_FIELDS = 'id,slug,name,poster,releaseYear,views,genres.genres_id.name,country.name,releaseStatus,description,ageRating';
const enc = encodeURIComponent;

export const READS = {
  titleBySlug: (slug: string) => `/items/titles?filter[slug][_eq]=${enc(slug)}&fields=${TITLE_FIELDS}&deep[series][_limit]=-1&limit=1`,
  categoryList: (category: string) => `/items/titles?filter[category][slug][_eq]=${enc(category)}&sort=-views&limit=10&fields=${LIST_FIELDS}`,
  commentCounts: (ids: number[]) => `/items/comments?aggregate[count]=id&groupBy[]=title&filter[title][_in]=${ids.join(',')}`,
  search: (folded: string) => `/items/titles?filter[searchText][_contains]=${enc(folded)}&sort=-views&limit=100`,
};

interface Stats { n: number; p50: number; p95: number; p99: number; mean: number; min: number; max: number }

function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  const r = (x: number) => Math.round(x * 10) / 10;
  return { n: s.length, p50: r(q(50)), p95: r(q(95)), p99: r(q(99)), mean: r(s.reduce((a, b) => a + b, 0) / s.length), min: r(s[0]), max: r(s[s.length - 1]) };
}

async function get<T = any>(base: string, route: string): Promise<T> {
  const res = await fetch(`${base}${route}`);
  const body = await res.text();
  if (!res.ok) throw new Error(`GET ${route.slice(0, 120)}… → ${res.status}: ${body.slice(0, 300)}`);
  return (JSON.parse(body) as { data: T }).data;
}

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const out = await fn();
  return [performance.now() - t, out];
}

interface Bench { name: string; label: string; run: (i: number) => Promise<number | Record<string, number>> }

async function measure(b: Bench, warmup: number, reps: number): Promise<Record<string, number[]>> {
  for (let i = 0; i < warmup; i++) await b.run(i);
  const samples: Record<string, number[]> = {};
  for (let i = 0; i < reps; i++) {
    const r = await b.run(warmup + i);
    for (const [k, v] of Object.entries(typeof r === 'number' ? { [b.name]: r } : r)) (samples[k] ??= []).push(v);
  }
  return samples;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pg: { type: 'boolean', default: false }, cache: { type: 'boolean', default: false }, keep: { type: 'boolean', default: false },
      titles: { type: 'string', default: '10000' }, actors: { type: 'string', default: '30000' },
      reps: { type: 'string', default: '200' }, warmup: { type: 'string', default: '20' }, via: { type: 'string' },
    },
  });
  const reps = Number(values.reps);
  const warmup = Number(values.warmup);
  const run = await startSynthBackend({
    pg: values.pg, cache: values.cache, keep: values.keep, titles: Number(values.titles), actors: Number(values.actors),
    via: values.via as 'db' | 'rest' | undefined,
  });
  const { backend, synth, database, pgName, startMs } = run;

  try {
    const base = backend.url;
    const { titleSlugs, categorySlugs, searchQueries } = synth.sample;
    const benches: Bench[] = [
      {
        name: 'titleBySlug', label: '(a) title by slug, every relation',
        run: async (i) => {
          const [ms, rows] = await time(() => get<any[]>(base, READS.titleBySlug(titleSlugs[i % titleSlugs.length])));
          if (rows.length !== 1 || !rows[0].actors?.length) throw new Error(`title ${titleSlugs[i % titleSlugs.length]} came back incomplete`);
          return ms;
        },
      },
      {
        name: 'categoryPage', label: '(b) category list + comment counts',
        run: async (i) => {
          const t = performance.now();
          const [listMs, list] = await time(() => get<{ id: number }[]>(base, READS.categoryList(categorySlugs[i % categorySlugs.length])));
          if (list.length !== 10) throw new Error(`category ${categorySlugs[i % categorySlugs.length]} listed ${list.length} titles`);
          const [countMs] = await time(() => get(base, READS.commentCounts(list.map((x) => x.id))));
          return { categoryList: listMs, commentCounts: countMs, categoryPage: performance.now() - t };
        },
      },
      {
        name: 'search', label: '(c) search, sorted by views',
        run: async (i) => {
          const q = searchQueries[i % searchQueries.length];
          const [ms] = await time(() => get<any[]>(base, READS.search(q)));
          return ms;
        },
      },
    ];

    // Sanity: what the reads return on this data set.
    const hits = Object.fromEntries(await Promise.all(searchQueries.map(async (q) => [q, (await get<any[]>(base, READS.search(q))).length] as const)));
    const loadBefore = os.loadavg();
    const results: Record<string, Stats> = {};
    for (const b of benches) {
      console.log(`Timing ${b.label}: ${warmup} warm-up + ${reps} runs …`);
      const samples = await measure(b, warmup, reps);
      for (const [k, v] of Object.entries(samples)) results[k] = stats(v);
    }
    const loadAfter = os.loadavg();

    const labels: Record<string, string> = {
      titleBySlug: '(a) title by slug with every relation',
      categoryList: '(b) category list, 10 by views',
      commentCounts: '(b) comment counts for those 10',
      categoryPage: '(b) both, one after the other',
      search: '(c) search `_contains`, 100 by views',
    };
    const table = [
      `Catalogue reads as a visitor — ${database}${pgName ? ' + Redis' : ''}, cache ${values.cache ? 'on' : 'off'}, ${synth.counts.titles} titles, ${synth.counts.actors} actors, ${synth.counts.comments} comments, ${reps} runs each after ${warmup} warm-up`,
      '',
      '| read | p50 ms | p95 ms | p99 ms | mean ms | max ms |',
      '|---|---:|---:|---:|---:|---:|',
      ...Object.entries(results).map(([k, s]) => `| ${labels[k] ?? k} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.mean} | ${s.max} |`),
      '',
      `Synthesis: ${(synth.ms / 1000).toFixed(1)} s (${synth.via}); start + apply: ${(startMs / 1000).toFixed(1)} s; load average ${loadBefore[0].toFixed(2)} → ${loadAfter[0].toFixed(2)} on ${os.cpus().length} CPUs.`,
    ].join('\n');
    console.log(`\n${table}\n`);

    const outDir = path.join(ROOT, 'bench/results');
    mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `catalogue-${database}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify({
      at: new Date().toISOString(),
      database, redis: !!pgName, cache: values.cache, reps, warmup,
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), loadBefore, loadAfter, node: process.version },
      startAndApplyMs: startMs,
      synth: { ms: synth.ms, via: synth.via, phases: synth.phases, counts: synth.counts },
      searchHits: hits,
      results,
      reads: { titleBySlug: READS.titleBySlug('<slug>'), categoryList: READS.categoryList('<category>'), commentCounts: READS.commentCounts([1, 2, 3]), search: READS.search('<folded query>') },
    }, null, 2));
    console.log(`Written ${path.relative(ROOT, file)}`);
  } finally {
    await run.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

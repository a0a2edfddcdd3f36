/**
 * `npm run bench:catalogue`: times the main catalogue reads at 10,000 titles and 30,000 actors,
 * as a visitor (no token), with the relations and filters the site reads (own REST field lists):
 *   (a) a title by slug with every relation,
 *   (b) a category list sorted by views, then the comment counts of those titles,
 *   (c) the search modal's query (GET /site/search) as people type: a word, its first letters, the word in
 *       the other keyboard layout, in Latin, with a letter dropped; and 'Часто ищут:' (GET /site/search/popular);
 *   (d) how long an editor's rename takes to be found by search, exactly and with a typo;
 *   (e) what 'Вам может понравиться' costs the build: every title's list; indexing them for edits, which a
 *       build started ahead does while it waits; then each of 20 edits' recomputation.
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
import { knexForEnv, slugify } from './synth.ts';
import { seededRandom } from './lib/seeded-random.ts';
import { swapLayout } from '../shared/search-variants.ts';
import { Vocabulary } from '../shared/search-plan.ts';
import { prepareRelated, relatedLists, type LikenessRow } from '../src/lib/related.ts';

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
  search: (query: string) => `/site/search?q=${enc(query)}`,
  popular: () => '/site/search/popular',
};

/** What people type for one word of the catalogue: the word, its start, other layout, Latin, a letter dropped. */
export function typedForms(word: string): string[] {
  const letters = [...word];
  const middle = Math.floor(letters.length / 2);
  return [
    word, letters.slice(0, 3).join(''), swapLayout(word), slugify(word).replaceAll('-', ' '),
    ...(letters.length >= 5 ? [[...letters.slice(0, middle), ...letters.slice(middle + 1)].join('')] : []),
  ];
}

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

/** People's names of the synthetic catalogue's making, as typed. */
const PEOPLE = ['ким мин', 'tanaka', 'ван сяо', 'сато'];

/** A made-up Russian word, different for each `i`. */
const madeUp = (i: number) => [...String(1000 + i)].map((d) => ['ба', 'ро', 'ми', 'ту', 'ле', 'ка', 'зо', 'ну', 'фи', 'да'][Number(d)]).join('');

/** Waits until `found()` holds; the milliseconds since `since`. */
async function until(found: () => Promise<boolean>, since: number, what: string): Promise<number> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    if (await found()) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${what} was not found within 60 s`);
}

/**
 * (d) Renames `n` titles through the API as an editor does and times how long until search finds the
 * new name exactly, and with a letter dropped (which needs the new word in the search's vocabulary).
 */
async function editFollow(base: string, api: { patch(path: string, body: unknown): Promise<unknown>; get<T>(path: string): Promise<T> }, n: number) {
  const ids = (await api.get<{ id: number }[]>(`/items/titles?fields=id&sort=id&limit=${n}`)).map((t) => t.id);
  const exact: number[] = [];
  const typo: number[] = [];
  for (const [i, id] of ids.entries()) {
    const word = madeUp(i);
    const dropped = [...word.slice(0, 4), ...word.slice(5)].join('');
    const has = (q: string) => async () => (await get<{ titles: { id: number }[] }>(base, READS.search(q))).titles.some((t) => t.id === id);
    const t0 = performance.now();
    await api.patch(`/items/titles/${id}`, { name: `${word} навсегда` });
    exact.push(await until(has(word), t0, word));
    typo.push(await until(has(dropped), t0, dropped));
  }
  return { exact: stats(exact), typo: stats(typo) };
}

/** (e) Every title's related titles from the rows the build reads, then one edit's recomputation. */
async function relatedCost(env: Record<string, string>) {
  const db = knexForEnv(env);
  try {
    const t0 = performance.now();
    const titles = await db('titles').where('status', 'published').select('id', 'name', 'views', 'category', 'subCategory', 'country').orderBy('id');
    const rows = new Map<number, LikenessRow & Record<string, unknown[]>>(titles.map((t) => [t.id, { ...t, genres: [], tags: [], actors: [], directors: [], screenwriters: [], relatedTitles: [] }]));
    const links: [string, string, string][] = [
      ['titles_genres', 'genres', 'genres_id'], ['titles_tags', 'tags', 'tags_id'], ['titles_actors', 'actors', 'actors_id'],
      ['titles_directors', 'directors', 'actors_id'], ['titles_screenwriters', 'screenwriters', 'actors_id'], ['titles_related', 'relatedTitles', 'related_titles_id'],
    ];
    for (const [table, field, key] of links) {
      for (const r of await db(table).select('titles_id', key)) rows.get(r.titles_id)?.[field]!.push({ [key]: r[key] });
    }
    const list = [...rows.values()];
    const readMs = performance.now() - t0;
    const t1 = performance.now();
    const lists = relatedLists(list);
    const fullMs = performance.now() - t1;
    const t2 = performance.now();
    const prepared = prepareRelated(list, lists);
    const prepareMs = performance.now() - t2;
    // Edits one after another, as an editor's saves reach one index: each changes a title's genres and tags.
    const edits = list.slice(0, 20).map((t, k) => {
      const edited = { ...t, genres: list[k + 20]!.genres, tags: list[k + 40]!.tags };
      const t3 = performance.now();
      prepared.update([edited], [edited.id]);
      return performance.now() - t3;
    });
    return { titles: list.length, readMs: Math.round(readMs), fullMs: Math.round(fullMs), prepareMs: Math.round(prepareMs), edit: stats(edits) };
  } finally {
    await db.destroy();
  }
}

/** A typo's lookup over a vocabulary of `size` made-up words (a real catalogue's names have far more words than the synthetic one). */
function typoLookup(size: number) {
  const vocabulary = new Vocabulary();
  const letters = 'абвгдежзиклмнопрстуфхцчшэюя';
  const next = seededRandom(7);
  for (let i = 0; i < size; i++) vocabulary.add(Array.from({ length: 4 + Math.floor(next() * 8) }, () => letters[Math.floor(next() * letters.length)]).join(''));
  vocabulary.similar('прокуратра', 2);
  const samples: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    vocabulary.similar(['прокуратра', 'токиская', 'аромта', 'наследнца'][i % 4]!, 2);
    samples.push(performance.now() - t);
  }
  return { words: vocabulary.size, ...stats(samples) };
}

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
        name: 'search', label: "(c) the search modal's query",
        run: async (i) => {
          const q = modalQueries[i % modalQueries.length]!;
          const [ms] = await time(() => get(base, READS.search(q)));
          return ms;
        },
      },
      { name: 'popular', label: "(c) 'Часто ищут:'", run: async () => (await time(() => get(base, READS.popular())))[0] },
    ];

    // Sanity: what the reads return on this data set.
    const modalQueries = [...searchQueries.flatMap(typedForms), ...PEOPLE];
    const hits = Object.fromEntries(await Promise.all(modalQueries.map(async (q) => {
      const found = await get<{ titles: unknown[]; people: unknown[]; understood: string | null }>(base, READS.search(q));
      return [q, { titles: found.titles.length, people: found.people.length, understood: found.understood }] as const;
    })));
    console.log('What the modal finds:', JSON.stringify(hits));
    const loadBefore = os.loadavg();
    const results: Record<string, Stats> = {};
    for (const b of benches) {
      console.log(`Timing ${b.label}: ${warmup} warm-up + ${reps} runs …`);
      const samples = await measure(b, warmup, reps);
      for (const [k, v] of Object.entries(samples)) results[k] = stats(v);
    }
    console.log('Timing (d) an editor\'s rename until search finds it …');
    const follow = await editFollow(base, backend.api, 10);
    console.log('Timing (e) related titles …');
    const related = await relatedCost(backend.env);
    const typos = typoLookup(200_000);
    const loadAfter = os.loadavg();

    const labels: Record<string, string> = {
      titleBySlug: '(a) title by slug with every relation',
      categoryList: '(b) category list, 10 by views',
      commentCounts: '(b) comment counts for those 10',
      categoryPage: '(b) both, one after the other',
      search: "(c) the search modal's query (word, its start, other layout, Latin, a typo, people)",
      popular: "(c) 'Часто ищут:'",
    };
    const table = [
      `Catalogue reads as a visitor — ${database}${pgName ? ' + Redis' : ''}, cache ${values.cache ? 'on' : 'off'}, ${synth.counts.titles} titles, ${synth.counts.actors} actors, ${synth.counts.comments} comments, ${reps} runs each after ${warmup} warm-up`,
      '',
      '| read | p50 ms | p95 ms | p99 ms | mean ms | max ms |',
      '|---|---:|---:|---:|---:|---:|',
      ...Object.entries(results).map(([k, s]) => `| ${labels[k] ?? k} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.mean} | ${s.max} |`),
      `| (d) an editor's rename until search finds it | ${follow.exact.p50} | ${follow.exact.p95} | | | ${follow.exact.max} |`,
      `| (d) … and finds it with a letter dropped | ${follow.typo.p50} | ${follow.typo.p95} | | | ${follow.typo.max} |`,
      '',
      `(e) 'Вам может понравиться' for ${related.titles} titles: rows read in ${related.readMs} ms, every list in ${related.fullMs} ms; indexed for edits (ahead of them) in ${related.prepareMs} ms, then an edit's recomputation p50 ${related.edit.p50} ms, max ${related.edit.max} ms.`,
      `A typo's lookup over ${typos.words} words: p50 ${typos.p50} ms, p95 ${typos.p95} ms.`,
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
      editFollow: follow,
      related,
      typoLookup: typos,
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

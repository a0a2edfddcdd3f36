/**
 * `npm run bench:api`: what a visitor's pages ask of /api at runtime, under load, beside the static
 * home page in the same run. Starts its own backend with the demo catalogue, builds the site and
 * serves it, takes the addresses the site's own runtime helpers ask (a title's reviews and rating,
 * a category's alphabet page, the filter screen, a tag's and a category's 'show more', search,
 * updates, 'Часто ищут'), then loads each with autocannon: the static home page, each read through
 * a site server with the API cache (scripts/lib/api-cache.ts), and the same read with it off.
 * With --pg: PostgreSQL + Redis and two Directus instances, each behind its own site server, the
 * connections split between the two as a balancer would. Prints a markdown table and writes JSON to
 * bench/results/.
 *
 *   node scripts/bench-api.ts [--pg] [--connections 50] [--seconds 10]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { seedDemo } from '../directus/seed/index.ts';
import { createRuntime } from '../src/lib/directus/runtime.ts';
import { readReviewPage } from '../src/lib/directus/review-reads.ts';
import { REVIEWS_PAGE_SIZE } from '../src/lib/constants.ts';
import { EMPTY_FILTER } from '../src/lib/filter-query.ts';
import { getFilteredTitles } from '../src/lib/directus/filter-titles.ts';
import { startBackend } from './lib/backend.ts';
import { directusEnv } from './lib/directus-env.ts';
import { startDirectus, type RunningDirectus } from './lib/directus-process.ts';
import { freePort } from './lib/free-port.ts';
import { ROOT } from './lib/paths.ts';
import { clearRedisNamespace, createDatabase, dropDatabase, productionEnv, uniqueName } from './lib/postgres.ts';
import { ensurePostgres, ensureRedis } from './lib/services.ts';
import { buildSite } from './site-build/build.ts';
import { startSiteServer, type SiteServer } from './lib/static-server.ts';

const { values } = parseArgs({
  options: { pg: { type: 'boolean', default: false }, connections: { type: 'string', default: '50' }, seconds: { type: 'string', default: '10' } },
});
const CONNECTIONS = Number(values.connections);
const SECONDS = Number(values.seconds);
const ADMIN = { email: 'admin@example.com', password: `bench-${randomUUID()}` };

const work = mkdtempSync(path.join(os.tmpdir(), 'dorama-bench-api-'));
const pgName = values.pg ? uniqueName('dorama_bench_api') : '';
const stops: (() => Promise<unknown>)[] = [];

async function cleanUp(): Promise<void> {
  for (const stop of stops.reverse()) await stop().catch(() => {});
  if (pgName) {
    await dropDatabase(pgName).catch(() => {});
    await clearRedisNamespace(pgName).catch(() => {});
  }
  rmSync(work, { recursive: true, force: true });
}

interface Load { reqPerSec: number; p50: number; p99: number; failed: number }

/** Loads the address on every server at once, the connections split between them. */
async function load(servers: SiteServer[], route: string): Promise<Load> {
  // Steady state: the first read of an address is made before the clock starts.
  await Promise.all(servers.map((s) => fetch(`${s.url}${route}`).then((r) => r.arrayBuffer())));
  const each = Math.max(1, Math.floor(CONNECTIONS / servers.length));
  // The load comes from a worker thread, so it does not share the site server's event loop.
  const runs = await Promise.all(servers.map((s) => autocannon({ url: `${s.url}${route}`, connections: each, duration: SECONDS, workers: 1 })));
  return {
    reqPerSec: Math.round(runs.reduce((n, r) => n + r.requests.average, 0)),
    p50: Math.max(...runs.map((r) => r.latency.p50)),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    failed: runs.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0),
  };
}

/** A site server that notes the /api addresses asked of it, and the runtime helpers on it. */
async function recordingSite(dist: string, directusUrl: string) {
  let seen: string[] = [];
  const site = await startSiteServer({
    distDir: dist, port: 0, directusUrl, apiCache: false,
    log: (line) => {
      const address = line.split(' ')[1] ?? '';
      if (address.startsWith('/api/')) seen.push(address);
    },
  });
  const runtime = createRuntime(`${site.url}/api`);
  return {
    site,
    /** The addresses a helper asked, in order. */
    async addressesOf(ask: (r: typeof runtime) => Promise<unknown>): Promise<string[]> {
      seen = [];
      await ask(runtime);
      // The log line is written when the answer is finished, which is before the helper resolves.
      return seen;
    },
  };
}

try {
  let extra: Record<string, string> = { RATE_LIMITER_POINTS: '100000', PRESSURE_LIMITER_ENABLED: 'false' };
  if (pgName) {
    await ensurePostgres();
    await ensureRedis();
    await createDatabase(pgName);
    extra = { ...extra, ...productionEnv(pgName, pgName) };
  }
  const options = { dataDir: path.join(work, 'data'), secret: `bench-${randomUUID()}`, adminEmail: ADMIN.email, adminPassword: ADMIN.password, extra };
  const backend = await startBackend({ ...options, port: await freePort(), quiet: true });
  stops.push(() => backend.stop());
  const instances: { url: string }[] = [backend];
  if (pgName) {
    const second: RunningDirectus = await startDirectus(directusEnv({ ...options, port: await freePort() }), { quiet: true });
    stops.push(() => second.stop());
    instances.push(second);
  }
  console.log(`Directus: ${instances.length} instance(s) on ${pgName ? 'PostgreSQL + Redis' : 'SQLite'}; seeding the demo…`);
  await seedDemo(backend.api, () => {});
  const dist = path.join(work, 'dist');
  await buildSite({ directusUrl: backend.url, outDir: dist });

  const serve = async (url: string, apiCache: boolean) => {
    const s = await startSiteServer({ distDir: dist, port: 0, directusUrl: url, apiCache });
    stops.push(() => s.close());
    return s;
  };
  const cached = await Promise.all(instances.map((d) => serve(d.url, true)));
  const uncached = await Promise.all(instances.map((d) => serve(d.url, false)));

  // The demo's most reviewed title, a category, a tag: what a visitor's pages ask about.
  const [top] = await backend.api.get<{ title: number }[]>('/items/comments?aggregate[count]=id&groupBy[]=title&sort[]=-count.id&filter[title][_nnull]=true&limit=1');
  const [category] = await backend.api.get<{ slug: string; name: string }[]>('/items/categories?fields=slug,name&limit=1&sort=name');
  const [tag] = await backend.api.get<{ id: number }[]>('/items/tags?fields=id&limit=1&sort=name');
  const recorder = await recordingSite(dist, backend.url);
  stops.push(() => recorder.site.close());
  const { addressesOf } = recorder;
  const reads: [string, string[]][] = [
    ['reviews of a title', await addressesOf((r) => readReviewPage(r.client, top!.title, {}, REVIEWS_PAGE_SIZE + 1))],
    ['rating of a title', await addressesOf((r) => r.getRatingSummary(top!.title))],
    ['category alphabet, first page', await addressesOf((r) => r.getAlphabetTitles(category!.slug, null, 1))],
    ['filter screen, first page', await addressesOf((r) => getFilteredTitles(r.client, { ...EMPTY_FILTER, category: category!.name }))],
    ['tag, show more', await addressesOf((r) => r.getListPage({ kind: 'tag', key: String(tag!.id) }, 2))],
    ['category new, show more', await addressesOf((r) => r.getListPage({ kind: 'category-new', key: category!.slug }, 2))],
    ['search «дорам»', await addressesOf((r) => r.search('дорам'))],
    ['Часто ищут', await addressesOf((r) => r.popularTitles())],
    ['updates, show more', await addressesOf((r) => r.getUpdatesPage(2))],
  ];

  const rows: { read: string; address: string; cached: Load; uncached: Load }[] = [];
  const home = await load(cached, '/');
  console.log(`static home: ${home.reqPerSec} req/s, p99 ${home.p99} ms`);
  for (const [read, addresses] of reads) {
    for (const address of addresses) {
      const row = { read, address, cached: await load(cached, address), uncached: await load(uncached, address) };
      console.log(`${read}: ${row.cached.reqPerSec} req/s (p99 ${row.cached.p99} ms) cached, ${row.uncached.reqPerSec} req/s (p99 ${row.uncached.p99} ms) uncached`);
      rows.push(row);
    }
  }

  const database = pgName ? 'PostgreSQL + Redis, 2 instances' : 'SQLite, 1 instance';
  console.log(`\n### Runtime reads at ${CONNECTIONS} connections, ${SECONDS} s each (${database}, ${os.cpus().length} cores)\n`);
  console.log('| read | cached req/s | p99 ms | uncached req/s | p99 ms |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(`| static home page | ${home.reqPerSec} | ${home.p99} | | |`);
  for (const r of rows) {
    const part = !r.address.includes('aggregate') ? r.read : r.address.startsWith('/api/items/comments') ? `${r.read}: review counts` : `${r.read}: total`;
    console.log(`| ${part} | ${r.cached.reqPerSec} | ${r.cached.p99} | ${r.uncached.reqPerSec} | ${r.uncached.p99} |`);
  }
  const failed = [home, ...rows.flatMap((r) => [r.cached, r.uncached])].reduce((n, l) => n + l.failed, 0);
  if (failed) console.log(`\n${failed} answers were not 2xx or failed`);
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  const file = path.join(ROOT, 'bench/results', `api-${pgName ? 'pg' : 'sqlite'}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ database, connections: CONNECTIONS, seconds: SECONDS, home, rows }, null, 2));
  console.log(`\nFigures written to ${path.relative(ROOT, file)}`);
} finally {
  await cleanUp();
}

/**
 * Outages in the production configuration: two Directus instances on a PostgreSQL cluster and a Redis
 * server of this file's own (so they can be stopped), with the site server and its rebuild loop.
 * Redis stopped and started again, then PostgreSQL restarted: each time Directus answers meanwhile
 * (an error, never a hang), then by itself reads and writes again, a websocket subscriber on the other
 * instance hears new messages again, the rebuild loop builds a change made after the outage, and
 * nothing written before is lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { startBackend, type Backend } from '../../../scripts/lib/backend.ts';
import { directusEnv, type DirectusOptions } from '../../../scripts/lib/directus-env.ts';
import { startDirectus, type RunningDirectus } from '../../../scripts/lib/directus-process.ts';
import { freePort } from '../../../scripts/lib/free-port.ts';
import { productionEnv } from '../../../scripts/lib/postgres.ts';
import { startSiteServer, type SiteServer } from '../../../scripts/lib/static-server.ts';
import { createRebuildLoop, type RebuildLoop } from '../../../scripts/site-build/rebuild-loop.ts';
import { REBUILD_PATH } from '../../../scripts/site-build/rebuild-webhook.ts';
import { servedBuild } from '../../../scripts/site-build/rebuilder.ts';
import { Realtime, closeAllRealtime, type Frame } from '../../support/realtime.ts';
import { http, newPerson, timeUntil, within, type Person } from '../../support/direct-http.ts';
import { startPrivatePostgres, startPrivateRedis, type PrivatePostgres, type PrivateRedis } from '../../support/private-services.ts';
import { TEST_BACKEND_ENV } from '../../support/test-backend-env.ts';
import { MAX_READ_ROWS } from '../../../shared/rules.ts';

const ADMIN = { email: 'admin@example.com', password: 'admin-outage-test-password' };
const DATABASE = 'dorama';
const BUILD_WAIT = 600_000;
/** An edit's page is waited for less than a test lasts, so a wait that runs out says what the builds did. */
const EDIT_WAIT = 300_000;
/** How long an outage lasts while requests are sent to Directus. */
const OUTAGE_MS = 5_000;
/**
 * Directus must answer something within this while a service is down: a person is told of the failure
 * rather than left waiting (its Redis clients once held every request ~10.8 s; see withRedisParts).
 */
const ANSWER_WITHIN_MS = 3_000;

let workDir = '';
let pg: PrivatePostgres | undefined;
let redis: PrivateRedis | undefined;
let a: Backend | undefined;
let b: RunningDirectus | undefined;
let site: SiteServer | undefined;
let loop: RebuildLoop | undefined;
let db: Knex | undefined;
let author: Person;
let reader: Person;
let onB: Realtime;
let title: { id: number; slug: string; name: string };
/** Every message written so far, by its text: none may be lost. */
const written = new Map<string, number>();

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'dorama-outages-'));
  pg = await startPrivatePostgres();
  redis = await startPrivateRedis();
  const admin = knex({ client: 'pg', connection: { host: '127.0.0.1', port: pg.port, user: 'postgres', database: 'postgres' } });
  await admin.raw(`CREATE DATABASE ${DATABASE}`);
  await admin.destroy();
  db = knex({ client: 'pg', connection: { host: '127.0.0.1', port: pg.port, user: 'postgres', database: DATABASE }, pool: { min: 0, max: 2 } });

  const secret = randomBytes(24).toString('hex');
  const port = await freePort();
  const directusUrl = `http://127.0.0.1:${port}`;
  loop = createRebuildLoop({ sitesDir: path.join(workDir, 'site'), directusUrl, secret, countersEveryMs: 0 });
  site = await startSiteServer({
    distDir: () => loop!.rebuilder.currentDir(), port: 0, directusUrl, handlers: [loop.webhook], build: () => servedBuild(loop!.rebuilder),
  });
  const options: DirectusOptions = {
    dataDir: path.join(workDir, 'data'),
    port,
    secret: `outage-test-secret-${randomUUID()}`,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    siteUrl: site.url,
    siteRebuild: { url: `${site.url}${REBUILD_PATH}`, secret },
    extra: {
      // The private services in place of the machine's shared ones; the namespace is then the whole Redis.
      ...productionEnv(DATABASE, 'outages'),
      DB_HOST: '127.0.0.1', DB_PORT: String(pg.port), REDIS: redis.url,
      ...TEST_BACKEND_ENV,
    },
  };
  a = await startBackend({ ...options, quiet: true });
  b = await startDirectus(directusEnv({ ...options, port: await freePort() }), { quiet: true });
  const slug = 'outage-title';
  title = { ...(await a.api.post<{ id: number }>('/items/titles', { slug, name: 'Тайтл до сбоев', status: 'published', views: 0 })), slug, name: 'Тайтл до сбоев' };
  expect(await loop.rebuilder.start()).toBe('built');
  author = await newPerson(a.api, a.url);
  reader = await newPerson(a.api, a.url);
  onB = await Realtime.open(b.url, reader.token, 'reader on B');
  await onB.subscribeMessages('chat');
  await writeAndHear('before any outage');
}, BUILD_WAIT);

afterAll(async () => {
  await closeAllRealtime();
  await db?.destroy();
  await loop?.close();
  await site?.close();
  await Promise.allSettled([b?.stop(), a?.stop()]);
  await redis?.stop();
  pg?.remove();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}, 60_000);

const createdEvent = (text: string) => (f: Frame) =>
  f.uid === 'chat' && f.type === 'subscription' && f.event === 'create' && (f.data ?? []).some((row: Frame) => row.text === text);

/** A message written through A that the reader on B hears; answers how long both took. */
async function writeAndHear(label: string): Promise<number> {
  const text = `${label} ${randomUUID().slice(0, 6)}`;
  const started = performance.now();
  const res = await http(a!.url, 'POST', '/items/messages', { token: author.token, body: { text } });
  expect(res.status, `${label}: ${JSON.stringify(res.errors)}`).toBe(200);
  written.set(text, res.data.id);
  await onB.waitFor(createdEvent(text), `the create event of «${text}»`);
  return Math.round(performance.now() - started);
}

/** What each instance answers, within ANSWER_WITHIN_MS, to a read and a write while a service is down. */
async function answersDuringOutage(): Promise<Record<string, number | string>> {
  const probe = async (base: string, method: string, route: string, body?: unknown) => {
    const started = performance.now();
    try {
      const res = await fetch(`${base}${route}`, {
        method,
        headers: { authorization: `Bearer ${author.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      });
      await res.arrayBuffer();
      return `${res.status} in ${Math.round(performance.now() - started)} ms`;
    } catch (err) {
      return (err as Error).name === 'TimeoutError' ? 'no answer' : `refused (${(err as Error).message})`;
    }
  };
  const seen: Record<string, number | string> = {};
  const [readA, readB, writeA, healthz] = await Promise.all([
    probe(a!.url, 'GET', `/items/titles/${title.id}?fields=name`),
    probe(b!.url, 'GET', `/items/titles/${title.id}?fields=name`),
    probe(a!.url, 'POST', '/items/messages', { text: `во время сбоя ${randomUUID().slice(0, 6)}` }),
    probe(site!.url, 'GET', '/healthz'),
  ]);
  Object.assign(seen, { readA, readB, writeA, healthz });
  return seen;
}

/** After an outage: writes and realtime again, the change built, nothing lost. Answers the figures. */
async function recovered(label: string): Promise<Record<string, number>> {
  const back = performance.now();
  // The same processes carry on: nothing had to restart them.
  for (const instance of [a!, b!]) expect(instance.child.exitCode, `${label}: Directus at ${instance.url} exited`).toBeNull();
  const readsMs = await timeUntil(async () => (await http(b!.url, 'GET', `/items/titles/${title.id}?fields=name`, { token: author.token })).status === 200, 60_000, `${label}: reads on B`);
  const writesMs = await timeUntil(async () => (await http(a!.url, 'GET', '/users/me?fields=id', { token: author.token })).status === 200, 60_000, `${label}: A`)
    + await writeAndHear(`after ${label}`);
  // The site's rebuild loop builds an edit made now.
  const renamed = `Тайтл после: ${label}`;
  const edited = performance.now();
  await within(a!.api.patch(`/items/titles/${title.id}`, { name: renamed }), 60_000, `${label}: the edit saved`);
  // The page served with the new name: a build already under way when the edit came (an earlier
  // edit's) ends first, and the edit's own comes after it.
  const servedNew = async () => (await fetch(`${site!.url}/${title.slug}`, { signal: AbortSignal.timeout(10_000) }).then((r) => r.text())).includes(renamed);
  await timeUntil(servedNew, EDIT_WAIT, `${label}: the edit's page served`, 250).catch((err: Error) => {
    const { building, last } = loop!.rebuilder.snapshot();
    throw new Error(`${err.message}; building: ${JSON.stringify(building)}; the last build: ${JSON.stringify(last)}`);
  });
  const builtMs = Math.round(performance.now() - edited);
  title.name = renamed;
  // Nothing written before is lost: every message is in the database and readable through both instances.
  const rows = await db!('messages').whereIn('id', [...written.values()]).select('id', 'text');
  expect(new Map(rows.map((r) => [r.text, r.id]))).toEqual(written);
  for (const base of [a!.url, b!.url]) {
    const listed = await http<{ text: string }[]>(base, 'GET', `/items/messages?fields=text&filter[user_created][_eq]=${author.id}&limit=${MAX_READ_ROWS}`, { token: author.token });
    expect(listed.status).toBe(200);
    expect(listed.data.map((m) => m.text).filter((t) => written.has(t)).sort()).toEqual([...written.keys()].sort());
  }
  return { readsMs, writesAndRealtimeMs: writesMs, editBuiltMs: builtMs, totalMs: Math.round(performance.now() - back) };
}

describe('outages of the services Directus depends on', () => {
  it('Redis stopped and started again: Directus answers meanwhile and then carries on by itself', { timeout: BUILD_WAIT }, async () => {
    await redis!.stop();
    const stopped = performance.now();
    const during = await answersDuringOutage();
    await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (performance.now() - stopped))));
    await redis!.start();
    const figures = await recovered('the Redis restart');
    console.info(JSON.stringify({ fault: 'redis-restart', outageMs: Math.round(performance.now() - stopped - figures.totalMs), during, ...figures }));
    for (const answer of Object.values(during)) expect(answer).not.toBe('no answer');
  });

  it('PostgreSQL restarted: Directus answers meanwhile and then carries on by itself', { timeout: BUILD_WAIT }, async () => {
    pg!.stop();
    const stopped = performance.now();
    const during = await answersDuringOutage();
    await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (performance.now() - stopped))));
    pg!.start();
    const figures = await recovered('the PostgreSQL restart');
    console.info(JSON.stringify({ fault: 'postgres-restart', during, ...figures }));
    for (const answer of Object.values(during)) expect(answer).not.toBe('no answer');
    expect(during.healthz).toMatch(/^503/);
  });
});

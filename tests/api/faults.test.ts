/**
 * Faults on one machine (the embedded SQLite configuration), with a Directus, a payment gateway stand-in
 * and a site server with its rebuild loop of this file's own:
 * - Directus killed (SIGKILL) in the middle of a burst of writes by many people at once: every write is
 *   whole or absent (read straight from the database file), every write it acknowledged is there, and
 *   every invoice paid at the gateway is granted once Directus is back; meanwhile the static site kept
 *   serving, its /api answered a clear 502 and /healthz said 503.
 * - A site build killed in the middle: the served site is unchanged, and the next build succeeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import knex, { type Knex } from 'knex';
import type { Backend } from '../../scripts/lib/backend.ts';
import { startDirectus, type RunningDirectus } from '../../scripts/lib/directus-process.ts';
import { API_CACHE_STALE_MS, API_CACHE_TTL_MS } from '../../scripts/lib/api-cache.ts';
import { BAD_GATEWAY_ANSWER, startSiteServer, type SiteServer } from '../../scripts/lib/static-server.ts';
import { createRebuildLoop, type RebuildLoop } from '../../scripts/site-build/rebuild-loop.ts';
import { REBUILD_PATH } from '../../scripts/site-build/rebuild-webhook.ts';
import { servedBuild } from '../../scripts/site-build/rebuilder.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { startPaymentGateway, type PaymentGateway } from '../../scripts/lib/payment-gateway.ts';
import { PREMIUM_ROLES } from '../../shared/rules.ts';
import { payerPresses } from '../support/gateway.ts';
import { pngBytes, upload } from '../support/api.ts';
import { http, newPerson, timeUntil, type Person } from '../support/direct-http.ts';
import { startTestBackend } from '../support/backend-template.ts';
import { ADMIN } from '../support/global-setup.ts';
import { TEST_BACKEND_ENV } from '../support/test-backend-env.ts';

const BUILD_WAIT = 600_000;
/** People writing at once, and how many of their writes Directus acknowledges before it is killed. */
const WRITERS = 8;
const ACKNOWLEDGED_BEFORE_KILL = 100;

let workDir = '';
let sitesDir = '';
let directusUrl = '';
let backend: Backend;
/** The Directus now running: the first one, then the one started after the kill. */
let running: RunningDirectus;
let site: SiteServer;
let loop: RebuildLoop;
let gateway: PaymentGateway;
const titles: { id: number; slug: string; name: string }[] = [];
const actors: number[] = [];
/** While true, every build process is killed as it starts. */
let killBuilds = false;
const killedBuilds: number[] = [];

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'dorama-faults-'));
  sitesDir = path.join(workDir, 'site');
  const secret = randomBytes(24).toString('hex');
  const port = await freePort();
  directusUrl = `http://127.0.0.1:${port}`;
  gateway = await startPaymentGateway({ directusUrl, quiet: true });
  loop = createRebuildLoop({
    sitesDir, directusUrl, secret, countersEveryMs: 0,
    onBuildStart: (pid) => {
      if (!killBuilds) return;
      killedBuilds.push(pid);
      process.kill(pid, 'SIGKILL');
    },
  });
  site = await startSiteServer({
    distDir: () => loop.rebuilder.currentDir(), port: 0, directusUrl, handlers: [loop.webhook], build: () => servedBuild(loop.rebuilder),
  });
  backend = await startTestBackend({
    dataDir: path.join(workDir, 'data'),
    port,
    secret: 'faults-secret-'.padEnd(40, 'x'),
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    quiet: true,
    siteUrl: site.url,
    siteRebuild: { url: `${site.url}${REBUILD_PATH}`, secret },
    extra: {
      ...TEST_BACKEND_ENV, PLAN_CHECK_CRON: '*/2 * * * * *', ...gateway.env,
    },
  });
  running = backend;
  for (let i = 1; i <= 3; i++) {
    const slug = `faults-title-${i}`;
    const name = `Тайтл сбоев ${i}`;
    titles.push({ ...(await backend.api.post<{ id: number }>('/items/titles', { slug, name, status: 'published', views: 0 })), slug, name });
    actors.push((await backend.api.post<{ id: number }>('/items/actors', { slug: `faults-actor-${i}`, nameRu: `Актёр сбоев ${i}` })).id);
  }
  expect(await loop.rebuilder.start()).toBe('built');
}, BUILD_WAIT);

afterAll(async () => {
  await loop?.close();
  await site?.close();
  await running?.stop();
  await gateway?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}, 60_000);

/** Until the rebuild loop has no build running or waiting: the served pages stay as they are. */
function loopIdle(): Promise<number> {
  return timeUntil(async () => {
    const s = loop.rebuilder.snapshot();
    return !s.building && s.pending === 0;
  }, BUILD_WAIT, 'the rebuild loop idle', 50);
}

/** The database file, read directly (as a person with a shell would after a crash). */
function database(): Knex {
  return knex({ client: 'sqlite3', connection: { filename: backend.env.DB_FILENAME! }, useNullAsDefault: true });
}

// ---------------------------------------------------------------- the burst

type Outcome = 'acknowledged' | 'refused' | 'unknown';

interface Write {
  kind: 'review' | 'rating' | 'mark' | 'actor' | 'message' | 'chat' | 'purchase';
  who: Person;
  /** The text it carries (reviews, messages), to find it again. */
  text?: string;
  title?: number;
  actor?: number;
  invoice?: string;
  /** The payer paid it at the gateway. */
  paid?: boolean;
  outcome?: Outcome;
  status?: number;
  id?: number | string;
  started: number;
  ended?: number;
}

interface Writer extends Person { images: string[]; invitee: Person }

async function send(w: Write, route: string, body: unknown): Promise<void> {
  try {
    const res = await http(directusUrl, 'POST', route, { token: w.who.token, body });
    w.status = res.status;
    w.outcome = res.status === 200 ? 'acknowledged' : res.status >= 400 && res.status < 500 ? 'refused' : 'unknown';
    w.id = res.data?.id ?? res.data?.invoice;
    if (w.kind === 'purchase' && res.status === 200) {
      w.invoice = res.data.invoice;
      // The payer pays at once; the gateway then tells Directus, retrying until it answers.
      await payerPresses(res.data.url, 'pay');
      w.paid = true;
    }
  } catch {
    // No answer: the connection broke or never opened. Whether Directus stored it is unknown.
    w.outcome = 'unknown';
  }
  w.ended = performance.now();
}

/** One round of a writer: all seven kinds of write at once. */
function round(p: Writer, n: number, log: Write[]): Promise<void>[] {
  const title = titles[n % titles.length]!;
  const actor = actors[n % actors.length]!;
  const make = (w: Omit<Write, 'started' | 'who'>, route: string, body: unknown) => {
    const write: Write = { ...w, who: p, started: performance.now() };
    log.push(write);
    return send(write, route, body);
  };
  const review = `Отзыв ${p.login} №${n}`;
  const message = `Сообщение ${p.login} №${n}`;
  return [
    make({ kind: 'review', text: review, title: title.id }, '/items/comments', { text: review, title: title.id, images: [{ directus_files_id: p.images[0] }] }),
    make({ kind: 'rating', title: title.id }, '/items/ratings', { rating: 1 + (n % 5), title: title.id }),
    make({ kind: 'mark', title: title.id }, '/items/favorites', { type: 'Смотрю', title: title.id }),
    make({ kind: 'actor', actor }, '/items/favoriteActors', { user: p.id, actor }),
    make({ kind: 'message', text: message }, '/items/messages', { text: message, images: p.images.map((id) => ({ directus_files_id: id })) }),
    make({ kind: 'chat' }, '/items/chats', { user_invited: [{ directus_users_id: p.invitee.id }] }),
    // A plan bought and paid every round, so that some grants are under way when Directus is killed.
    make({ kind: 'purchase' }, '/payment/buy', { userId: p.id, gateway: 'heleket', planId: 1 + (n % 2) }),
  ];
}

/** What the database holds of the burst, and what is wrong in it. */
async function inspect(db: Knex, log: Write[], writers: Writer[]) {
  const ids = writers.map((p) => p.id);
  const problems: string[] = [];
  // Junction rows pointing at nothing.
  for (const [junction, key, parent] of [['messages_files', 'messages_id', 'messages'], ['comments_files', 'comments_id', 'comments'], ['chats_directus_users', 'chats_id', 'chats']] as const) {
    const orphans = await db(junction).leftJoin(parent, `${junction}.${key}`, `${parent}.id`).whereNull(`${parent}.id`).count<{ n: number }[]>({ n: '*' });
    if (Number(orphans[0]!.n)) problems.push(`${orphans[0]!.n} orphan row(s) in ${junction}`);
  }
  // Every message, review and chat of the writers carries all its junction rows.
  const images = new Map(writers.map((p) => [p.id, p.images.length]));
  for (const m of await db('messages').whereIn('user_created', ids).select('id', 'user_created', 'text')) {
    const n = Number((await db('messages_files').where({ messages_id: m.id }).count<{ n: number }[]>({ n: '*' }))[0]!.n);
    if (n !== images.get(m.user_created)) problems.push(`message «${m.text}» has ${n} of ${images.get(m.user_created)} images`);
  }
  for (const c of await db('comments').whereIn('user_created', ids).select('id', 'text')) {
    const n = Number((await db('comments_files').where({ comments_id: c.id }).count<{ n: number }[]>({ n: '*' }))[0]!.n);
    if (n !== 1) problems.push(`review «${c.text}» has ${n} images`);
  }
  for (const c of await db('chats').whereIn('user_created', ids).select('id')) {
    const n = Number((await db('chats_directus_users').where({ chats_id: c.id }).count<{ n: number }[]>({ n: '*' }))[0]!.n);
    if (n !== 1) problems.push(`chat ${c.id} has ${n} invited`);
  }
  // A paid invoice has exactly its grant, an unpaid one none; the person's plan follows.
  const invoices = await db('invoices').whereIn('user', ids).select('id', 'user', 'status', 'plan');
  for (const inv of invoices) {
    const grants = Number((await db('planChanges').where({ invoice: inv.id, kind: 'payment' }).count<{ n: number }[]>({ n: '*' }))[0]!.n);
    if (grants !== (inv.status === 'paid' ? 1 : 0)) problems.push(`invoice ${inv.id} is ${inv.status} with ${grants} grant(s)`);
  }
  for (const p of writers) {
    const user = await db('directus_users').where({ id: p.id }).first('role');
    const paid = invoices.some((inv) => inv.user === p.id && inv.status === 'paid');
    if (PREMIUM_ROLES.includes(user.role) !== paid) problems.push(`${p.login} is ${user.role} with${paid ? '' : 'out'} a paid invoice`);
  }
  // Each write: present whole, or absent. An acknowledged one must be present.
  // A rating, mark or actor of one person and title is stored once: a later one is refused, not a second row.
  const storedEarlier = (w: Write) => ['rating', 'mark', 'actor'].includes(w.kind) && log.some((o) => o !== w && o.kind === w.kind && o.who === w.who && o.title === w.title && o.actor === w.actor
    && o.outcome === 'acknowledged' && o.started < w.started);
  const present = async (w: Write): Promise<boolean> => {
    if (storedEarlier(w)) return false;
    switch (w.kind) {
      case 'review': return !!(await db('comments').where({ text: w.text, user_created: w.who.id }).first('id'));
      case 'message': return !!(await db('messages').where({ text: w.text, user_created: w.who.id }).first('id'));
      case 'rating': return !!(await db('ratings').where({ title: w.title, user_created: w.who.id }).first('id'));
      case 'mark': return !!(await db('favorites').where({ title: w.title, user_created: w.who.id, type: 'Смотрю' }).first('id'));
      case 'actor': return !!(await db('favoriteActors').where({ actor: w.actor, user: w.who.id }).first('id'));
      case 'chat': return w.id !== undefined && !!(await db('chats').where({ id: w.id }).first('id'));
      case 'purchase': return w.invoice !== undefined && !!(await db('invoices').where({ id: w.invoice }).first('id'));
    }
  };
  const tally = { acknowledged: 0, acknowledgedPresent: 0, unknown: 0, unknownPresent: 0, refused: 0 };
  for (const w of log) {
    const outcome = w.outcome ?? 'unknown';
    tally[outcome]++;
    const there = await present(w);
    if (outcome === 'acknowledged') {
      if (there) tally.acknowledgedPresent++;
      else problems.push(`acknowledged ${w.kind} ${w.text ?? w.id ?? ''} of ${w.who.login} is missing`);
    }
    if (outcome === 'unknown' && there) tally.unknownPresent++;
  }
  return { problems, tally, invoices };
}

describe('Directus killed in the middle of a burst of writes', () => {
  it('leaves every write whole or absent, keeps what it acknowledged, grants every paid invoice once back; the site serves meanwhile', { timeout: 300_000 }, async () => {
    const people: Person[] = [];
    for (let i = 0; i < WRITERS * 2; i++) people.push(await newPerson(backend.api, directusUrl));
    const writers: Writer[] = [];
    for (let i = 0; i < WRITERS; i++) {
      const p = people[i]!;
      const images: string[] = [];
      for (const name of ['a.png', 'b.png']) {
        const res = await http(directusUrl, 'POST', '/files', { token: p.token, body: upload(pngBytes(), 'image/png', name) });
        expect(res.status, JSON.stringify(res.errors)).toBe(200);
        images.push(res.data.id);
      }
      writers.push({ ...p, images, invitee: people[WRITERS + i]! });
    }
    // The build that the titles made in beforeAll asked for ends before the pages are read.
    await loopIdle();
    const home = await fetch(`${site.url}/`).then((r) => r.text());
    const ratingRead = `${site.url}/api/site/rating/${titles[0]!.id}`;
    const ratingBefore = await fetch(ratingRead).then((r) => r.json());
    const ratingReadAt = performance.now();
    const titlePage = await fetch(`${site.url}/${titles[0]!.slug}`).then((r) => r.text());
    expect(titlePage).toContain(titles[0]!.name);

    // The burst: every writer does round after round, all kinds at once, until Directus is gone.
    const log: Write[] = [];
    let killedAt = 0;
    const writing = writers.map(async (p) => {
      for (let n = 0; !killedAt; n++) await Promise.all(round(p, n, log));
    });
    await timeUntil(async () => log.filter((w) => w.outcome === 'acknowledged').length >= ACKNOWLEDGED_BEFORE_KILL, 120_000, 'writes acknowledged', 5);
    running.child.kill('SIGKILL');
    killedAt = performance.now();
    const inFlight = log.filter((w) => w.started < killedAt && (w.ended === undefined || w.ended > killedAt)).length;
    await Promise.all(writing);
    await new Promise<void>((resolve) => (running.child.exitCode !== null || running.child.signalCode !== null ? resolve() : running.child.once('exit', () => resolve())));

    // Meanwhile: the static pages are served as they were, the API says it is unreachable, the health check fails.
    const down = await fetch(`${site.url}/`);
    expect(down.status).toBe(200);
    expect(await down.text()).toBe(home);
    expect(await fetch(`${site.url}/${titles[0]!.slug}`).then((r) => r.text())).toBe(titlePage);
    const me = await fetch(`${site.url}/api/users/me`, { headers: { authorization: `Bearer ${writers[0]!.token}` } });
    expect(me.status).toBe(502);
    expect(await me.json()).toEqual(BAD_GATEWAY_ANSWER);
    // A public read asked before the crash is served as it last was; one never asked fails clearly.
    const sinceRead = performance.now() - ratingReadAt;
    const expired = API_CACHE_TTL_MS + API_CACHE_STALE_MS;
    if (sinceRead < expired) await new Promise((resolve) => setTimeout(resolve, expired - sinceRead));
    const kept = await fetch(ratingRead);
    expect([kept.status, kept.headers.get('x-cache')]).toEqual([200, 'STALE']);
    expect(await kept.json()).toEqual(ratingBefore);
    const fresh = await fetch(`${site.url}/api/items/titles?fields=id&filter[slug][_eq]=${titles[1]!.slug}`);
    expect([502, 503]).toContain(fresh.status);
    const healthz = await fetch(`${site.url}/healthz`);
    expect(healthz.status).toBe(503);
    expect(await healthz.json()).toMatchObject({ status: 'fail', backend: { status: 'down' }, build: { id: loop.rebuilder.snapshot().current!.id } });

    // Straight after the crash, before anything recovers: whole or absent.
    const db = database();
    try {
      const atCrash = await inspect(db, log, writers);
      expect(atCrash.problems).toEqual([]);
      expect(atCrash.tally.acknowledged).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
      // Paid at the gateway: the payer pressed «pay» (the stand-in then marks it paid whatever Directus does).
      const bought = log.filter((w) => w.kind === 'purchase' && w.invoice && w.paid);
      const paidAtCrash = Number((await db('invoices').whereIn('id', bought.map((w) => w.invoice!)).where({ status: 'paid' }).count<{ n: number }[]>({ n: '*' }))[0]!.n);

      // Directus starts again on the same database; the gateway's retries and the scheduled check bring every paid invoice in.
      const restartStarted = performance.now();
      running = await startDirectus(backend.env, { quiet: true });
      const restartMs = Math.round(performance.now() - restartStarted);
      const healthyMs = await timeUntil(async () => (await fetch(`${site.url}/healthz`)).status === 200, 30_000, 'healthz 200');
      const grantedMs = await timeUntil(async () => {
        const paid = await db('invoices').whereIn('id', bought.map((w) => w.invoice!)).where({ status: 'paid' }).count<{ n: number }[]>({ n: '*' });
        return Number(paid[0]!.n) === bought.length;
      }, 90_000, 'every paid invoice granted', 250);
      const after = await inspect(db, log, writers);
      expect(after.problems).toEqual([]);
      // And people write again.
      const again = await http(site.url, 'POST', '/api/items/messages', { token: writers[0]!.token, body: { text: 'Снова работает' } });
      expect(again.status).toBe(200);
      console.info(JSON.stringify({
        fault: 'directus-sigkill', writes: log.length, inFlight, ...atCrash.tally,
        unknownAbsent: atCrash.tally.unknown - atCrash.tally.unknownPresent,
        purchasesPaid: bought.length, grantedAtCrash: paidAtCrash, restartMs, healthyAfterRestartMs: healthyMs, allGrantedAfterHealthyMs: grantedMs,
      }));
    } finally {
      await db.destroy();
    }
  });
});

describe('a site build killed in the middle', () => {
  it('keeps the served site as it was, and the next build succeeds', { timeout: BUILD_WAIT }, async () => {
    const title = titles[2]!;
    // A build that an earlier test's writes started must end first: it was not told to go under the kill.
    await loopIdle();
    const served = loop.rebuilder.snapshot().current!;
    const lastBefore = loop.rebuilder.snapshot().last!.id;
    const before = await fetch(`${site.url}/${title.slug}`).then((r) => r.text());
    // An editor renames a title; its build's processes are killed as soon as they are told to go.
    const renamed = `${title.name} (новое имя)`;
    killBuilds = true;
    try {
      await backend.api.patch(`/items/titles/${title.id}`, { name: renamed });
      await timeUntil(async () => {
        const s = loop.rebuilder.snapshot();
        return s.last!.id !== lastBefore && !s.building;
      }, BUILD_WAIT, 'the killed build ends', 50);
    } finally {
      killBuilds = false;
    }
    const failed = loop.rebuilder.snapshot().last!;
    expect(killedBuilds.length).toBeGreaterThan(0);
    expect(failed.ok).toBe(false);
    expect(failed.error).toMatch(/SIGKILL/);
    // Served as before: the same build, the same page, no half-written folder beside it.
    expect(loop.rebuilder.snapshot().current!.id).toBe(served.id);
    expect(await fetch(`${site.url}/${title.slug}`).then((r) => r.text())).toBe(before);
    expect(readdirSync(path.join(sitesDir, 'builds'))).not.toContain(failed.id);

    // The next build (an editor's button) succeeds and shows the change.
    const started = performance.now();
    loop.rebuilder.request('manual');
    await timeUntil(async () => loop.rebuilder.snapshot().current!.id !== served.id, BUILD_WAIT, 'the next build', 250);
    const nextMs = Math.round(performance.now() - started);
    expect(loop.rebuilder.snapshot().last!.ok).toBe(true);
    expect(await fetch(`${site.url}/${title.slug}`).then((r) => r.text())).toContain(renamed);
    console.info(JSON.stringify({ fault: 'build-sigkill', killedProcesses: killedBuilds.length, nextBuildMs: nextMs }));
  });
});

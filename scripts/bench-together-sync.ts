/**
 * `npm run bench:together-sync`: how closely the members of a watching-together room see the same
 * second. It brings up its own world as the browser tests do (a fresh Directus with the demo seeded,
 * the site built and served, all in a temp folder removed at the end), then puts N signed-in people
 * (5 by default), each in a Chromium page of their own, in one room, on the demo's upload and then on
 * the demo's embed (which speaks the providers' protocol), and the leader plays, pauses, seeks while
 * playing and moves to the next episode.
 *
 * Two figures, p95 over every member and every step:
 * - the gap: each page's media time against the room's second by its own offset-corrected clock
 *   (positionAt(moment, Date.now() + offset)), minus the leader's own, sampled while the room plays;
 *   all pages share the machine's clock, so what is left is the sync's error, not the clocks';
 * - the time until a step is visible on every page: from the leader's key press to the page's media
 *   doing it (playing past the room's second, paused, at the new second and then playing on from it,
 *   the next episode's media);
 *   the next episode is asked for while playing, so the room then waits for every member's new media
 *   and plays by itself.
 * And where a play's time went on each page: the room's playing view, its scheduled start, the media's 'playing'.
 *
 *   node scripts/bench-together-sync.ts [--members 5] [--kinds video,embed] [--rounds 3] [--samples 20]
 *   against a running site instead (npm start's, with its admin's email and password):
 *   node scripts/bench-together-sync.ts --site http://127.0.0.1:4321 --directus http://127.0.0.1:8055 --admin-email … --admin-password …
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { AdminApi } from '../directus/apply/admin-api.ts';
import { seedDemo } from '../directus/seed/index.ts';
import { ROLES } from '../shared/rules.ts';
import { startBackend, type Backend } from './lib/backend.ts';
import { CHROMIUM_ARGS, ensureChromium } from './lib/chromium.ts';
import { quantile } from './lib/bench-figures.ts';
import { freePort } from './lib/free-port.ts';
import { buildSite } from './site-build/build.ts';
import { startSiteServer, type SiteServer } from './lib/static-server.ts';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '5' },
    kinds: { type: 'string', default: 'video,embed' },
    samples: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
    site: { type: 'string' },
    directus: { type: 'string' },
    'admin-email': { type: 'string', default: 'admin@example.com' },
    'admin-password': { type: 'string' },
  },
});
const MEMBERS = Number(values.members);
const KINDS = values.kinds.split(',').filter((k): k is 'video' | 'embed' => k === 'video' || k === 'embed');
const SAMPLES = Number(values.samples);
/** Play, pause and seek are repeated this many times; the next episode comes once, at the end. */
const ROUNDS = Number(values.rounds);
const ADMIN = { email: 'admin@example.com', password: 'bench-together-password' };
/** The clock's fast pings (8 at 1 s) are done by then. */
const CLOCK_SETTLE_MS = 9_000;
/** After a step, the sync is given this long before the gap is sampled (a start, a seek's load). */
const STEP_SETTLE_MS = 4_000;
const STEP_TIMEOUT_MS = 30_000;

interface Title { id: number; slug: string; series: { id: number; name: string }[] }

const ms = (n: number) => `${Math.round(n)} ms`;

/**
 * In every page: where its media stands and where the room stands by the page's clock. The media is
 * our <video>, or the demo embed's own <video> (the frame is of the same origin).
 */
const PROBE = `window.__roomProbe = () => {
  const el = document.querySelector('.room__player');
  if (!el) return null;
  const frame = el.querySelector('iframe');
  const v = el.querySelector('video') || (frame && frame.contentDocument && frame.contentDocument.querySelector('video'));
  if (!v) return null;
  const d = el.dataset;
  const offset = Number(d.clockOffset) || 0;
  const now = Date.now() + offset;
  const at = Number(d.at), position = Number(d.position), playing = d.playing === 'true';
  const target = !playing || now <= at ? position : position + (now - at) / 1000;
  return { time: v.currentTime, paused: v.paused, target, playing, episode: d.episode, src: v.currentSrc, now: Date.now() };
};`;

interface Probe { time: number; paused: boolean; target: number; playing: boolean; episode: string; src: string; now: number }

/**
 * Where a play's time goes on each page, by the machine's clock: when the room's playing view came
 * (the player's data-playing turned true), the start it was scheduled for (its `at` less the page's
 * offset), and when the media said 'playing'. Marked from the next change on.
 */
const PLAY_MARKS = `window.__markPlay = () => {
  const el = document.querySelector('.room__player');
  const frame = el.querySelector('iframe');
  const v = el.querySelector('video') || (frame && frame.contentDocument && frame.contentDocument.querySelector('video'));
  const marks = { came: 0, start: 0, playing: 0 };
  const observer = new MutationObserver(() => {
    if (marks.came || el.dataset.playing !== 'true') return;
    marks.came = Date.now();
    marks.start = Number(el.dataset.at) - (Number(el.dataset.clockOffset) || 0);
  });
  observer.observe(el, { attributes: true });
  // The leader's media plays for a moment on the key press, before the room's start: that one is not counted.
  const playing = () => { if (marks.came) marks.playing ||= Date.now(); };
  v.addEventListener('playing', playing);
  // The previous play's marks stop listening.
  if (window.__stopPlayMarks) window.__stopPlayMarks();
  window.__stopPlayMarks = () => { observer.disconnect(); v.removeEventListener('playing', playing); };
  window.__playMarks = marks;
};`;
interface PlayMarks { came: number; start: number; playing: number }

const probe = (page: Page) => page.evaluate(() => (window as unknown as { __roomProbe: () => Probe | null }).__roomProbe());

const work = mkdtempSync(path.join(os.tmpdir(), 'bench-together-'));
let backend: Backend | undefined;
let site: SiteServer | undefined;
let browser: Browser | undefined;
/** The world's addresses and its administrator's API: our own, or the running one named. */
let siteUrl = '';
let directusUrl = '';
let api: Backend['api'] | undefined;

async function person(admin: Backend['api'], i: number): Promise<{ email: string; password: string }> {
  const login = `together_${i}_${Date.now().toString(36)}`;
  const p = { login, email: `${login}@example.com`, password: 'bench-password-1' };
  await admin.post('/users', { ...p, role: ROLES.user, status: 'active', first_name: `Зритель ${i + 1}`, dob: '1995-05-17', gender: 'Женский' });
  return p;
}

async function session(p: { email: string; password: string }) {
  const res = await fetch(`${directusUrl}/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...p, mode: 'json' }),
  });
  const { data } = (await res.json()) as { data: { access_token: string; refresh_token: string; expires: number } };
  return { ...data, expires_at: Date.now() + data.expires, remember: true };
}

const warnings: string[] = [];

/** Waits on every page until `done` holds of its probe; the ms from `since` (the machine's clock) each took. */
async function untilEvery(pages: Page[], since: number, done: string): Promise<number[]> {
  try {
    return await Promise.all(pages.map(async (page) => {
      const handle = await page.waitForFunction(`(() => { const p = window.__roomProbe(); return p && (${done}) ? Date.now() : 0; })()`, undefined, { polling: 'raf', timeout: STEP_TIMEOUT_MS });
      return ((await handle.jsonValue()) as number) - since;
    }));
  } catch (err) {
    // What each page stood at when the step did not show, and what the room told it.
    for (const page of pages) console.error(JSON.stringify(await probe(page)), await page.locator('.room-overlay, .room__connection').allTextContents());
    console.error('The room\'s lines:', await pages[0]!.locator('.room-chat__event').allTextContents());
    console.error('What the pages warned of:', warnings);
    throw err;
  }
}

/** The gap of each member to the leader, sampled while the room plays (s). */
async function gaps(pages: Page[], samples: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    const probes = await Promise.all(pages.map(probe));
    const errors = probes.map((p) => (p ? p.time - p.target : NaN));
    const leader = errors[0]!;
    for (const e of errors.slice(1)) if (Number.isFinite(e)) out.push(Math.abs(e - leader));
    await new Promise((r) => setTimeout(r, 250));
  }
  return out;
}

const pressOnLeader = async (page: Page, key: string): Promise<number> => {
  await page.locator('.player__stage').focus();
  const at = Date.now();
  await page.keyboard.press(key);
  return at;
};

async function runKind(kind: 'video' | 'embed', people: { email: string; password: string }[], title: Title): Promise<void> {
  const sessions = await Promise.all(people.map(session));
  const created = await fetch(`${directusUrl}/together/rooms`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${sessions[0]!.access_token}` },
    body: JSON.stringify({ title: title.id, episode: title.series[0]!.id }),
  });
  if (!created.ok) throw new Error(`room: ${created.status} ${await created.text()}`);
  const body = (await created.json()) as { data?: { code: string }; code?: string };
  const code = body.data?.code ?? body.code;
  const pages: Page[] = [];
  for (const s of sessions) {
    const context = await browser!.newContext({ locale: 'ru-RU', viewport: { width: 1280, height: 800 } });
    await context.addInitScript(([value, probeSource]: [string, string]) => {
      localStorage.setItem('session', value);
      localStorage.setItem('cookiesAccepted', 'true');
      // The probe is script text: a function passed from here would lose its own source's closures.
      (0, eval)(probeSource);
    }, [JSON.stringify(s), PROBE + PLAY_MARKS] as [string, string]);
    const page = await context.newPage();
    const who = `page ${pages.length}`;
    // What a page warns of (a refused command, a socket lost) is printed when a step does not show.
    page.on('console', (m) => { if (m.type() === 'warning' || m.type() === 'error') warnings.push(`${who} ${m.type()}: ${m.text()}`); });
    page.on('pageerror', (err) => warnings.push(`${who} uncaught: ${err.message}`));
    await page.goto(`${siteUrl}/together/${code}`);
    await page.locator('.room__player').waitFor({ timeout: 60_000 });
    // A click on the page: the browser lets a page the person touched play with sound.
    await page.locator('.room__title').click({ position: { x: 2, y: 2 } });
    pages.push(page);
  }
  await untilEvery(pages, Date.now(), 'p.time >= 0');
  await new Promise((r) => setTimeout(r, CLOCK_SETTLE_MS));
  const leader = pages[0]!;
  const visible: Record<string, number[]> = {};
  const gapsOf: Record<string, number[]> = {};
  const playParts: Record<string, number[]> = {};

  const seekLeader = async (seconds: number) => {
    const at = Date.now();
    await leader.evaluate((s: number) => {
      const el = document.querySelector('.room__player');
      const frame = el?.querySelector('iframe');
      const v = el?.querySelector('video') ?? frame?.contentDocument?.querySelector('video');
      if (v) v.currentTime = s;
    }, seconds);
    return at;
  };

  const add = (into: Record<string, number[]>, step: string, values: number[]) => { into[step] = [...(into[step] ?? []), ...values]; };
  let t = 0;
  for (let round = 0; round < ROUNDS; round++) {
    if (round > 0) {
      t = await pressOnLeader(leader, 'k');
      await untilEvery(pages, t, 'p.paused && !p.playing');
    }
    t = await seekLeader(16);
    await untilEvery(pages, t, 'Math.abs(p.time - 16) < 0.5 && p.paused');
    await Promise.all(pages.map((p) => p.evaluate('window.__markPlay()')));
    t = await pressOnLeader(leader, 'k');
    add(visible, 'play', await untilEvery(pages, t, '!p.paused && p.time > 16.05'));
    for (const page of pages) {
      const m = (await page.evaluate('window.__playMarks')) as PlayMarks;
      add(playParts, 'the playing view came', [m.came - t]);
      add(playParts, 'the start it scheduled', [m.start - t]);
      add(playParts, "the media said 'playing'", [m.playing - t]);

    }
    await new Promise((r) => setTimeout(r, STEP_SETTLE_MS));
    add(gapsOf, 'play', await gaps(pages, SAMPLES));

    t = await pressOnLeader(leader, 'k');
    add(visible, 'pause', await untilEvery(pages, t, 'p.paused && !p.playing'));

    t = await pressOnLeader(leader, 'k');
    await untilEvery(pages, t, '!p.paused');
    await new Promise((r) => setTimeout(r, 1_000));
    // Ahead, and clear of the ending (from 40 s), where the leader's player would offer the next episode.
    t = await seekLeader(24);
    // The jump shows at once; the room plays on once every member's media holds the new second.
    const [jumped, resumed] = await Promise.all([
      untilEvery(pages, t, 'Math.abs(p.time - 24) < 0.5'),
      untilEvery(pages, t, 'Math.abs(p.time - 24) < 1 && p.playing && !p.paused'),
    ]);
    add(visible, 'seek', jumped);
    add(visible, 'seek, playing again', resumed);
    await new Promise((r) => setTimeout(r, STEP_SETTLE_MS));
    add(gapsOf, 'seek', await gaps(pages, SAMPLES));
  }

  const next = String(title.series[1]!.id);
  t = await pressOnLeader(leader, 'Shift+N');
  visible.episode = await untilEvery(pages, t, `p.episode === '${next}' && p.time < 20`);
  // A playing room waits for every member's new episode to load, then plays by itself.
  await untilEvery(pages, t, `p.episode === '${next}' && !p.paused`);
  await new Promise((r) => setTimeout(r, STEP_SETTLE_MS));
  gapsOf.episode = await gaps(pages, SAMPLES);

  console.log(`\n${kind === 'video' ? 'An upload (our <video>)' : "The demo's embed (the providers' protocol)"}: ${MEMBERS} members in one room, ${ROUNDS} rounds\n`);
  console.log('| step | visible on every page, p95 | max | gap to the leader, p95 | max |');
  console.log('|---|---:|---:|---:|---:|');
  for (const step of ['play', 'pause', 'seek', 'seek, playing again', 'episode']) {
    const v = visible[step] ?? [];
    const g = gapsOf[step];
    const gap = g?.length ? `${ms(quantile(g, 0.95) * 1000)} | ${ms(Math.max(...g) * 1000)}` : '— | —';
    console.log(`| ${step} | ${ms(quantile(v, 0.95))} | ${ms(Math.max(...v))} | ${gap} |`);
  }
  console.log('\nWhere a play\'s time went, from the key press, on every page: p50 | p95 | max');
  for (const [part, v] of Object.entries(playParts)) console.log(`- ${part}: ${ms(quantile(v, 0.5))} | ${ms(quantile(v, 0.95))} | ${ms(Math.max(...v))}`);
  const all = Object.values(gapsOf).flat();
  console.log(`\nEvery gap sampled while playing: p50 ${ms(quantile(all, 0.5) * 1000)}, p95 ${ms(quantile(all, 0.95) * 1000)} (${all.length} samples)`);
  await Promise.all(pages.map((p) => p.context().close()));
}

try {
  const started = Date.now();
  if (values.site && values.directus) {
    siteUrl = values.site;
    directusUrl = values.directus;
    const res = await fetch(`${directusUrl}/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: values['admin-email'], password: values['admin-password'] ?? process.env.ADMIN_PASSWORD, mode: 'json' }),
    });
    if (!res.ok) throw new Error(`the administrator's sign-in failed: ${res.status}`);
    const { data } = (await res.json()) as { data: { access_token: string } };
    api = new AdminApi(directusUrl, data.access_token);
  } else {
    const sitePort = await freePort();
    backend = await startBackend({
      dataDir: path.join(work, 'data'), siteUrl: `http://127.0.0.1:${sitePort}`, port: await freePort(),
      secret: 'bench-together-secret-'.padEnd(40, 'x'), adminEmail: ADMIN.email, adminPassword: ADMIN.password, quiet: true,
      extra: { PRESSURE_LIMITER_ENABLED: 'false', RATE_LIMITER_POINTS: '5000' },
    });
    if (!(await seedDemo(backend.api, () => {}))) throw new Error('the demo seed found a filled catalogue in a fresh database');
    await buildSite({ directusUrl: backend.url, outDir: path.join(work, 'dist') });
    site = await startSiteServer({ distDir: path.join(work, 'dist'), port: sitePort, directusUrl: backend.url });
    siteUrl = site.url;
    directusUrl = backend.url;
    api = backend.api;
    console.error(`World up in ${((Date.now() - started) / 1000).toFixed(0)} s at ${site.url}`);
  }

  browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: [...CHROMIUM_ARGS] });
  for (const kind of KINDS) {
    const source = kind === 'video' ? 'video' : 'iframe';
    const [title] = await api.get<Title[]>(
      `/items/titles?filter[status][_eq]=published&filter[source][_eq]=${source}&filter[typeSource][_eq]=Без сезонов`
      + '&fields=id,slug,series.id,series.name&deep[series][_sort]=sort,id&deep[series][_filter][deleted][_eq]=false&sort=id&limit=1',
    );
    if (!title || title.series.length < 2) throw new Error(`the demo has no title of ${source} episodes`);
    const people = await Promise.all(Array.from({ length: MEMBERS }, (_, i) => person(api!, i)));
    await runKind(kind, people, title);
  }
} finally {
  await browser?.close();
  await site?.close();
  await backend?.stop();
  rmSync(work, { recursive: true, force: true });
}

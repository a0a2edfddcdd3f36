/**
 * The rebuild loop end to end: a seeded Directus of its own whose hook calls the site server's webhook,
 * the site served from the loop's current build, and an editor (the Editor role, signed in through the
 * API) changing the catalogue. Builds of the demo take a while, so each test makes one or two.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from '../e2e/support/test.ts';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Backend } from '../../scripts/lib/backend.ts';
import { startSiteServer, type SiteServer } from '../../scripts/lib/static-server.ts';
import { createRebuildLoop, type RebuildLoop } from '../../scripts/site-build/rebuild-loop.ts';
import { SITE_SECRET_HEADER } from '../../shared/secret-match.ts';
import { buildSite, startStandby, UNCHANGED_PAGES_NOTE, type BuildStandby } from '../../scripts/site-build/build.ts';
import { REBUILD_PATH } from '../../scripts/site-build/rebuild-webhook.ts';
import { servedBuild, type BuildRecord, type RebuildState } from '../../scripts/site-build/rebuilder.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { ROOT } from '../../scripts/lib/paths.ts';
import { NGINX_REDIRECTS_FILE, REDIRECTS_FILE } from '../../scripts/lib/redirects.ts';
import { isSitemapFile } from '../../src/lib/sitemap.ts';
import { applyAll } from '../../directus/apply/index.ts';
import { EDITOR_ROLE, PUBLIC_POLICY } from '../../directus/access/policies.ts';
import { ROLES } from '../../shared/rules.ts';
import { CO_MARK_MIN_ADMIRERS } from '../../directus/extensions/site-api/src/co-marks.ts';
import { loadRows } from '../../src/site-build/catalogue-snapshot.ts';
import { describeTally } from '../../shared/build-changes.ts';
import { startTestBackend } from '../support/backend-template.ts';
import { ADMIN } from '../support/global-setup.ts';
import { TEST_BACKEND_ENV } from '../support/test-backend-env.ts';

const BUILD_WAIT = 600_000;
/** A test that waits for builds: a demo build takes 5–40 s depending on the machine's load. */
const WITH_BUILDS = { timeout: BUILD_WAIT };

let workDir = '';
let backend: Backend;
let site: SiteServer;
let loop: RebuildLoop;
let secret = '';
let sitesDir = '';
let directusUrl = '';
/** What the loop's builds printed since a test emptied it. */
let buildOutput = '';
/** What GET /healthz answered before the first build. */
let healthBeforeBuild: { status: number; body: unknown } | undefined;

interface Person {
  id: string;
  token: string;
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(`${directusUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

async function person(role: string): Promise<Person & { email: string; password: string }> {
  const login = `r${randomUUID().slice(0, 8)}`;
  const email = `${login}@example.com`;
  const password = 'rebuild-password-1';
  const created = await backend.api.post<{ id: string }>('/users', { email, password, role, login, first_name: 'Тест', last_name: 'Редактор' });
  return { id: created.id, email, password, token: await signIn(email, password) };
}

async function api(method: string, route: string, token?: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${directusUrl}${route}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

async function page(route: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${site.url}${route}`);
  return { status: res.status, text: await res.text() };
}

/** The state as the webhook answers it, with the secret. */
async function webhookState(): Promise<RebuildState> {
  const res = await fetch(`${site.url}${REBUILD_PATH}`, { headers: { authorization: `Bearer ${secret}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: RebuildState }).data;
}

/** Waits until builds after `since` have run and nothing is building or waiting; returns those builds. */
async function buildsAfter(since: string | undefined): Promise<BuildRecord[]> {
  return vi.waitFor(async () => {
    const s = await webhookState();
    const fresh = s.history.filter((b) => !since || b.started > since);
    if (!fresh.length || s.building || s.pending) throw new Error(`no build finished: ${JSON.stringify(s)}`);
    return fresh;
  }, { timeout: BUILD_WAIT, interval: 250 });
}

const lastStarted = async () => (await webhookState()).last?.started;

/** Waits for a build after `since` that failed (its changes then wait for a try again: the loop is not idle). */
async function failedBuildAfter(since: string | undefined): Promise<BuildRecord> {
  return vi.waitFor(async () => {
    const failed = (await webhookState()).history.find((b) => (!since || b.started > since) && b.ok === false);
    if (!failed) throw new Error('no build failed yet');
    return failed;
  }, { timeout: BUILD_WAIT, interval: 250 });
}

/** Every file of the served sitemap, as its index names them, in one text. */
async function sitemapOf(): Promise<string> {
  const index = await page('/sitemap.xml');
  const parts = [...index.text.matchAll(/<loc>[^<]*?(\/sitemap-\d+\.xml)<\/loc>/g)].map((m) => m[1] as string);
  return (await Promise.all(parts.map(async (p) => (await page(p)).text))).join('\n');
}

/**
 * The served category and tag pages and the sitemap's files, each by its inode: a build that leaves a
 * file as it is keeps its inode, one that writes it renames a new file over it.
 */
function wholeFiles(): { lists: Map<string, number>; sitemap: Map<string, number> } {
  const dir = loop.rebuilder.currentDir()!;
  const inodes = (files: string[]) => new Map(files.map((file) => [file, statSync(path.join(dir, file)).ino]));
  return { lists: inodes(listFiles(dir)), sitemap: inodes(readdirSync(dir).filter(isSitemapFile)) };
}

/** The served category and tag pages, relative to the served folder `dir`. */
const listFiles = (dir: string) => ['categories', 'tag'].flatMap((folder) => readdirSync(path.join(dir, folder), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name))));

/** Every page of the served build (the HTML the build writes, not public/'s files) by its inode. */
function pageInodes(): Map<string, number> {
  const dir = loop.rebuilder.currentDir()!;
  return new Map(readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !existsSync(path.join(ROOT, 'public', file)))
    .map((file) => [file, statSync(path.join(dir, file)).ino]));
}

/**
 * The pages of the served build written since `before` was taken: new ones, and those that are another
 * file than before (a kept page is the same file, linked or left in place).
 */
const writtenSince = (before: Map<string, number>) => [...pageInodes()].filter(([file, ino]) => before.get(file) !== ino).map(([file]) => file);

/**
 * The pages the edits built since `buildOutput` was emptied rendered to the bytes served: counted as
 * rendered, yet left as they are (apply-in-place.ts), so no file of them is written.
 */
const unchangedPages = () => [...buildOutput.matchAll(new RegExp(`(\\d+) ${UNCHANGED_PAGES_NOTE}`, 'g'))].reduce((n, m) => n + Number(m[1]), 0);

/** A build's counts of the served pages: rendered, those written anew and those rendered to the same bytes; kept, the rest. */
function expectPagesCounted(build: BuildRecord | undefined, written: string[]): void {
  const same = unchangedPages();
  expect(build?.pages).toEqual({ kept: pageInodes().size - written.length - same, rendered: written.length + same });
}

/** Of `files`, the title, cast and person pages (those with keys, see src/site-build/page-reuse.ts). */
async function keyedPages(files: string[]): Promise<string[]> {
  const titles = new Set((await backend.api.get<{ slug: string }[]>('/items/titles?filter[status][_eq]=published&fields=slug&limit=-1')).map((t) => t.slug));
  return files.filter((file) => /^actors\/[^/]+\.html$/.test(file) || (titles.has(file.split('/')[0]!) && /^[^/]+\/(index|actors)\.html$/.test(file)));
}

/** The served category and tag pages that link to the title at `slug`. */
function listFilesShowing(slug: string): string[] {
  const dir = loop.rebuilder.currentDir()!;
  return listFiles(dir).filter((file) => readFileSync(path.join(dir, file), 'utf8').includes(`href="/${slug}"`));
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'dorama-rebuild-'));
  sitesDir = path.join(workDir, 'site');
  secret = randomBytes(24).toString('hex');
  const directusPort = await freePort();
  directusUrl = `http://127.0.0.1:${directusPort}`;
  loop = createRebuildLoop({ sitesDir, directusUrl, secret, countersEveryMs: 0, onBuildOutput: (text) => { buildOutput += text; } });
  site = await startSiteServer({
    distDir: () => loop.rebuilder.currentDir(), port: 0, directusUrl, handlers: [loop.webhook], build: () => servedBuild(loop.rebuilder),
  });
  backend = await startTestBackend({
    dataDir: path.join(workDir, 'data'),
    port: directusPort,
    secret: 'rebuild-secret-'.padEnd(40, 'x'),
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    quiet: true,
    siteUrl: site.url,
    siteRebuild: { url: `${site.url}${REBUILD_PATH}`, secret },
    extra: TEST_BACKEND_ENV,
  }, { seeded: true });
  // Nothing is built before the loop starts: the site answers 503 until then, and so does its health.
  expect((await page('/')).status).toBe(503);
  healthBeforeBuild = await fetch(`${site.url}/healthz`).then(async (r) => ({ status: r.status, body: await r.json() }));
  expect(await loop.rebuilder.start()).toBe('built');
}, BUILD_WAIT * 2);

afterAll(async () => {
  await loop?.close();
  await site?.close();
  await backend?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** A published title of the demo with a category, the first (by views) on its category's page. */
async function topTitleOfACategory(skip: number[] = []): Promise<{ id: number; slug: string; name: string; category: string }> {
  const rows = await backend.api.get<{ id: number; slug: string; name: string; category: { slug: string } }[]>(
    '/items/titles?filter[status][_eq]=published&filter[category][_nnull]=true&fields=id,slug,name,category.slug&sort=-views&limit=200',
  );
  const seen = new Set<string>();
  for (const r of rows) {
    if (seen.has(r.category.slug)) continue;
    seen.add(r.category.slug);
    if (!skip.includes(r.id)) return { id: r.id, slug: r.slug, name: r.name, category: r.category.slug };
  }
  throw new Error('no title found');
}

describe('GET /healthz', () => {
  it('is 503 with no build served yet, then names the build the loop serves', async () => {
    expect(healthBeforeBuild).toMatchObject({ status: 503, body: { status: 'fail', backend: { status: 'ok' }, build: null } });
    // Directus's own health route may miss its 2 s on a loaded machine: the node then reads as down, rightly.
    const body = await vi.waitFor(async () => {
      const res = await fetch(`${site.url}/healthz`);
      expect(res.status).toBe(200);
      return res.json();
    }, { timeout: 30_000, interval: 500 });
    const current = loop.rebuilder.snapshot().current!;
    expect(body).toMatchObject({ status: 'ok', build: { id: current.id, builtAt: current.finished } });
  });
});

describe('the served build', () => {
  it("links every page's stylesheets in one order, the pages' (the site's global styles) before the islands', whichever part of the build rendered it", () => {
    const dir = loop.rebuilder.currentDir()!;
    const orders = new Map<string, string[]>();
    for (const file of pageInodes().keys()) {
      const hrefs = [...readFileSync(path.join(dir, file), 'latin1').matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]!);
      if (!hrefs.length) continue;
      const order = hrefs.join(' ');
      orders.set(order, [...(orders.get(order) ?? []), file]);
    }
    // Astro swapped the two with each page of a route a part rendered (src/site-build/stylesheet-order.ts).
    expect(orders.size, [...orders].map(([order, files]) => `${order}: ${files.length} pages, such as ${files[0]}`).join('; ')).toBe(1);
    const [sheets] = [...orders.keys()].map((order) => order.split(' '));
    expect(sheets).toHaveLength(2);
    expect(sheets!.map((href) => readFileSync(path.join(dir, href), 'utf8').includes(':root{'))).toEqual([true, false]);
  });
});

describe('the webhook', () => {
  it('refuses a wrong or missing secret and methods other than GET and POST', async () => {
    const before = await webhookState();
    const post = (headers: Record<string, string>) =>
      fetch(`${site.url}${REBUILD_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{"changes":[]}' });
    expect((await post({ authorization: `Bearer ${secret}x` })).status).toBe(401);
    expect((await post({ authorization: `Bearer ${secret.slice(0, -1)}` })).status).toBe(401);
    expect((await post({})).status).toBe(401);
    expect((await fetch(`${site.url}${REBUILD_PATH}`)).status).toBe(401);
    const put = await fetch(`${site.url}${REBUILD_PATH}`, { method: 'PUT', headers: { authorization: `Bearer ${secret}` } });
    expect(put.status).toBe(405);
    const bad = await fetch(`${site.url}${REBUILD_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: '{"changes":[{"collection":1}]}',
    });
    expect(bad.status).toBe(400);
    // Nothing was asked for: no build waiting, none run.
    const after = await webhookState();
    expect(after.pending).toBe(0);
    expect(after.history.length).toBe(before.history.length);
  });

  it('the backend routes: state and rebuild for editors and administrators only, site calls only with the secret', async () => {
    const user = await person(ROLES.user);
    expect((await api('GET', '/site-rebuild')).status).toBe(403);
    expect((await api('GET', '/site-rebuild', user.token)).status).toBe(403);
    expect((await api('POST', '/site-rebuild', user.token)).status).toBe(403);
    expect((await api('GET', '/site-rebuild/fingerprint', user.token)).status).toBe(403);
    const forged = await fetch(`${directusUrl}/site-rebuild/report`, {
      method: 'POST',
      headers: { [SITE_SECRET_HEADER]: 'guess', 'content-type': 'application/json' },
      body: JSON.stringify({ ok: false, error: 'x' }),
    });
    expect(forged.status).toBe(403);
    const state = await api('GET', '/site-rebuild', await signIn(ADMIN.email, ADMIN.password));
    expect(state.status).toBe(200);
    expect(state.json.data.current.ok).toBe(true);
  });
});

describe('editors change the catalogue', () => {
  let editor: Person;
  beforeAll(async () => {
    const e = await person(EDITOR_ROLE);
    editor = e;
  });

  it('a burst of 20 renames makes at most two builds and the page shows the last name; reviews do not build', WITH_BUILDS, async () => {
    const title = await topTitleOfACategory();
    const since = await lastStarted();
    // A review is not a public change: it must not reach the webhook (the builds' change count proves it).
    const reader = await person(ROLES.user);
    const review = await api('POST', '/items/comments', reader.token, { title: title.id, text: 'Отличная дорама' });
    expect(review.status).toBe(200);
    const names = Array.from({ length: 20 }, (_, i) => `${title.name} — правка ${i + 1}`);
    for (const name of names) {
      const res = await api('PATCH', `/items/titles/${title.id}`, editor.token, { name });
      expect(res.status).toBe(200);
    }
    const builds = await buildsAfter(since);
    expect(builds.length).toBeGreaterThanOrEqual(1);
    expect(builds.length).toBeLessThanOrEqual(2);
    expect(builds.every((b) => b.ok)).toBe(true);
    expect(builds.reduce((n, b) => n + b.changeCount, 0)).toBe(20);
    expect(builds.flatMap((b) => b.changes).every((c) => c.collection === 'titles' && c.keys.map(Number).includes(title.id))).toBe(true);
    const served = await page(`/${title.slug}`);
    expect(served.status).toBe(200);
    expect(served.text.includes(names.at(-1) as string)).toBe(true);
    // The admin app says it in words, by the title's latest name.
    expect(describeTally(builds[0]!.tally ?? [])).toBe(`изменена дорама «${names.at(-1)}»`);
  });

  it('an episode renamed: the build reads its title alone again, renders its two pages, the list pages that show it and the sitemap with its date, and keeps the rest', WITH_BUILDS, async () => {
    const [episode] = await backend.api.get<{ id: number; name: string; title: { id: number; slug: string; name: string } }[]>(
      '/items/series?filter[title][status][_eq]=published&fields=id,name,title.id,title.slug,title.name&sort=id&limit=1',
    );
    expect(episode).toBeTruthy();
    const title = episode!.title;
    // Its title's card is on some category and tag pages.
    const showing = listFilesShowing(title.slug);
    expect(showing.length).toBeGreaterThan(0);
    expect((await page(`/${title.slug}`)).text.includes(episode!.name)).toBe(true);
    const served = (await webhookState()).current;
    const before = served?.pages;
    const whole = wholeFiles();
    const pages = pageInodes();
    const lastmod = async () => (await sitemapOf()).match(new RegExp(`<loc>[^<]*/${title.slug}</loc><lastmod>([^<]+)</lastmod>`))?.[1];
    const dated = await lastmod();
    expect(dated).toBeTruthy();
    const since = await lastStarted();
    buildOutput = '';
    const name = `Серия — правка ${randomUUID().slice(0, 6)}`;
    expect((await api('PATCH', `/items/series/${episode!.id}`, editor.token, { name })).status).toBe(200);
    const [build] = await buildsAfter(since);
    expect(build?.ok).toBe(true);
    expect(build?.changes.map((c) => [c.collection, c.keys.map(Number), c.titles, c.actors])).toEqual([['series', [episode!.id], [title.id], undefined]]);
    expect(describeTally(build!.tally!)).toBe(`изменена серия «${name}» (дорама «${title.name}»)`);
    expect(build?.incremental).toBe(true);
    // It renders the title page and its cast page (nothing else shows an episode), the list pages showing its
    // card, home and the other single pages. Only the title page shows the episode: the others come out the
    // same bytes as served and stay as they are (their ETag and Last-Modified with them), counted as rendered.
    const written = writtenSince(pages);
    expect(await keyedPages(written)).toEqual([`${title.slug}/index.html`]);
    expect(unchangedPages()).toBeGreaterThan(0);
    expectPagesCounted(build, written);
    expect(build!.pages!.kept + build!.pages!.rendered).toBe(before!.kept + before!.rendered);
    // Put into the served build's folder in place, not into a new folder of every page.
    expect(build?.dir).toBe(served?.dir ?? served?.id);
    expect((await page(`/${title.slug}`)).text.includes(name)).toBe(true);
    // No address moved, but the title's date did (a part of it changed): the demo's one sitemap file is written
    // again with the title's new date. The list pages that show the title's card are written again, and only those.
    expect(whole.sitemap.size).toBeGreaterThan(0);
    expect([...wholeFiles().sitemap.keys()]).toEqual([...whole.sitemap.keys()]);
    expect(wholeFiles().sitemap.get('sitemap-1.xml')).not.toBe(whole.sitemap.get('sitemap-1.xml'));
    expect(Date.parse((await lastmod())!)).toBeGreaterThan(Date.parse(dated!));
    // Of the list pages only those showing the title's card are rendered (and written only if their bytes moved).
    const lists = wholeFiles().lists;
    expect([...whole.lists].filter(([file, ino]) => lists.get(file) !== ino).map(([file]) => file).filter((file) => !showing.includes(file))).toEqual([]);
    expect(whole.lists.size).toBeGreaterThan(showing.length);
  });

  it("an edit's build leaves a page it rendered to the bytes served as it is: its ETag and Last-Modified stay, a changed page's move on", WITH_BUILDS, async () => {
    const title = await topTitleOfACategory();
    const validators = async (route: string) => {
      const res = await fetch(`${site.url}${route}`);
      await res.arrayBuffer();
      expect(res.status, route).toBe(200);
      return { etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified') };
    };
    const file = (name: string) => statSync(path.join(loop.rebuilder.currentDir()!, name));
    // /about is one of the single pages every build renders; an edit of a title does not change its bytes.
    const about = await validators('/about');
    const aboutFile = file('about.html');
    const titleBefore = await validators(`/${title.slug}`);
    const pages = pageInodes();
    const since = await lastStarted();
    buildOutput = '';
    expect((await api('PATCH', `/items/titles/${title.id}`, editor.token, { name: `${title.name} — правка ${randomUUID().slice(0, 6)}` })).status).toBe(200);
    const [build] = await buildsAfter(since);
    expect([build?.ok, build?.incremental]).toEqual([true, true]);
    // Rendered (the count holds more pages than those put in place) yet the same bytes: the served file stays.
    expect([file('about.html').ino, file('about.html').mtimeMs]).toEqual([aboutFile.ino, aboutFile.mtimeMs]);
    expect(await validators('/about')).toEqual(about);
    const revalidated = await fetch(`${site.url}/about`, { headers: { 'if-none-match': about.etag! } });
    await revalidated.arrayBuffer();
    expect(revalidated.status).toBe(304);
    // The title page changed: new validators.
    expect((await validators(`/${title.slug}`)).etag).not.toBe(titleBefore.etag);
    expect(unchangedPages()).toBeGreaterThan(0);
    expectPagesCounted(build, writtenSince(pages));
  });

  it('a title on no list page renamed: its page shows the name, the list pages are left as they are, and the sitemap file listing it tells its new date', WITH_BUILDS, async () => {
    // Published with no category and no tag: no category or tag page can show it.
    const slug = `vne-spiskov-${randomUUID().slice(0, 6)}`;
    const adding = await lastStarted();
    const created = await api('POST', '/items/titles', editor.token, { status: 'published', name: 'Вне списков', slug });
    expect(created.status).toBe(200);
    expect((await buildsAfter(adding)).map((b) => b.ok)).not.toContain(false);
    expect((await page(`/${slug}`)).status).toBe(200);
    expect(listFilesShowing(slug)).toEqual([]);
    const whole = wholeFiles();
    const since = await lastStarted();
    const lastmod = async () => (await sitemapOf()).match(new RegExp(`<loc>[^<]*/${slug}</loc><lastmod>([^<]+)</lastmod>`))?.[1];
    const dated = await lastmod();
    expect(dated).toBeTruthy();
    const name = `Вне списков — правка ${randomUUID().slice(0, 6)}`;
    expect((await api('PATCH', `/items/titles/${created.json.data.id}`, editor.token, { name })).status).toBe(200);
    const [build] = await buildsAfter(since);
    expect([build?.ok, build?.incremental]).toEqual([true, true]);
    expect((await page(`/${slug}`)).text.includes(name)).toBe(true);
    expect(whole.lists.size).toBeGreaterThan(0);
    expect(wholeFiles().lists).toEqual(whole.lists);
    // The demo's sitemap is one file: it is written again, with the title's new date.
    expect([...wholeFiles().sitemap.keys()]).toEqual([...whole.sitemap.keys()]);
    expect(wholeFiles().sitemap.get('sitemap-1.xml')).not.toBe(whole.sitemap.get('sitemap-1.xml'));
    expect(Date.parse((await lastmod())!)).toBeGreaterThanOrEqual(Date.parse(dated!));
    expect(await lastmod()).not.toBe(dated);
  });

  it('a person renamed: their page and the pages of every title they are in show the new name, and nothing else is rendered', WITH_BUILDS, async () => {
    const [link] = await backend.api.get<{ actors_id: { id: number; slug: string; nameRu: string } }[]>(
      '/items/titles_actors?filter[titles_id][status][_eq]=published&fields=actors_id.id,actors_id.slug,actors_id.nameRu&sort=id&limit=1',
    );
    expect(link).toBeTruthy();
    const { id, slug } = link!.actors_id;
    const inTitle = ['actors', 'directors', 'screenwriters'].map((relation, i) => `filter[_or][${i}][${relation}][actors_id][_eq]=${id}`).join('&');
    const titles = await backend.api.get<{ slug: string }[]>(`/items/titles?filter[status][_eq]=published&${inTitle}&fields=slug&limit=-1`);
    expect(titles.length).toBeGreaterThan(0);
    const whole = wholeFiles();
    const pages = pageInodes();
    const since = await lastStarted();
    buildOutput = '';
    const nameRu = `Актёр — правка ${randomUUID().slice(0, 6)}`;
    expect((await api('PATCH', `/items/actors/${id}`, editor.token, { nameRu })).status).toBe(200);
    const [build] = await buildsAfter(since);
    expect(build?.ok).toBe(true);
    expect(build?.incremental).toBe(true);
    // The person's page, and the page and cast page of each of their titles (the cast is on both), besides
    // the single pages every build writes.
    const written = writtenSince(pages);
    expect((await keyedPages(written)).sort()).toEqual([`actors/${slug}.html`, ...titles.flatMap((t) => [`${t.slug}/index.html`, `${t.slug}/actors.html`])].sort());
    expectPagesCounted(build, written);
    expect((await page(`/actors/${slug}`)).text.includes(nameRu)).toBe(true);
    for (const t of titles) expect((await page(`/${t.slug}/actors`)).text.includes(nameRu)).toBe(true);
    // No card shows a person and no address moved: the category and tag pages and the sitemap are left as they were.
    expect(whole.lists.size).toBeGreaterThan(0);
    expect(wholeFiles()).toEqual(whole);
  });

  it('a banner edited: the build counts home among the pages it wrote anew, of every page of the site', WITH_BUILDS, async () => {
    const [banner] = await backend.api.get<{ id: number }[]>('/items/mainBanners?fields=id&sort=id&limit=1');
    expect(banner).toBeTruthy();
    const pages = pageInodes();
    const since = await lastStarted();
    buildOutput = '';
    // One unbroken run of letters, which the admin app's list of builds wraps (see 'the admin app').
    const title = `Баннер${'Ё'.repeat(150)}`;
    expect((await api('PATCH', `/items/mainBanners/${banner!.id}`, editor.token, { title })).status).toBe(200);
    const [build] = await buildsAfter(since);
    expect(build?.ok).toBe(true);
    expect(describeTally(build!.tally!)).toBe(`изменён баннер главной «${title}»`);
    // Home shows it, and every build renders it (a full build also catches up on what moved since: a
    // title page whose review count an earlier test changed, say).
    const written = writtenSince(pages);
    expect(written).toContain('index.html');
    expectPagesCounted(build, written);
  });

  it("a tag taken off a title in the editor's way: the change names the title, and its page drops the tag", WITH_BUILDS, async () => {
    const title = await topTitleOfACategory();
    const [link] = await backend.api.get<{ id: number; tags_id: { name: string } }[]>(`/items/titles_tags?filter[titles_id][_eq]=${title.id}&fields=id,tags_id.name&limit=1`);
    expect(link).toBeTruthy();
    // The title's own tag list (the footer links every tag).
    const tagLink = `>#${link!.tags_id.name}</a>`;
    expect((await page(`/${title.slug}`)).text.includes(tagLink)).toBe(true);
    const since = await lastStarted();
    // The admin app saves a title with its relations in one request.
    expect((await api('PATCH', `/items/titles/${title.id}`, editor.token, { tags: { create: [], update: [], delete: [link!.id] } })).status).toBe(200);
    const builds = await buildsAfter(since);
    expect(builds.map((b) => [b.ok, b.incremental])).toEqual(builds.map(() => [true, true]));
    const changes = builds.flatMap((b) => b.changes);
    // Named by the title's name, read before the link was deleted: in words, the title changed.
    expect(changes).toContainEqual({ event: 'delete', collection: 'titles_tags', keys: [link!.id], titles: [title.id], names: { [title.id]: title.name } });
    expect(builds.map((b) => describeTally(b.tally ?? []))).toContain(`изменена дорама «${title.name}»`);
    expect((await page(`/${title.slug}`)).text.includes(tagLink)).toBe(false);
  });

  it("unpublishing a title gives a 404 and takes it out of the sitemap, its category and a home banner's «Подробнее»", WITH_BUILDS, async () => {
    const title = await topTitleOfACategory();
    const link = `/${title.slug}"`;
    // A home banner that leads to it, by its canonical address and by the /titles one.
    const banners = await backend.api.get<{ id: number }[]>('/items/mainBanners?fields=id&sort=id&limit=2');
    expect(banners).toHaveLength(2);
    const bannerLinks = [`/${title.slug}`, `/titles/${title.slug}?tab=seasons`];
    for (const [i, banner] of banners.entries()) {
      expect((await api('PATCH', `/items/mainBanners/${banner.id}`, editor.token, { link: bannerLinks[i] })).status).toBe(200);
    }
    const moreLinks = async () => [...(await page('/')).text.matchAll(/<a class="banner-slide__more" href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    // Another title of its category, whose 'Вам может понравиться' an editor pins it in.
    const [neighbour] = await backend.api.get<{ id: number; slug: string }[]>(
      `/items/titles?filter[status][_eq]=published&filter[category][slug][_eq]=${title.category}&filter[id][_neq]=${title.id}&fields=id,slug&sort=-views&limit=1`,
    );
    expect(neighbour).toBeTruthy();
    const pinning = await lastStarted();
    expect((await api('PATCH', `/items/titles/${neighbour!.id}`, editor.token, { relatedTitles: [{ related_titles_id: title.id }] })).status).toBe(200);
    expect((await buildsAfter(pinning))[0]?.ok).toBe(true);
    expect((await page(`/${title.slug}`)).status).toBe(200);
    expect((await sitemapOf()).includes(`/${title.slug}<`)).toBe(true);
    expect((await page(`/categories/${title.category}`)).text.includes(link)).toBe(true);
    expect((await page(`/${neighbour!.slug}`)).text.includes(link)).toBe(true);
    expect(await moreLinks()).toEqual(expect.arrayContaining(bannerLinks));

    const since = await lastStarted();
    expect((await api('PATCH', `/items/titles/${title.id}`, editor.token, { status: 'draft' })).status).toBe(200);
    const [build] = await buildsAfter(since);
    expect(build?.ok).toBe(true);
    expect((await page(`/${title.slug}`)).status).toBe(404);
    expect((await sitemapOf()).includes(`/${title.slug}<`)).toBe(false);
    const category = await page(`/categories/${title.category}`);
    expect(category.status).toBe(200);
    expect(category.text.includes(link)).toBe(false);
    expect((await page(`/${neighbour!.slug}`)).text.includes(link)).toBe(false);
    // The banners stay, with no «Подробнее» to a missing page.
    const home = (await page('/')).text;
    expect(home.includes(`href="/${title.slug}"`)).toBe(false);
    expect(home.includes(`href="/titles/${title.slug}`)).toBe(false);
    expect(home.match(/class="banner-slide"/g)?.length).toBe((await backend.api.get<unknown[]>('/items/mainBanners?fields=id&limit=-1')).length);
  });

  it('a new slug answers at its new address, and its former addresses send visitors and crawlers on to it with a 301', WITH_BUILDS, async () => {
    const title = await topTitleOfACategory();
    const served = (await webhookState()).current;
    const since = await lastStarted();
    const slug = `${title.slug}-novyy-adres`;
    expect((await api('PATCH', `/items/titles/${title.id}`, editor.token, { slug })).status).toBe(200);
    const [build] = await buildsAfter(since);
    // An edit put into the served build in place: the redirects come with its pages.
    expect([build?.ok, build?.incremental, build?.dir]).toEqual([true, true, served?.dir ?? served?.id]);

    expect((await page(`/${slug}`)).status).toBe(200);
    const sitemap = await sitemapOf();
    expect([sitemap.includes(`/${slug}<`), sitemap.includes(`/${title.slug}<`)]).toEqual([true, false]);
    const moves = [
      [`/${title.slug}`, `/${slug}`], [`/${title.slug}/`, `/${slug}`], [`/titles/${title.slug}`, `/${slug}`],
      [`/${title.slug}/actors`, `/${slug}/actors`], [`/titles/${title.slug}/actors?from=bookmark`, `/${slug}/actors?from=bookmark`],
    ];
    for (const [from, to] of moves) {
      const res = await fetch(`${site.url}${from}`, { redirect: 'manual' });
      expect([from, res.status, res.headers.get('location')]).toEqual([from, 301, to]);
    }
    // Written into the build for a static host or CDN, and for nginx.
    const dir = loop.rebuilder.currentDir()!;
    expect(readFileSync(path.join(dir, REDIRECTS_FILE), 'utf8')).toContain(`/titles/${title.slug} /${slug} 301\n`);
    expect(readFileSync(path.join(dir, NGINX_REDIRECTS_FILE), 'utf8')).toContain(`/${title.slug}/actors /${slug}/actors;\n`);
    // The title unpublished: its former addresses lead nowhere, as its own.
    const hiding = await lastStarted();
    expect((await api('PATCH', `/items/titles/${title.id}`, editor.token, { status: 'draft' })).status).toBe(200);
    expect((await buildsAfter(hiding)).every((b) => b.ok)).toBe(true);
    expect([(await page(`/${title.slug}`)).status, (await page(`/${slug}`)).status]).toEqual([404, 404]);
    const showing = await lastStarted();
    expect((await api('PATCH', `/items/titles/${title.id}`, editor.token, { status: 'published' })).status).toBe(200);
    expect((await buildsAfter(showing)).every((b) => b.ok)).toBe(true);
    expect((await fetch(`${site.url}/${title.slug}`, { redirect: 'manual' })).headers.get('location')).toBe(`/${slug}`);
  });

  it('a tag\'s new slug: its former page sends on to it; a deleted person and tag leave with their pages and former addresses', WITH_BUILDS, async () => {
    const title = await topTitleOfACategory();
    const [link] = await backend.api.get<{ actors_id: { id: number; slug: string; nameRu: string } }[]>(
      `/items/titles_actors?filter[titles_id][_eq]=${title.id}&fields=actors_id.id,actors_id.slug,actors_id.nameRu&limit=1`,
    );
    const [tag, renamedTag] = await backend.api.get<{ id: number; slug: string }[]>('/items/tags?fields=id,slug&sort=id&limit=2');
    expect(link && tag && renamedTag).toBeTruthy();
    const person = link!.actors_id;
    expect((await page(`/actors/${person.slug}`)).status).toBe(200);
    expect((await page(`/${title.slug}/actors`)).text.includes(person.nameRu)).toBe(true);
    expect((await page(`/tag/${tag!.slug}`)).status).toBe(200);

    const since = await lastStarted();
    const personSlug = `${person.slug}-novyy`;
    const tagSlug = `${renamedTag!.slug}-novyy`;
    expect((await api('PATCH', `/items/actors/${person.id}`, editor.token, { slug: personSlug })).status).toBe(200);
    expect((await api('DELETE', `/items/actors/${person.id}`, editor.token)).status).toBe(204);
    expect((await api('PATCH', `/items/tags/${renamedTag!.id}`, editor.token, { slug: tagSlug })).status).toBe(200);
    // A tag titles carry is deleted by an administrator (an editor takes it off them first).
    expect((await api('DELETE', `/items/tags/${tag!.id}`, await signIn(ADMIN.email, ADMIN.password))).status).toBe(204);
    const builds = await buildsAfter(since);
    expect(builds.every((b) => b.ok)).toBe(true);

    const moved = await fetch(`${site.url}/tag/${renamedTag!.slug}`, { redirect: 'manual' });
    expect([moved.status, moved.headers.get('location')]).toEqual([301, `/tag/${tagSlug}`]);
    expect((await page(`/tag/${tagSlug}`)).status).toBe(200);
    const sitemap = await sitemapOf();
    expect(sitemap.includes(`/actors/${person.slug}<`)).toBe(false);
    expect([(await page(`/actors/${person.slug}`)).status, (await page(`/actors/${personSlug}`)).status]).toEqual([404, 404]);
    expect((await page(`/${title.slug}/actors`)).text.includes(person.nameRu)).toBe(false);
    expect((await page(`/tag/${tag!.slug}`)).status).toBe(404);
  });

  it('a failing build keeps the served site, records why, notifies the editors, and is tried again until the change is served', WITH_BUILDS, async () => {
    const title = await topTitleOfACategory();
    const renamed = `${title.name} — попадёт на сайт, когда сборку починят`;
    let since: string | undefined;
    const before = await page(`/${title.slug}`);
    expect(before.text.includes(title.name)).toBe(true);
    // The data error: visitors (and so the build) lose the right to read genres.
    const [genres] = await backend.api.get<{ id: number }[]>(`/permissions?filter[policy][_eq]=${PUBLIC_POLICY}&filter[collection][_eq]=genres&filter[action][_eq]=read`);
    expect(genres).toBeTruthy();
    await backend.api.delete(`/permissions/${genres!.id}`);
    try {
      since = await lastStarted();
      expect((await api('PATCH', `/items/titles/${title.id}`, editor.token, { name: renamed })).status).toBe(200);
      const build = await failedBuildAfter(since);
      expect(build?.error).toMatch(/genres|permission|403|FORBIDDEN/i);
      // The old site is still served, whole.
      const after = await page(`/${title.slug}`);
      expect(after.status).toBe(200);
      expect(after.text.includes(title.name)).toBe(true);
      expect(after.text.includes(renamed)).toBe(false);
      expect((await page('/')).status).toBe(200);
      const state = await webhookState();
      expect(state.current?.ok).toBe(true);
      expect(state.last?.ok).toBe(false);
      // Every editor hears of it in the admin app.
      const notes = await api('GET', '/notifications?filter[subject][_eq]=Сборка сайта не удалась&fields=subject,message', editor.token);
      expect(notes.status).toBe(200);
      expect(notes.json.data.length).toBeGreaterThanOrEqual(1);
      expect(notes.json.data[0].message).toContain('Сайт показывает прежнюю сборку');
    } finally {
      // Restores the permission as it is declared.
      await applyAll(backend.api);
    }
    // Mended, the change reaches the site with nobody asking again.
    const builds = await buildsAfter(since);
    expect(builds[0]).toMatchObject({ ok: true, reason: 'change' });
    expect((await page(`/${title.slug}`)).text.includes(renamed)).toBe(true);
  });
});

describe('the admin app', () => {
  it("the 'Сайт' module shows the last build to an editor, and 'Пересобрать сейчас' rebuilds", WITH_BUILDS, async ({ adminApp: tab }) => {
    const editor = await person(EDITOR_ROLE);
    await tab.goto(`${directusUrl}/admin/login`);
    await tab.locator('input[type="email"]').fill(editor.email);
    await tab.locator('input[type="password"]').fill(editor.password);
    await tab.locator('button[type="submit"]').click();
    await tab.waitForURL(/\/admin\/(content|site)/, { timeout: 60_000 });
    // The module is in the module bar for editors.
    await tab.locator('.module-bar a[href$="/site"]').first().click({ timeout: 60_000 });
    const view = tab.locator('[data-site-build]');
    await view.waitFor({ timeout: 60_000 });
    const state = await webhookState();
    const outcome = view.locator('[data-build] [data-outcome]').first();
    await outcome.waitFor();
    expect(await outcome.textContent()).toBe(state.last?.ok ? 'Успешно' : 'Ошибка: сайт остался прежним');
    await tab.screenshot({ path: path.join(os.tmpdir(), 'site-module-before.png') });

    const since = state.last?.started;
    await view.locator('[data-rebuild]').click();
    await view.getByText('Сборка запрошена').waitFor();
    const [build] = await buildsAfter(since);
    expect(build?.reason).toBe('manual');
    expect(build?.by).toBe(editor.id);
    // The list of builds, newest first: the button's, by the editor's name, at its time.
    const newest = view.locator('[data-build]').first();
    await newest.locator('[data-reason]', { hasText: 'ручная пересборка (Тест Редактор)' }).waitFor({ timeout: 30_000 });
    await newest.locator('[data-outcome]', { hasText: 'Успешно' }).waitFor();
    expect(await newest.locator('[data-started]').getAttribute('datetime')).toBe(build!.started);
    expect(await newest.locator('[data-started]').textContent()).toContain(new Date(build!.started).toLocaleTimeString('ru-RU'));
    // The editors' earlier changes, in words.
    const history = (await webhookState()).history;
    expect(await view.locator('[data-build]').count()).toBe(history.length);
    const edit = history.find((b) => b.reason === 'change' && b.tally?.length);
    expect(edit).toBeTruthy();
    await view.locator('[data-build] [data-reason]', { hasText: describeTally(edit!.tally!) }).first().waitFor();
    expect(describeTally(edit!.tally!)).toMatch(/^измен[её]н/);
    // A name of one unbroken run (the banner's) wraps inside the list rather than running past its edge.
    const unbroken = view.locator('[data-build] [data-reason]', { hasText: 'ЁЁЁЁЁЁЁЁЁЁ' }).first();
    await unbroken.waitFor();
    expect(await unbroken.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // A manual build reads everything, and still renders only the pages whose data changed.
    const pages = loop.rebuilder.snapshot().last?.pages;
    expect(pages).toBeTruthy();
    expect((await newest.locator('[data-pages]').textContent())?.replace(/\s/g, ' ')).toContain(`заново ${pages!.rendered.toLocaleString('ru-RU')} из ${(pages!.kept + pages!.rendered).toLocaleString('ru-RU')}`.replace(/\s/g, ' '));
    await tab.screenshot({ path: path.join(os.tmpdir(), 'site-module-after.png') });
  });
});

describe('an edit built by a process started ahead', () => {
  it('reads nothing until told what changed, then builds the edit made while it waited; a build it does not fit stops it', WITH_BUILDS, async () => {
    // Directus behind a recorder of what the builds ask it.
    const asked: string[] = [];
    const recorder = createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      void fetch(`${directusUrl}${req.url}`, { method: req.method, headers: { accept: 'application/json' } })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => res.writeHead(502).end());
    });
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
    const dir = mkdtempSync(path.join(workDir, 'ahead-'));
    const site = { directusUrl: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`, cacheDir: path.join(dir, 'cache') };
    const [first, second, third] = ['first', 'second', 'third'].map((name) => path.join(dir, name));
    const standbys: BuildStandby[] = [];
    try {
      await buildSite({ ...site, outDir: first! });
      const askedByTheFirst = asked.length;
      const ahead = startStandby({ ...site, outDir: first!, previousDir: first! });
      standbys.push(ahead);
      expect(await ahead.waiting).toBe(true);
      expect(asked.length, 'requests of the build started ahead before it was told to go').toBe(askedByTheFirst);

      const title = await topTitleOfACategory();
      const name = `${title.name} (заранее)`;
      const since = await lastStarted();
      await backend.api.patch(`/items/titles/${title.id}`, { name });
      const started: number[] = [];
      const { pages } = await buildSite({ ...site, outDir: second!, previousDir: first!, changed: { titles: [title.id] }, standby: ahead, onStart: (pid) => started.push(pid) });
      expect(started).toEqual([ahead.pid]);
      expect(readFileSync(path.join(second!, title.slug, 'index.html'), 'utf8')).toContain(name);
      expect(pages?.kept).toBeGreaterThan(0);

      const unfit = startStandby({ ...site, outDir: second!, previousDir: second! });
      standbys.push(unfit);
      expect(await unfit.waiting).toBe(true);
      started.length = 0;
      // Not an edit (a category or tag may have changed): the whole catalogue is read by new processes.
      await buildSite({ ...site, outDir: third!, previousDir: second!, standby: unfit, onStart: (pid) => started.push(pid) });
      expect(started).not.toContain(unfit.pid);
      await vi.waitFor(() => expect(() => process.kill(unfit.pid!, 0), 'the build started ahead has ended').toThrow(), { timeout: 30_000 });
      expect(readFileSync(path.join(third!, title.slug, 'index.html'), 'utf8')).toContain(name);
      // The loop's own build of the rename, so the tests after this one start from a quiet loop.
      await buildsAfter(since);
    } finally {
      for (const s of standbys) s.stop();
      recorder.close();
    }
  });
});

describe('without an editor', () => {
  it('what admirers share is read by a full build, which signs that read with the site\'s secret', WITH_BUILDS, async () => {
    await loop.rebuilder.idle();
    const [first, second] = await backend.api.get<{ id: number }[]>('/items/titles?filter[status][_eq]=published&fields=id&sort=id&limit=2');
    const admirers = Array.from({ length: CO_MARK_MIN_ADMIRERS }, () => ({ email: `admirer-${randomUUID()}@example.com`, role: ROLES.user, token: randomUUID() }));
    await backend.api.post('/users', admirers);
    for (const { token } of admirers) {
      for (const title of [first!, second!]) {
        const rated = await fetch(`${directusUrl}/site/rating/${title.id}`, {
          method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ rating: 5 }),
        });
        expect(rated.status).toBe(200);
      }
    }
    // The ratings moved the counters: the timer's build reads the whole catalogue again.
    const since = await lastStarted();
    expect(await loop.rebuilder.refreshCounters()).toBe(true);
    expect((await buildsAfter(since))[0]?.ok).toBe(true);
    const kept = await loadRows(path.join(sitesDir, 'cache'));
    const shared = kept?.coMarks?.[first!.id]?.find(([id]) => id === second!.id)?.[1];
    expect(shared).toBeGreaterThanOrEqual(CO_MARK_MIN_ADMIRERS);
  });

  it('counters moved since the build: the timer rebuilds; unchanged: it does not', WITH_BUILDS, async () => {
    await loop.rebuilder.idle();
    expect(await loop.rebuilder.refreshCounters()).toBe(false);
    const [title] = await backend.api.get<{ id: number }[]>('/items/titles?filter[status][_eq]=published&fields=id&limit=1');
    const view = await fetch(`${directusUrl}/flows/trigger/7a1c2f4e-1d2b-4c3a-9e8f-000000000001`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ titleId: title!.id }),
    });
    expect(view.status).toBeLessThan(300);
    const since = await lastStarted();
    expect(await loop.rebuilder.refreshCounters()).toBe(true);
    const [build] = await buildsAfter(since);
    expect(build?.reason).toBe('counters');
    expect(build?.ok).toBe(true);
  });

  it('a restart on an unchanged catalogue keeps the served build', async () => {
    const served = loop.rebuilder.currentDir();
    await loop.close();
    loop = createRebuildLoop({ sitesDir, directusUrl, secret, countersEveryMs: 0 });
    expect(await loop.rebuilder.start()).toBe('kept');
    expect(loop.rebuilder.currentDir()).toBe(served);
  });
});

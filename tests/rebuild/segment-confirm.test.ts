/**
 * An opening found by listening, from the admin app to the viewer's player: a season of generated
 * episodes is uploaded, the finder proposes each episode's opening, an editor confirms one in the
 * admin app, the rebuild loop builds the title's page again (a segment is part of its title), and on
 * the site the player offers «Пропустить заставку» inside that opening. A Directus and a site of its
 * own, with only this title: the whole path, without the demo's builds.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from '../e2e/support/test.ts';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Backend } from '../../scripts/lib/backend.ts';
import { startSiteServer, type SiteServer } from '../../scripts/lib/static-server.ts';
import { createRebuildLoop, type RebuildLoop } from '../../scripts/site-build/rebuild-loop.ts';
import { REBUILD_PATH } from '../../scripts/site-build/rebuild-webhook.ts';
import { servedBuild, type BuildRecord } from '../../scripts/site-build/rebuilder.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { drawSeason, QUICK_ENCODING, TINY_SEASON, type SeasonTruth } from '../../scripts/lib/segment-testset.ts';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { LABELS } from '../../directus/schema/labels.ts';
import { SKIP_LABELS } from '../../shared/segments.ts';
import { describeTally } from '../../shared/build-changes.ts';
import { http } from '../support/direct-http.ts';
import { upload } from '../support/api.ts';
import { hydrated, patientPolls } from '../e2e/support/site.ts';
import { startTestBackend } from '../support/backend-template.ts';
import { ADMIN } from '../support/global-setup.ts';
import { TEST_BACKEND_ENV } from '../support/test-backend-env.ts';

patientPolls(20_000);

const BUILD_WAIT = 600_000;
/** The finder's search of three two-minute episodes, on a busy machine. */
const SEARCH_MS = 240_000;

let workDir = '';
let backend: Backend;
let site: SiteServer;
let loop: RebuildLoop;
let truth: SeasonTruth;
let editor: { email: string; password: string; token: string };
let title: { id: number; slug: string; name: string };
let episodes: { id: number; name: string }[] = [];

interface Segment { id: number; episode: number; kind: string; start: number; end: number; state: string }

const segmentsOf = (ids: number[]) =>
  backend.api.get<Segment[]>(`/items/segments?filter[episode][_in]=${ids.join(',')}&fields=id,episode,kind,start,end,state&sort=episode,start&limit=-1`);

/** Waits until a build started after `since` has finished and nothing builds or waits; returns those builds. */
async function buildsAfter(since: string | undefined): Promise<BuildRecord[]> {
  return vi.waitFor(() => {
    const s = loop.rebuilder.snapshot();
    const fresh = s.history.filter((b) => !since || b.started > since);
    if (!fresh.length || s.building || s.pending) throw new Error(`no build finished: ${JSON.stringify({ building: s.building, pending: s.pending })}`);
    return fresh;
  }, { timeout: BUILD_WAIT, interval: 250 });
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'dorama-segment-confirm-'));
  const secret = randomBytes(24).toString('hex');
  const directusPort = await freePort();
  const directusUrl = `http://127.0.0.1:${directusPort}`;
  loop = createRebuildLoop({ sitesDir: path.join(workDir, 'site'), directusUrl, secret, countersEveryMs: 0 });
  site = await startSiteServer({
    distDir: () => loop.rebuilder.currentDir(), port: 0, directusUrl, handlers: [loop.webhook], build: () => servedBuild(loop.rebuilder),
  });
  const drawing = drawSeason(TINY_SEASON, path.join(workDir, 'season'), QUICK_ENCODING);
  backend = await startTestBackend({
    dataDir: path.join(workDir, 'data'),
    port: directusPort,
    secret: 'segment-secret-'.padEnd(40, 'x'),
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    quiet: true,
    siteUrl: site.url,
    siteRebuild: { url: `${site.url}${REBUILD_PATH}`, secret },
    extra: TEST_BACKEND_ENV,
  });
  truth = await drawing;

  const login = `e${randomUUID().slice(0, 8)}`;
  editor = { email: `${login}@example.com`, password: 'segment-password-1', token: '' };
  await backend.api.post('/users', { email: editor.email, password: editor.password, role: EDITOR_ROLE, login, first_name: 'Тест', last_name: 'Редактор' });
  editor.token = (await http<{ access_token: string }>(backend.url, 'POST', '/auth/login', { body: { email: editor.email, password: editor.password } })).data.access_token;
  const videos: string[] = [];
  for (const e of truth.episodes) {
    const res = await http<{ id: string }>(backend.url, 'POST', '/files', { token: editor.token, body: upload(Uint8Array.from(readFileSync(e.file)), 'video/mp4', path.basename(e.file)) });
    expect(res.status, JSON.stringify(res.errors)).toBe(200);
    videos.push(res.data.id);
  }
  const slug = `zastavka-${Date.now().toString(36)}`;
  const name = 'Заставка по звуку';
  title = { id: (await backend.api.post<{ id: number }>('/items/titles', { slug, name, status: 'published', typeSource: 'Сезоны', source: 'video' })).id, slug, name };
  const season = await backend.api.post<{ id: number }>('/items/iframeSeasons', { title: title.id, name: '1 сезон', sort: 1 });
  const saved = await http<{ id: number; name: string }[]>(backend.url, 'POST', '/items/series?fields=id,name', {
    token: editor.token,
    body: videos.map((video, i) => ({ title: title.id, season: season.id, name: `${i + 1} серия`, sort: i + 1, source: 'video', video })),
  });
  expect(saved.status, JSON.stringify(saved.errors)).toBe(200);
  episodes = saved.data;
  await vi.waitFor(async () => {
    expect((await backend.api.get<{ segmentSearch: string }>(`/items/titles/${title.id}?fields=segmentSearch`)).segmentSearch).toBe('done');
  }, { timeout: SEARCH_MS, interval: 500 });
  // The site's first build, and whatever the changes meanwhile asked for after it.
  expect(await loop.rebuilder.start()).toBe('built');
  await buildsAfter(undefined);
}, BUILD_WAIT * 2);

afterAll(async () => {
  await loop?.close();
  await site?.close();
  await backend?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function signInToAdminApp(page: Page): Promise<void> {
  await page.goto(`${backend.url}/admin/login`);
  await page.locator('input[type="email"]').fill(editor.email);
  await page.locator('input[type="password"]').fill(editor.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/admin\/content/, { timeout: 60_000 });
}

const stateField = LABELS.segments!.fields.state as { name: string; choices: Record<string, string> };
const stateLabels = stateField.choices;
const kindLabels = (LABELS.segments!.fields.kind as { choices: Record<string, string> }).choices;

describe('an opening found by listening', () => {
  it('confirmed by an editor in the admin app, is offered to skip in the site\'s player once the page is built again', { timeout: BUILD_WAIT }, async ({ adminApp, browsers }) => {
    const first = episodes[0]!;
    const proposed = (await segmentsOf([first.id])).find((s) => s.kind === 'opening');
    expect(proposed).toMatchObject({ state: 'proposed' });
    const drawnOpening = truth.episodes[0]!.opening!;
    expect(Math.abs(proposed!.start - drawnOpening.start)).toBeLessThanOrEqual(1);

    // The editor finds the proposal among the segments, opens it and confirms it.
    await signInToAdminApp(adminApp);
    await adminApp.goto(`${backend.url}/admin/content/segments`);
    const row = adminApp.locator('table tbody tr').filter({ hasText: kindLabels.opening }).filter({ hasText: first.name }).first();
    await row.waitFor({ timeout: 60_000 });
    expect(await row.innerText()).toContain(stateLabels.proposed);
    await row.click();
    await adminApp.waitForURL(new RegExp(`/admin/content/segments/${proposed!.id}$`));
    const state = adminApp.locator('.v-form .field').filter({ has: adminApp.getByText(stateField.name, { exact: true }) }).first();
    const chosen = state.locator('input').first();
    await expect.poll(() => chosen.inputValue()).toBe(stateLabels.proposed);
    // The dropdown opens on its box (the input inside it only shows the choice).
    await state.locator('.v-input .input').first().click();
    await adminApp.locator('.v-menu-content').getByText(stateLabels.confirmed, { exact: true }).click();
    await expect.poll(() => chosen.inputValue()).toBe(stateLabels.confirmed);
    const since = loop.rebuilder.snapshot().last?.started;
    // «Сохранить», the round button with a tick in the header.
    await adminApp.locator('header .v-button:has(i[data-icon="check"])').first().click();
    // Saved, the admin app goes back to the list, where the row now reads confirmed.
    await adminApp.waitForURL(/\/admin\/content\/segments$/);
    await adminApp.locator('table tbody tr').filter({ hasText: kindLabels.opening }).filter({ hasText: first.name }).filter({ hasText: stateLabels.confirmed }).first().waitFor();
    expect((await segmentsOf([first.id])).find((s) => s.id === proposed!.id)?.state).toBe('confirmed');

    // The change rebuilds the title's page, and the build says what changed.
    const builds = await buildsAfter(since);
    expect(builds.every((b) => b.ok)).toBe(true);
    expect(builds.map((b) => describeTally(b.tally ?? []))).toContain(`изменён отрезок № ${proposed!.id} (дорама «${title.name}»)`);

    // On the site: the first episode played inside the opening offers to skip it, and the button skips it.
    const { page } = await browsers.visitor({ context: { baseURL: site.url } });
    await page.goto(`/${title.slug}?tab=seasons`);
    await hydrated(page, '#player');
    const episodeButton = page.locator('#player').getByRole('button', { name: first.name, exact: true });
    await episodeButton.click();
    await expect.poll(() => episodeButton.getAttribute('aria-current')).toBe('true');
    const video = page.locator('#player video');
    await video.evaluate((v: HTMLVideoElement, at: number) => { v.muted = true; v.currentTime = at; return v.play(); }, proposed!.start + 1);
    const skip = page.getByRole('button', { name: SKIP_LABELS.opening });
    await skip.click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(proposed!.end);
    await page.screenshot({ path: path.join(os.tmpdir(), 'segment-confirmed-player.png') });
  });
});

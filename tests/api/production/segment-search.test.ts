/**
 * The search for openings and endings with two Directus instances on PostgreSQL + Redis: asked on both
 * at once, a title is analysed once (one instance claims it and takes both asks); a claim left by an
 * instance that stopped is taken over by one instance, whether both are asked or nobody asks; and the
 * claim's own cases (tests/support/segment-claims.ts) hold on PostgreSQL's timestamps and JSON.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import type { Backend } from '../../../scripts/lib/backend.ts';
import type { RunningDirectus } from '../../../scripts/lib/directus-process.ts';
import { createDatabase, dropDatabase, PG_CONNECTION, uniqueName } from '../../../scripts/lib/postgres.ts';
import { drawSeason, QUICK_ENCODING, TINY_SEASON, type SeasonTruth } from '../../../scripts/lib/segment-testset.ts';
import { EDITOR_ROLE } from '../../../directus/access/policies.ts';
import { FIND_SEGMENTS_FLOW_ID } from '../../../directus/apply/flows.ts';
import { CLAIM_LIMIT_MS } from '../../../directus/extensions/segment-finder/src/claim.ts';
import { http } from '../../support/direct-http.ts';
import { upload } from '../../support/api.ts';
import { claimCases, makeClaimTable } from '../../support/segment-claims.ts';
import { startTwoInstances, type TwoInstances } from '../../support/two-instances.ts';
import { TEST_SEGMENT_LOOK_CRON } from '../../support/global-setup.ts';

/** A search of the tiny season, with both instances and PostgreSQL on a busy machine; or a look for it and one. */
const SEARCH_MS = 240_000;

let world: TwoInstances | undefined;
let claimsName = '';
/** Where the season is drawn, beside the instances starting. */
let drawDir = '';
let a: Backend | undefined;
let b: RunningDirectus | undefined;
let db: Knex | undefined;
let claimsDb: Knex | undefined;
let editorToken = '';
let truth: SeasonTruth;
let title = 0;
let episodes: number[] = [];

interface Segment { id: number; episode: number; kind: string; state: string; source: string }

const segmentsOf = async (): Promise<Segment[]> =>
  (await db!('segments').whereIn('episode', episodes).orderBy('id').select('id', 'episode', 'kind', 'state', 'source'))
    .map((r: Segment) => ({ ...r, id: Number(r.id), episode: Number(r.episode) }));

/** The last id PostgreSQL handed out for a segment: every proposal ever written took one. */
const lastSegmentId = async () => Number((await db!.raw('SELECT last_value, is_called FROM segments_id_seq')).rows.map((r: { last_value: string; is_called: boolean }) => (r.is_called ? r.last_value : 0))[0]);

/** The openings and endings the season was drawn with. */
const drawnCount = () => truth.episodes.reduce((n, e) => n + Number(Boolean(e.opening)) + Number(Boolean(e.ending)), 0);

/** The title's search as the database holds it (the instances' caches are not asked). */
const searchState = async () => db!('titles').where({ id: title }).first('segmentSearch', 'segmentSearchSince', 'segmentSearchAsked');

async function settledDone(): Promise<void> {
  await vi.waitFor(async () => {
    expect(await searchState()).toEqual({ segmentSearch: 'done', segmentSearchSince: null, segmentSearchAsked: null });
  }, { timeout: SEARCH_MS, interval: 500 });
}

/**
 * One set of proposals, each drawn opening and ending once, written by one analysis: the ids PostgreSQL
 * handed out since `before` are exactly the rows there (a second analysis would have taken more).
 */
async function expectOneAnalysisSince(before: number): Promise<void> {
  const rows = await segmentsOf();
  expect(rows).toHaveLength(drawnCount());
  expect(rows.every((r) => r.state === 'proposed' && r.source === 'auto')).toBe(true);
  expect(new Set(rows.map((r) => `${r.episode}:${r.kind}`)).size).toBe(rows.length);
  expect(await lastSegmentId()).toBe(before + rows.length);
  expect(rows.map((r) => r.id)).toEqual(rows.map((_, i) => before + i + 1));
}

const findSegmentsOn = (base: string) =>
  http(base, 'POST', `/flows/trigger/${FIND_SEGMENTS_FLOW_ID}`, { token: editorToken, body: { collection: 'titles', keys: [title] } });

beforeAll(async () => {
  drawDir = mkdtempSync(path.join(os.tmpdir(), 'dorama-prod-segments-'));
  const drawing = drawSeason(TINY_SEASON, drawDir, QUICK_ENCODING);
  world = await startTwoInstances('segments', { env: { PRESSURE_LIMITER_ENABLED: 'false', SEGMENT_LOOK_CRON: TEST_SEGMENT_LOOK_CRON } });
  ({ a, b, db } = world);
  truth = await drawing;

  const email = `editor-${randomUUID().slice(0, 8)}@example.com`;
  await a.api.post('/users', { email, password: 'secret-password-1', role: EDITOR_ROLE, login: `e${randomUUID().slice(0, 8)}`, first_name: 'Тест' });
  const signedIn = await http<{ access_token: string }>(a.url, 'POST', '/auth/login', { body: { email, password: 'secret-password-1' } });
  editorToken = signedIn.data.access_token;
  const videos: string[] = [];
  for (const e of truth.episodes) {
    const res = await http<{ id: string }>(a.url, 'POST', '/files', { token: editorToken, body: upload(Uint8Array.from(readFileSync(e.file)), 'video/mp4', path.basename(e.file)) });
    expect(res.status, JSON.stringify(res.errors)).toBe(200);
    videos.push(res.data.id);
  }
  title = (await a.api.post<{ id: number }>('/items/titles', { slug: `segments-${Date.now().toString(36)}`, name: 'Поиск заставок на двух', status: 'published', typeSource: 'Сезоны', source: 'video' })).id;
  const season = await a.api.post<{ id: number }>('/items/iframeSeasons', { title, name: '1 сезон', sort: 1 });
  const saved = await http<{ id: number }[]>(a.url, 'POST', '/items/series', {
    token: editorToken,
    body: videos.map((video, i) => ({ title, season: season.id, name: `${i + 1} серия`, sort: i + 1, source: 'video', video })),
  });
  expect(saved.status, JSON.stringify(saved.errors)).toBe(200);
  episodes = saved.data.map((e) => e.id);
  // The upload's own search, on A, settles first.
  await settledDone();
}, SEARCH_MS * 2);

afterAll(async () => {
  await claimsDb?.destroy();
  if (claimsName) await dropDatabase(claimsName).catch(() => {});
  if (drawDir) rmSync(drawDir, { recursive: true, force: true });
  await world?.stop();
}, 60_000);

describe('the search for openings and endings on two instances', () => {
  it('asked on both at once, analyses the title once', async () => {
    expect(await segmentsOf()).toHaveLength(drawnCount());
    const before = await lastSegmentId();
    const asked = await Promise.all([findSegmentsOn(a!.url), findSegmentsOn(b!.url)]);
    expect(asked.map((r) => r.status)).toEqual([200, 200]);
    await settledDone();
    await expectOneAnalysisSince(before);
  }, SEARCH_MS);

  it('takes over a claim left by an instance that stopped once, when both are asked at once', async () => {
    const before = await lastSegmentId();
    await db!('titles').where({ id: title }).update({ segmentSearch: 'running', segmentSearchSince: new Date(Date.now() - CLAIM_LIMIT_MS - 60_000), segmentSearchAsked: null });
    const asked = await Promise.all([findSegmentsOn(b!.url), findSegmentsOn(a!.url)]);
    expect(asked.map((r) => r.status)).toEqual([200, 200]);
    await settledDone();
    await expectOneAnalysisSince(before);
  }, SEARCH_MS);

  it('takes over a claim left by an instance that stopped once, when nobody asks: the regular look of one instance', async () => {
    const before = await lastSegmentId();
    await db!('titles').where({ id: title }).update({ segmentSearch: 'running', segmentSearchSince: new Date(Date.now() - CLAIM_LIMIT_MS - 60_000), segmentSearchAsked: null });
    await settledDone();
    await expectOneAnalysisSince(before);
  }, SEARCH_MS);
});

describe('the claim on PostgreSQL', () => {
  beforeAll(async () => {
    claimsName = await createDatabase(uniqueName());
    claimsDb = knex({ client: 'pg', connection: { ...PG_CONNECTION, database: claimsName }, pool: { min: 0, max: 4 } });
    await makeClaimTable(claimsDb);
  });

  claimCases(() => claimsDb!);
});

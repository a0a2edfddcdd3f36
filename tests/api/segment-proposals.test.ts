/**
 * Openings and endings found by listening, from an editor's upload to the viewer's player: the
 * season is searched after its episodes' videos are saved, the title tells editors how it went, the
 * results are proposals only editors see until they confirm them (or let found segments apply at once),
 * a rejected one stays rejected for its file, what cannot be compared or is no video settles too, and a
 * search left running by a Directus that stopped is taken over.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { FIND_SEGMENTS_FLOW_ID } from '../../directus/apply/flows.ts';
import { CLAIM_LIMIT_MS, parseAsked } from '../../directus/extensions/segment-finder/src/claim.ts';
import { FAILURE_TEXT } from '../../directus/extensions/segment-finder/src/failures.ts';
import { drawSeason, QUICK_ENCODING, TINY_SEASON, type SeasonTruth } from '../../scripts/lib/segment-testset.ts';
import { baseUrl, call, newTitle, newUser, pngBytes, type TestUser } from '../support/api.ts';
import { adminRead, expectRefused, uploadAs } from '../support/fixtures.ts';
import { Realtime, closeAllRealtime } from '../support/realtime.ts';
import { MAX_READ_ROWS } from '../../shared/rules.ts';

interface Row {
  id: number;
  episode: number;
  kind: string;
  start: number;
  end: number;
  source: string;
  state: string;
  confidence: number | null;
  file: string;
}

let editor: TestUser;
let viewer: TestUser;
let dir: string;
let truth: SeasonTruth;
let title: number;
let episodes: number[];
let videos: string[];

const SEARCH_MS = 240_000;
const ROW_FIELDS = 'id,episode,kind,start,end,source,state,confidence,file';

/** The title's search once it has settled (never `queued` or `running`). */
async function settled(id: number, state: 'done' | 'failed'): Promise<{ segmentSearch: string; segmentSearchNote: string }> {
  let row: { segmentSearch: string; segmentSearchNote: string } | undefined;
  await vi.waitFor(async () => {
    row = (await editor.call('GET', `/items/titles/${id}?fields=segmentSearch,segmentSearchNote`)).data;
    expect(row?.segmentSearch).toBe(state);
  }, { timeout: SEARCH_MS, interval: 500 });
  return row!;
}

const rowsOf = async (ids: number[]): Promise<Row[]> =>
  (await editor.call('GET', `/items/segments?filter[episode][_in]=${ids.join(',')}&fields=${ROW_FIELDS}&sort=episode,start&limit=-1`)).data;

const visible = async (token: string | undefined, ids: number[]) =>
  (await call('GET', `/items/segments?filter[episode][_in]=${ids.join(',')}&fields=id,kind&limit=${MAX_READ_ROWS}`, { token })).data as { id: number }[];

async function uploadVideo(file: string): Promise<string> {
  const res = await uploadAs(editor, Uint8Array.from(readFileSync(file)), 'video/mp4', path.basename(file));
  expect(res.status).toBe(200);
  return res.data.id;
}

/** A published title (a new one unless given) with one season whose episodes play `files` (saved in one request). */
async function seasonOf(files: string[], given?: number): Promise<{ title: number; episodes: number[] }> {
  const t = given ?? (await newTitle({ typeSource: 'Сезоны' })).id;
  const season = (await editor.call('POST', '/items/iframeSeasons', { title: t, name: '1 сезон', sort: 1 })).data.id;
  const saved = await editor.call('POST', '/items/series', files.map((video, i) => ({ title: t, season, name: `${i + 1} серия`, sort: i + 1, source: 'video', video })));
  expect(saved.status).toBe(200);
  return { title: t, episodes: saved.data.map((e: { id: number }) => e.id) };
}

const findSegments = (user: TestUser, keys: number[]) =>
  user.call('POST', `/flows/trigger/${FIND_SEGMENTS_FLOW_ID}`, { collection: 'titles', keys });

/** The openings and endings the season was drawn with, by episode index. */
const drawn = () => truth.episodes.flatMap((t, i) => (['opening', 'ending'] as const).filter((k) => t[k]).map((kind) => ({ i, kind, at: t[kind]! })));

beforeAll(async () => {
  [editor, viewer] = await Promise.all([newUser(EDITOR_ROLE), newUser()]);
  dir = mkdtempSync(path.join(os.tmpdir(), 'segment-proposals-'));
  truth = await drawSeason(TINY_SEASON, dir, QUICK_ENCODING);
  videos = [];
  for (const e of truth.episodes) videos.push(await uploadVideo(e.file));
  ({ title, episodes } = await seasonOf(videos));
}, 240_000);

afterAll(async () => {
  await closeAllRealtime();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('an uploaded season', () => {
  it('is searched after the save, and each episode gets its opening and ending as proposals with a confidence', async () => {
    const state = await settled(title, 'done');
    const rows = await rowsOf(episodes);
    const expected = drawn();
    expect(state.segmentSearchNote).toContain(`Предложено отрезков: ${expected.length}`);
    expect(rows).toHaveLength(expected.length);
    for (const { i, kind, at } of expected) {
      const row = rows.find((r) => r.episode === episodes[i] && r.kind === kind);
      expect(row, `${kind} of episode ${i + 1}`).toMatchObject({ source: 'auto', state: 'proposed', file: videos[i] });
      expect(Math.abs(row!.start - at.start)).toBeLessThanOrEqual(1);
      expect(Math.abs(row!.end - at.end)).toBeLessThanOrEqual(1);
      expect(row!.confidence).toBeGreaterThan(0);
      expect(row!.confidence).toBeLessThanOrEqual(1);
    }
    // The episode drawn without an opening gets none.
    const none = truth.episodes.findIndex((t) => !t.opening);
    expect(rows.filter((r) => r.episode === episodes[none] && r.kind === 'opening')).toEqual([]);
  }, SEARCH_MS);

  it('keeps proposals from visitors and people, by list, id, filter, sort, aggregate, the episode\'s segments and a subscription', async () => {
    const [one] = await rowsOf(episodes);
    for (const token of [undefined, viewer.token]) {
      expect(await visible(token, episodes)).toEqual([]);
      expectRefused(await call('GET', `/items/segments/${one!.id}`, { token }), 403);
      expect((await call('GET', `/items/series/${episodes[0]}?fields=segments.kind`, { token })).data.segments).toEqual([]);
      expect((await call('GET', `/items/iframeSeasons?filter[title][_eq]=${title}&fields=series.segments.id`, { token })).data[0].series.flatMap((s: { segments: unknown[] }) => s.segments)).toEqual([]);
      for (const query of ['filter[state][_eq]=proposed', 'filter[confidence][_gt]=0', 'filter[source][_eq]=auto', 'sort=confidence', 'sort=state', 'aggregate[avg]=confidence', 'aggregate[count]=id&groupBy[]=state']) {
        expectRefused(await call('GET', `/items/segments?${query}`, { token }), 403);
      }
      const count = await call('GET', `/items/segments?aggregate[count]=*&filter[episode][_in]=${episodes.join(',')}`, { token });
      expect(Number(count.data[0].count)).toBe(0);
    }
    // The title's search state and its reasons are the editors' alone, by field, filter and sort.
    for (const token of [undefined, viewer.token]) {
      const read = await call('GET', `/items/titles/${title}`, { token });
      expect(read.status).toBe(200);
      expect(read.data).not.toHaveProperty('segmentSearch');
      expect(read.data).not.toHaveProperty('segmentSearchNote');
      expect(read.data).not.toHaveProperty('segmentSearchSince');
      expect(read.data).not.toHaveProperty('segmentSearchAsked');
      for (const query of [
        'fields=segmentSearchNote', 'filter[segmentSearch][_eq]=done', 'sort=segmentSearchNote',
        'fields=segmentSearchSince', 'filter[segmentSearchSince][_nnull]=true', 'sort=segmentSearchSince',
        'fields=segmentSearchAsked', 'filter[segmentSearchAsked][_null]=true',
      ]) {
        expectRefused(await call('GET', `/items/titles?${query}`, { token }), 403);
      }
    }
    const rt = await Realtime.open(baseUrl(), viewer.token, 'viewer');
    for (const collection of ['segments', 'series']) {
      rt.send({ type: 'subscribe', uid: collection, collection, query: { fields: ['id', 'segments.kind'] } });
      const answer = await rt.waitFor((f) => f.uid === collection && (f.status === 'error' || f.event === 'init'), `the answer to ${collection}`);
      if (answer.status !== 'error') expect(JSON.stringify(answer.data ?? [])).not.toContain('"kind"');
    }
  });

  it('shows a proposal once an editor confirms it, or corrects its times, which confirms it', async () => {
    const [first, second] = await rowsOf(episodes);
    expect((await editor.call('PATCH', `/items/segments/${first!.id}`, { state: 'confirmed' })).status).toBe(200);
    const corrected = await editor.call('PATCH', `/items/segments/${second!.id}?fields=state,start`, { start: second!.start + 0.5 });
    expect(corrected.data).toEqual({ state: 'confirmed', start: second!.start + 0.5 });
    for (const token of [undefined, viewer.token]) {
      expect((await visible(token, episodes)).map((r) => r.id).sort()).toEqual([first!.id, second!.id].sort());
    }
  });

  it('shows every proposal at once on a title that applies found segments, never a rejected one', async () => {
    const rows = await rowsOf(episodes);
    const proposed = rows.filter((r) => r.state === 'proposed');
    const rejected = proposed.pop()!;
    expect((await editor.call('PATCH', `/items/segments/${rejected.id}`, { state: 'rejected' })).status).toBe(200);
    expect((await editor.call('PATCH', `/items/titles/${title}`, { applyFoundSegments: true })).status).toBe(200);
    const shown = (await visible(viewer.token, episodes)).map((r) => r.id);
    expect(shown.sort()).toEqual(rows.filter((r) => r.id !== rejected.id).map((r) => r.id).sort());
    expectRefused(await call('GET', `/items/segments/${rejected.id}`), 403);
    expect((await editor.call('PATCH', `/items/titles/${title}`, { applyFoundSegments: false })).status).toBe(200);
  });

  it('runs again from «Найти заставки» for editors alone, keeping what editors decided and not proposing a rejected kind again for the same file', async () => {
    const before = await rowsOf(episodes);
    const rejected = before.find((r) => r.state === 'rejected')!;
    const confirmed = before.filter((r) => r.state === 'confirmed');
    expectRefused(await findSegments(viewer, [title]), 403);
    expect((await adminRead('titles', title, 'segmentSearch')).segmentSearch).toBe('done');
    const asked = await findSegments(editor, [title]);
    expect(asked.status).toBe(200);
    expect((await adminRead('titles', title, 'segmentSearch')).segmentSearch).not.toBe('done');
    await settled(title, 'done');
    const after = await rowsOf(episodes);
    expect(after.filter((r) => r.state === 'confirmed')).toEqual(confirmed);
    expect(after.filter((r) => r.episode === rejected.episode && r.kind === rejected.kind)).toEqual([rejected]);
    const proposedBefore = before.filter((r) => r.state === 'proposed');
    const proposedAfter = after.filter((r) => r.state === 'proposed');
    expect(proposedAfter.map((r) => [r.episode, r.kind])).toEqual(proposedBefore.map((r) => [r.episode, r.kind]));
    // Replaced, not kept: the run wrote them afresh.
    expect(proposedAfter.some((r) => proposedBefore.some((b) => b.id === r.id))).toBe(false);
  }, SEARCH_MS);

  it('refuses a confidence outside 0..1 and an unknown state', async () => {
    const [row] = await rowsOf(episodes);
    expectRefused(await editor.call('PATCH', `/items/segments/${row!.id}`, { confidence: 2 }), 400, 'Уверенность — число от 0 до 1');
    expectRefused(await editor.call('PATCH', `/items/segments/${row!.id}`, { state: 'maybe' }), 400, 'Состояние отрезка');
  });
});

describe('what cannot be compared', () => {
  it('a season of one episode ends «слишком мало серий для сравнения», nothing left running', async () => {
    const one = await seasonOf([videos[0]!]);
    const state = await settled(one.title, 'failed');
    expect(state.segmentSearchNote).toBe(FAILURE_TEXT['too-few-episodes']);
    expect(await rowsOf(one.episodes)).toEqual([]);
  }, SEARCH_MS);

  it('a file that is no video fails its episode, and Directus goes on answering', async () => {
    // Sent as a video (a picture's type is refused in a video field): its bytes are what the finder meets.
    const picture = (await uploadAs(editor, pngBytes(), 'video/mp4', 'not-a-video.mp4')).data.id;
    const broken = await seasonOf([picture, videos[1]!]);
    const state = await settled(broken.title, 'failed');
    expect(state.segmentSearchNote).toBe(FAILURE_TEXT['too-few-episodes']);
    expect((await call('GET', '/server/health')).status).toBe(200);
    expect((await editor.call('GET', `/items/series/${broken.episodes[0]}?fields=id`)).data).toEqual({ id: broken.episodes[0] });
  }, SEARCH_MS);
});

describe('a search left by a Directus that stopped', () => {
  let db: Knex;
  /** A title whose season was uploaded while a stopped instance's claim was on it. */
  let uploadedTo = 0;
  let uploadedEpisodes: number[] = [];
  beforeAll(() => {
    // The database file itself, as a process that was killed leaves it; Directus goes on using it meanwhile.
    db = knex({
      client: 'sqlite3',
      connection: { filename: inject('databaseFile') },
      useNullAsDefault: true,
      pool: { min: 1, max: 1, afterCreate: (conn: { run(sql: string, done: (err: Error | null) => void): void }, done: (err: Error | null) => void) => conn.run('PRAGMA busy_timeout = 10000', done) },
    });
  });

  afterAll(async () => {
    await db?.destroy();
  });

  /** The title as an instance running it leaves it: running, its claim last stamped `ago` ms before. */
  const leaveRunning = (id: number, ago: number) =>
    db('titles').where({ id }).update({ segmentSearch: 'running', segmentSearchNote: null, segmentSearchSince: new Date(Date.now() - ago) });
  const claimOf = async (id: number) => db('titles').where({ id }).first('segmentSearch', 'segmentSearchSince');
  const proposedOf = async (ids: number[]) => (await rowsOf(ids)).filter((r) => r.state === 'proposed');

  it('is taken over by «Найти заставки» once its claim is older than the limit, and ends done with the proposals written afresh', async () => {
    const before = await proposedOf(episodes);
    expect(before.length).toBeGreaterThan(0);
    await leaveRunning(title, CLAIM_LIMIT_MS + 60_000);
    expect((await findSegments(editor, [title])).status).toBe(200);
    await settled(title, 'done');
    const after = await proposedOf(episodes);
    expect(after.map((r) => [r.episode, r.kind])).toEqual(before.map((r) => [r.episode, r.kind]));
    expect(after.some((r) => before.some((b) => b.id === r.id))).toBe(false);
    expect(await claimOf(title)).toEqual({ segmentSearch: 'done', segmentSearchSince: null });
    expect((await db('titles').where({ id: title }).first('segmentSearchAsked')).segmentSearchAsked).toBeNull();
  }, SEARCH_MS);

  it('is taken over by the upload of a season to the title, and each episode gets its opening and ending', async () => {
    uploadedTo = (await newTitle({ typeSource: 'Сезоны' })).id;
    await leaveRunning(uploadedTo, 3 * 3600_000);
    const season = await seasonOf(videos, uploadedTo);
    uploadedEpisodes = season.episodes;
    const state = await settled(uploadedTo, 'done');
    const expected = drawn();
    expect(state.segmentSearchNote).toContain(`Предложено отрезков: ${expected.length}`);
    const rows = await rowsOf(season.episodes);
    expect(rows.map((r) => [season.episodes.indexOf(r.episode), r.kind, r.state]).sort())
      .toEqual(expected.map(({ i, kind }) => [i, kind, 'proposed']).sort());
  }, SEARCH_MS);

  it('is left to its instance while the claim is fresh: the ask waits in the title for that run, the claim untouched', async () => {
    await leaveRunning(title, 0);
    const held = await claimOf(title);
    expect((await findSegments(editor, [title])).status).toBe(200);
    expect(await claimOf(title)).toEqual(held);
    expect(parseAsked((await db('titles').where({ id: title }).first('segmentSearchAsked')).segmentSearchAsked)).toBe('all');
  });

  it('is taken over by the regular look once its instance stops renewing the claim, nobody asking again', async () => {
    const before = await proposedOf(uploadedEpisodes);
    await leaveRunning(uploadedTo, CLAIM_LIMIT_MS + 1000);
    await vi.waitFor(async () => {
      expect(await db('titles').where({ id: uploadedTo }).first('segmentSearch', 'segmentSearchSince')).toEqual({ segmentSearch: 'done', segmentSearchSince: null });
    }, { timeout: SEARCH_MS, interval: 500 });
    const after = await proposedOf(uploadedEpisodes);
    expect(after.map((r) => [r.episode, r.kind])).toEqual(before.map((r) => [r.episode, r.kind]));
    expect(after.some((r) => before.some((b) => b.id === r.id))).toBe(false);
  }, SEARCH_MS);

  it('asked of an instance that stopped before running it, is run by the regular look', async () => {
    const before = await proposedOf(episodes);
    await db('titles').where({ id: title }).update({
      segmentSearch: 'queued', segmentSearchNote: null, segmentSearchAsked: JSON.stringify('all'), segmentSearchSince: new Date(Date.now() - CLAIM_LIMIT_MS - 1000),
    });
    await settled(title, 'done');
    const after = await proposedOf(episodes);
    expect(after.map((r) => [r.episode, r.kind])).toEqual(before.map((r) => [r.episode, r.kind]));
    expect(after.some((r) => before.some((b) => b.id === r.id))).toBe(false);
    expect(await db('titles').where({ id: title }).first('segmentSearchAsked')).toEqual({ segmentSearchAsked: null });
  }, SEARCH_MS);
});

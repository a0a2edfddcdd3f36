/**
 * Segments editors set on a season or an episode (shared/segments.ts), the episode length they are
 * checked against and that an upload fills, and who reads them: the refusals carry segmentProblem()'s
 * message, for one row, a batch, one changed field and the episode's form; visitors read what hangs on
 * what they see, never a draft's.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { clip } from '../../directus/seed/media.ts';
import { ROLES } from '../../shared/rules.ts';
import { lengthProblem, type Segment } from '../../shared/segments.ts';
import { baseUrl, call, newTitle, newUser, pngBytes, upload, type TestUser } from '../support/api.ts';
import { adminRead, asAdmin, countRows, expectNothingStored, expectRefused } from '../support/fixtures.ts';
import { Realtime, closeAllRealtime } from '../support/realtime.ts';

let editor: TestUser;
let viewer: TestUser;
let subscriber: TestUser;
let title: { id: number };
let season: number;
let episodes: number[];
let draftSeason: number;
let draftEpisode: number;

const segment = (fields: Record<string, unknown>) => editor.call('POST', '/items/segments', fields);
const ofEpisode = (episode: number) => ({ episode: { _eq: episode } });

beforeAll(async () => {
  [editor, viewer, subscriber] = await Promise.all([newUser(EDITOR_ROLE), newUser(), newUser(ROLES.premium)]);
  title = await newTitle({ typeSource: 'Сезоны' });
  season = (await editor.call('POST', '/items/iframeSeasons', { title: title.id, name: '1 сезон', sort: 1 })).data.id;
  episodes = (await editor.call('POST', '/items/series', [1, 2, 3].map((n) => ({ title: title.id, season, name: `${n} серия`, sort: n, duration: 1500 })))).data.map((e: { id: number }) => e.id);
  const draft = await newTitle({ status: 'draft' });
  draftSeason = (await editor.call('POST', '/items/iframeSeasons', { title: draft.id, name: '1 сезон' })).data.id;
  draftEpisode = (await editor.call('POST', '/items/series', { title: draft.id, season: draftSeason, name: '1 серия' })).data.id;
});

describe('editors set segments', () => {
  it('on a season and on an episode, and everyone reads them with the episode and the season', async () => {
    expect((await segment({ kind: 'opening', start: 0, end: 90, season })).status).toBe(200);
    expect((await segment({ kind: 'ending', start: 1410, end: 1500, season })).status).toBe(200);
    const own = await segment({ kind: 'opening', start: 30.5, end: 120, episode: episodes[1] });
    expect(own.data).toMatchObject({ kind: 'opening', start: 30.5, end: 120, episode: episodes[1], season: null, absent: false });
    const read = await call('GET', `/items/iframeSeasons/${season}?fields=segments.kind,segments.start,segments.end,series.id,series.segments.kind`);
    expect(read.data.segments).toEqual([{ kind: 'opening', start: 0, end: 90 }, { kind: 'ending', start: 1410, end: 1500 }]);
    expect(read.data.series.find((e: { id: number }) => e.id === episodes[1]).segments).toEqual([{ kind: 'opening' }]);
  });

  it('mark an episode without its season\'s segment, once a kind, its times dropped', async () => {
    const absent = await segment({ kind: 'opening', absent: true, start: 5, end: 50, episode: episodes[0] });
    expect(absent.data).toMatchObject({ kind: 'opening', absent: true, start: null, end: null });
    expectRefused(await segment({ kind: 'opening', absent: true, episode: episodes[0] }), 400, 'У серии уже есть отрезок «Заставка»');
    expectRefused(await segment({ kind: 'opening', start: 0, end: 60, episode: episodes[0] }), 400, 'У серии уже есть отрезок «Заставка»');
    expectRefused(await segment({ kind: 'ending', absent: true, season }), 400, '«Нет в этой серии» отмечают у серии');
  });

  it.each([
    [{ kind: 'intro', start: 0, end: 60 }, 'Выберите вид отрезка'],
    [{ kind: 'recap', start: '10', end: 60 }, 'Начало и конец отрезка задаются числом секунд'],
    [{ kind: 'recap', start: [10], end: 60 }, 'Начало и конец отрезка задаются числом секунд'],
    [{ kind: 'recap', start: -1, end: 60 }, 'не могут быть меньше нуля'],
    [{ kind: 'recap', start: 300, end: 200 }, 'Конец отрезка должен быть позже его начала'],
    [{ kind: 'recap', start: 300, end: 302 }, 'Отрезок должен длиться не меньше 3 секунд'],
    [{ kind: 'recap', start: 1480, end: 1560 }, 'Отрезок выходит за конец серии (25:00)'],
    [{ kind: 'opening', start: 200, end: 260 }, 'У серии уже есть отрезок «Заставка»'],
    [{ kind: 'recap', start: 100, end: 160 }, 'Отрезок пересекается с отрезком «Заставка» (0:30–2:00)'],
  ])('refuse %j on an episode: %s, storing nothing', async (fields, message) => {
    const res = await expectNothingStored('segments', ofEpisode(episodes[1]), () => segment({ ...fields, episode: episodes[1] }));
    expectRefused(res, 400, message);
  });

  it('refuse a segment on both an episode and a season, or on neither', async () => {
    expectRefused(await segment({ kind: 'recap', start: 0, end: 10, episode: episodes[2], season }), 400, 'Укажите либо серию, либо сезон');
    expectRefused(await segment({ kind: 'recap', start: 0, end: 10 }), 400, 'Укажите либо серию, либо сезон');
    expectRefused(await segment({ kind: 'preview', start: 60, end: 100, season }), 400, 'пересекается с отрезком «Заставка»');
  });

  it('refuse a change of one field that breaks the rules, keeping the row', async () => {
    const recap = (await segment({ kind: 'recap', start: 200, end: 260, episode: episodes[1] })).data.id;
    expectRefused(await editor.call('PATCH', `/items/segments/${recap}`, { start: 100 }), 400, 'пересекается с отрезком «Заставка»');
    expectRefused(await editor.call('PATCH', `/items/segments/${recap}`, { kind: 'opening' }), 400, 'У серии уже есть отрезок «Заставка»');
    expectRefused(await editor.call('PATCH', `/items/segments/${recap}`, { end: 'конец' }), 400, 'числом секунд');
    expect(await adminRead('segments', recap, 'kind,start,end')).toEqual({ kind: 'recap', start: 200, end: 260 });
    expect((await editor.call('PATCH', `/items/segments/${recap}`, { end: 270 })).data.end).toBe(270);
  });

  it('refuse a batch whose rows break the rules together, storing none of it', async () => {
    const batch = [{ kind: 'preview', start: 1400, end: 1450, episode: episodes[2] }, { kind: 'ending', start: 1420, end: 1500, episode: episodes[2] }];
    const res = await expectNothingStored('segments', ofEpisode(episodes[2]), () => editor.call('POST', '/items/segments', batch));
    expectRefused(res, 400, 'пересекается с отрезком «Превью»');
  });

  it('refuse a batch update that makes two rows of an episode overlap', async () => {
    const rows = (await editor.call('POST', '/items/segments', [
      { kind: 'recap', start: 10, end: 40, episode: episodes[2] }, { kind: 'preview', start: 1450, end: 1490, episode: episodes[2] },
    ])).data.map((r: { id: number }) => r.id);
    expectRefused(await editor.call('PATCH', '/items/segments', { keys: rows, data: { start: 500, end: 560 } }), 400, 'пересекается');
    expect((await adminRead('segments', rows[0], 'start')).start).toBe(10);
  });

  it('refuse a bad segment sent in the episode\'s form, and take a good one', async () => {
    const bad = await editor.call('PATCH', `/items/series/${episodes[2]}`, { segments: { create: [{ kind: 'opening', start: 90, end: 80 }], update: [], delete: [] } });
    expectRefused(bad, 400, 'Конец отрезка должен быть позже его начала');
    const good = await editor.call('PATCH', `/items/series/${episodes[2]}?fields=segments.kind`, { segments: { create: [{ kind: 'opening', start: 60, end: 150 }], update: [], delete: [] } });
    expect(good.data.segments.map((s: { kind: string }) => s.kind)).toContain('opening');
  });
});

describe('who reads and writes segments', () => {
  let draftSegments: number[];
  let keptEpisode: number;
  let keptSegment: number;

  beforeAll(async () => {
    draftSegments = [
      (await segment({ kind: 'opening', start: 0, end: 60, season: draftSeason })).data.id,
      (await segment({ kind: 'ending', start: 100, end: 160, episode: draftEpisode })).data.id,
    ];
    keptEpisode = (await editor.call('POST', '/items/series', { title: title.id, season, name: '4 серия', sort: 4, deleted: true })).data.id;
    keptSegment = (await segment({ kind: 'recap', start: 0, end: 30, episode: keptEpisode })).data.id;
  });

  it('never shows a draft\'s segments, by id, in a list or through a filter', async () => {
    for (const token of [undefined, viewer.token]) {
      for (const id of draftSegments) expectRefused(await call('GET', `/items/segments/${id}`, { token }), 403);
      expect((await call('GET', `/items/segments?filter[id][_in]=${draftSegments.join(',')}&fields=id`, { token })).data).toEqual([]);
    }
    expectRefused(await call('GET', '/items/segments?filter[episode][title][status][_eq]=draft&fields=id'), 403);
    expectRefused(await call('GET', '/items/segments?filter[season][title][status][_eq]=draft&fields=id'), 403);
    expectRefused(await call('GET', '/items/segments?sort=episode.title&fields=id'), 403);
  });

  it('shows an episode kept for subscribers\' segments to subscribers only', async () => {
    expectRefused(await viewer.call('GET', `/items/segments/${keptSegment}`), 403);
    expect((await subscriber.call('GET', `/items/segments/${keptSegment}?fields=kind`)).data).toEqual({ kind: 'recap' });
  });

  it('lets visitors and people read, editors alone write', async () => {
    const [one] = (await call('GET', `/items/segments?filter[season][_eq]=${season}&fields=id&sort=start`)).data;
    expectRefused(await call('POST', '/items/segments', { body: { kind: 'recap', start: 300, end: 360, season } }), 403);
    expectRefused(await viewer.call('POST', '/items/segments', { kind: 'recap', start: 300, end: 360, season }), 403);
    expectRefused(await viewer.call('PATCH', `/items/segments/${one.id}`, { end: 95 }), 403);
    expectRefused(await viewer.call('DELETE', `/items/segments/${one.id}`), 403);
    expect(await countRows('segments', { id: { _eq: one.id } })).toBe(1);
  });

  it('refuses a live subscription to visitors and people', async () => {
    const rt = await Realtime.open(baseUrl(), viewer.token, 'viewer');
    rt.send({ type: 'subscribe', uid: 's', collection: 'segments', query: { fields: ['id'] } });
    const answer = await rt.waitFor((f) => f.uid === 's' && (f.status === 'error' || f.event === 'init'), 'the answer');
    expect(answer.status).toBe('error');
    await closeAllRealtime();
  });
});

describe('an episode\'s length', () => {
  it('is set by editors as seconds, and refused otherwise', async () => {
    const episode = episodes[2];
    expectRefused(await editor.call('PATCH', `/items/series/${episode}`, { duration: '25 минут' }), 400, 'Длина серии — число секунд');
    expectRefused(await editor.call('PATCH', `/items/series/${episode}`, { duration: -3 }), 400, 'Длина серии — число секунд');
    expect((await editor.call('PATCH', `/items/series/${episode}`, { duration: 1501.5 })).data.duration).toBe(1501.5);
    expect((await call('GET', `/items/series/${episode}?fields=duration`)).data.duration).toBe(1501.5);
  });

  it('is refused from an editor where it would cut one of the episode\'s segments, and the length stays', async () => {
    const episode = (await editor.call('POST', '/items/series', { title: title.id, season, name: '6 серия', sort: 6, duration: 1500 })).data.id;
    const ending: Segment = { kind: 'ending', start: 1400, end: 1490 };
    expect((await segment({ episode, ...ending })).status).toBe(200);
    // A rejected segment never plays: it holds no length back.
    expect((await segment({ episode, kind: 'opening', start: 1000, end: 1100, state: 'rejected' })).status).toBe(200);
    expectRefused(await editor.call('PATCH', `/items/series/${episode}`, { duration: 1200 }), 400, lengthProblem([ending], 1200)!);
    expect((await adminRead('series', episode, 'duration')).duration).toBe(1500);
    expect((await editor.call('PATCH', `/items/series/${episode}`, { duration: ending.end })).data.duration).toBe(ending.end);
  });

  it('measured from a new video is taken even where it cuts a segment: the file is what plays', async () => {
    const episode = (await editor.call('POST', '/items/series', { title: title.id, season, name: '7 серия', sort: 7, duration: 1500 })).data.id;
    expect((await segment({ episode, kind: 'ending', start: 1400, end: 1490 })).status).toBe(200);
    const video = (await asAdmin('POST', '/files', upload(Uint8Array.from(await clip(5)), 'video/mp4', 'short.mp4'))).data.id;
    expect((await editor.call('PATCH', `/items/series/${episode}`, { source: 'video', video })).status).toBe(200);
    await vi.waitFor(async () => expect((await adminRead('series', episode, 'duration')).duration).toBeCloseTo(5, 0), { timeout: 20_000, interval: 250 });
  });

  it('is read from an uploaded video after the save, and a file that is no video never fails the save', async () => {
    // Sent as a video (a picture's type is refused in a video field): its bytes are what the reader meets.
    const picture = (await asAdmin('POST', '/files', upload(pngBytes(), 'video/mp4', 'not-a-video.mp4'))).data.id;
    const video = (await asAdmin('POST', '/files', upload(Uint8Array.from(await clip(5)), 'video/mp4', 'episode.mp4'))).data.id;
    const episode = (await editor.call('POST', '/items/series', { title: title.id, season, name: '5 серия', sort: 5, source: 'video', video: picture }));
    expect(episode.status).toBe(200);
    expect(episode.data.duration).toBeNull();
    expect((await editor.call('PATCH', `/items/series/${episode.data.id}`, { video })).status).toBe(200);
    await vi.waitFor(async () => expect((await adminRead('series', episode.data.id, 'duration')).duration).toBeCloseTo(5, 0), { timeout: 20_000, interval: 250 });
  });
});

/**
 * An episode or a film given a new video (another upload, another player's address, or the other of
 * the two chosen): its own segments and the search's proposals for the old file go, members' places
 * in it are reset, watched marks stay, and the editor is told in the admin app's notifications; the
 * same video saved again, or a save of other fields, changes nothing; a member can do none of it.
 * Saves of one episode or of several by keys take it away right after they are stored (vi.waitFor);
 * saves through the title's form and batches given as a list, within the save itself.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { clip } from '../../directus/seed/media.ts';
import { newTitle, newUser, pngBytes, upload, type TestUser } from '../support/api.ts';
import { asAdmin, expectRefused } from '../support/fixtures.ts';

let editor: TestUser;
let member: TestUser;
let other: TestUser;
/** An uploaded file the search's old proposals were found on. */
let oldFile: string;

const address = (n: number | string) => `/embed/player.html?v=${n}`;
let addresses = 0;
const newAddress = () => address(`new-${++addresses}`);

interface Show {
  title: number;
  season: number;
  episodes: number[];
}

interface SegmentRow {
  id: number;
  kind: string;
  start: number | null;
  end: number | null;
  absent: boolean | null;
  state: string;
  file: string | null;
}

interface Place {
  episode: number | null;
  position: number | null;
  duration: number | null;
  date_updated: string;
}

const read = async <T>(path: string): Promise<T> => {
  const res = await asAdmin<T>('GET', path);
  expect(res.status).toBe(200);
  return res.data;
};

const segmentsOf = (where: 'episode' | 'season', id: number) =>
  read<SegmentRow[]>(`/items/segments?filter[${where}][_eq]=${id}&fields=id,kind,start,end,absent,state,file&sort=id&limit=-1`);

const placeOf = async (who: TestUser, title: number): Promise<Place | undefined> =>
  (await read<Place[]>(`/items/watchProgress?filter[user_created][_eq]=${who.id}&filter[title][_eq]=${title}&fields=episode,position,duration,date_updated`))[0];

const watchedOf = async (who: TestUser, title: number): Promise<number[]> => (await who.call('GET', `/site/watched?title=${title}`)).data;

async function uploaded(bytes: Uint8Array<ArrayBuffer>, type: string, name: string): Promise<string> {
  const res = await asAdmin('POST', '/files', upload(bytes, type, name));
  expect(res.status).toBe(200);
  return res.data.id;
}

/**
 * A published title with one season (its opening set on the season) and `n` episodes playing player
 * addresses, each with its own opening and ending, a recap marked absent, a proposed preview and a
 * rejected opening found on `oldFile`.
 */
async function newShow(n: number): Promise<Show> {
  const title = (await newTitle({ typeSource: 'Сезоны' })).id;
  const season = (await editor.call('POST', '/items/iframeSeasons', { title, name: '1 сезон', sort: 1 })).data.id;
  const rows = Array.from({ length: n }, (_, i) => ({ title, season, name: `${i + 1} серия`, sort: i + 1, source: 'iframe', iframe: address(`${title}-${i + 1}`), duration: 1500 }));
  const episodes: number[] = (await editor.call('POST', '/items/series', rows)).data.map((e: { id: number }) => e.id);
  expect((await editor.call('POST', '/items/segments', { kind: 'opening', start: 0, end: 90, season })).status).toBe(200);
  for (const episode of episodes) {
    const own = [
      { kind: 'opening', start: 100, end: 190 },
      { kind: 'ending', start: 1400, end: 1490 },
      { kind: 'recap', absent: true },
    ].map((s) => ({ ...s, episode }));
    expect((await editor.call('POST', '/items/segments', own)).status).toBe(200);
    const found = [
      { kind: 'preview', start: 1300, end: 1360, state: 'proposed' },
      { kind: 'opening', start: 20, end: 80, state: 'rejected' },
    ].map((s) => ({ ...s, episode, source: 'auto', confidence: 0.8, file: oldFile }));
    expect((await asAdmin('POST', '/items/segments', found)).status).toBe(200);
  }
  return { title, season, episodes };
}

/** `who` stopped at `position` of `episode` (or of the film), with that episode watched when asked. */
async function stop(who: TestUser, title: number, episode: number | null, position: number, watched = false): Promise<Place> {
  expect((await who.call('PUT', `/site/progress/${title}`, { episode, position, duration: 1500 })).status).toBe(200);
  if (watched && episode !== null) expect((await who.call('PUT', `/site/watched/${episode}`, { watched: true })).status).toBe(200);
  return (await placeOf(who, title))!;
}

/** The episode's segments, as a new video leaves them: the absent recap alone. */
const LEFT = [{ kind: 'recap', absent: true }];
const kinds = (rows: SegmentRow[]) => rows.map(({ kind, absent, state }) => (absent ? { kind, absent: true } : { kind, state }));
const FULL = [
  { kind: 'opening', state: 'confirmed' },
  { kind: 'ending', state: 'confirmed' },
  { kind: 'recap', absent: true },
  { kind: 'preview', state: 'proposed' },
  { kind: 'opening', state: 'rejected' },
];

async function expectTakenAway(episode: number): Promise<void> {
  expect(kinds(await segmentsOf('episode', episode))).toEqual(LEFT);
}

const reset = (place: Place) => ({ ...place, position: null, duration: null });

beforeAll(async () => {
  [editor, member, other] = await Promise.all([newUser(EDITOR_ROLE), newUser(), newUser()]);
  // An episode's video field takes a file declared a video; its bytes need not be one here.
  oldFile = await uploaded(pngBytes(), 'video/mp4', 'old-file.mp4');
});

describe('a new player\'s address of one episode', () => {
  let show: Show;
  let places: { member: Place; other: Place };

  beforeAll(async () => {
    show = await newShow(3);
    places = {
      member: await stop(member, show.title, show.episodes[0], 1450, true),
      other: await stop(other, show.title, show.episodes[1], 600),
    };
  });

  it('takes away its segments and proposals, keeps its absent mark and its season\'s, and resets the places in it alone', async () => {
    const season = await segmentsOf('season', show.season);
    expect((await editor.call('PATCH', `/items/series/${show.episodes[0]}`, { iframe: newAddress() })).status).toBe(200);
    await vi.waitFor(() => expectTakenAway(show.episodes[0]), { timeout: 10_000, interval: 100 });
    expect(await segmentsOf('season', show.season)).toEqual(season);
    expect(kinds(await segmentsOf('episode', show.episodes[1]))).toEqual(FULL);
    expect(await placeOf(member, show.title)).toEqual(reset(places.member));
    expect(await placeOf(other, show.title)).toEqual(places.other);
    // The member did watch it.
    expect(await watchedOf(member, show.title)).toEqual([show.episodes[0]]);
  });

  it('tells the editor who saved it, in the admin app\'s notifications', async () => {
    const notices = (await editor.call('GET', `/notifications?filter[item][_eq]=${show.episodes[0]}&fields=subject,message,collection,status`)).data;
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ subject: 'Отрезки серии сняты: у неё новое видео', collection: 'series', status: 'inbox' });
    expect(notices[0].message).toContain('1 серия: снято отрезков — 2');
  });

  it('changes nothing saved again as it is, with other fields, in the episode\'s form or the title\'s', async () => {
    const episode = show.episodes[1];
    const same = { source: 'iframe', iframe: address(`${show.title}-2`) };
    const before = await segmentsOf('episode', episode);
    for (const body of [same, { iframe: same.iframe }, { name: '2 серия', duration: 1500, deleted: false }]) {
      expect((await editor.call('PATCH', `/items/series/${episode}`, body)).status).toBe(200);
    }
    expect((await editor.call('PATCH', `/items/titles/${show.title}`, { series: { create: [], update: [{ id: episode, ...same }], delete: [] } })).status).toBe(200);
    expect((await editor.call('PATCH', '/items/series', { keys: [episode], data: same })).status).toBe(200);
    // The player of all episodes is not what the site plays: each episode's own source is.
    expect((await editor.call('PATCH', `/items/titles/${show.title}`, { iframeSeries: newAddress() })).status).toBe(200);
    // A new address of the next episode is taken away after these saves, as theirs would have been.
    expect((await editor.call('PATCH', `/items/series/${show.episodes[2]}`, { iframe: newAddress() })).status).toBe(200);
    await vi.waitFor(() => expectTakenAway(show.episodes[2]), { timeout: 10_000, interval: 100 });
    expect(await segmentsOf('episode', episode)).toEqual(before);
    expect(await placeOf(other, show.title)).toEqual(places.other);
  });
});

describe('a new upload', () => {
  it('saved in the title\'s form is taken away with in the save itself, and the search by sound is asked', async () => {
    const show = await newShow(2);
    const place = await stop(member, show.title, show.episodes[1], 700);
    const video = await uploaded(Uint8Array.from(await clip(5)), 'video/mp4', 'new-episode.mp4');
    const saved = await editor.call('PATCH', `/items/titles/${show.title}`, { series: { create: [], update: [{ id: show.episodes[1], source: 'video', video }], delete: [] } });
    expect(saved.status).toBe(200);
    await expectTakenAway(show.episodes[1]);
    expect(await placeOf(member, show.title)).toEqual(reset(place));
    expect(kinds(await segmentsOf('episode', show.episodes[0]))).toEqual(FULL);
    await vi.waitFor(async () => expect((await read<{ segmentSearch: string | null }>(`/items/titles/${show.title}?fields=segmentSearch`)).segmentSearch).not.toBeNull(), { timeout: 10_000, interval: 100 });
  });

  it('chosen instead of the address keeps what the search found on that very file', async () => {
    const show = await newShow(1);
    const [episode] = show.episodes;
    expect((await editor.call('PATCH', `/items/series/${episode}`, { video: oldFile })).status).toBe(200);
    const place = await stop(member, show.title, episode, 800);
    // The address plays: the upload beside it does not, and saving it changed nothing.
    expect(kinds(await segmentsOf('episode', episode))).toEqual(FULL);
    expect(await placeOf(member, show.title)).toEqual(place);
    expect((await editor.call('PATCH', `/items/series/${episode}`, { source: 'video' })).status).toBe(200);
    const found = [{ kind: 'recap', absent: true }, { kind: 'preview', state: 'proposed' }, { kind: 'opening', state: 'rejected' }];
    await vi.waitFor(async () => expect(kinds(await segmentsOf('episode', episode))).toEqual(found), { timeout: 10_000, interval: 100 });
    expect(await placeOf(member, show.title)).toEqual(reset(place));
  });
});

describe('a batch', () => {
  it('by keys gives each of its episodes a new video, and tells the editor once', async () => {
    const show = await newShow(3);
    const places = [await stop(member, show.title, show.episodes[0], 100), await stop(other, show.title, show.episodes[1], 200)];
    const keys = show.episodes.slice(0, 2);
    expect((await editor.call('PATCH', '/items/series', { keys, data: { iframe: newAddress() } })).status).toBe(200);
    await vi.waitFor(async () => {
      for (const episode of keys) await expectTakenAway(episode);
    }, { timeout: 10_000, interval: 100 });
    expect(await placeOf(member, show.title)).toEqual(reset(places[0]!));
    expect(await placeOf(other, show.title)).toEqual(reset(places[1]!));
    expect(kinds(await segmentsOf('episode', show.episodes[2]))).toEqual(FULL);
    const notices = (await editor.call('GET', `/notifications?filter[subject][_eq]=${encodeURIComponent('Отрезки серий сняты: у них новое видео')}&fields=message`)).data;
    expect(notices.filter((n: { message: string }) => keys.every((_, i) => n.message.includes(`${i + 1} серия: снято отрезков — 2`)))).toHaveLength(1);
  });

  it('given as a list takes away with in the save each episode that gets a new video, and no other', async () => {
    const show = await newShow(3);
    const place = await stop(member, show.title, show.episodes[0], 300);
    const list = [
      { id: show.episodes[0], iframe: newAddress() },
      { id: show.episodes[1], iframe: newAddress() },
      { id: show.episodes[2], iframe: address(`${show.title}-3`), name: '3 серия' },
    ];
    expect((await editor.call('PATCH', '/items/series', list)).status).toBe(200);
    await expectTakenAway(show.episodes[0]);
    await expectTakenAway(show.episodes[1]);
    expect(kinds(await segmentsOf('episode', show.episodes[2]))).toEqual(FULL);
    expect(await placeOf(member, show.title)).toEqual(reset(place));
  });
});

describe('the same save', () => {
  it('keeps the segments it sets for the new video', async () => {
    const show = await newShow(1);
    const [episode] = show.episodes;
    const ending = (await segmentsOf('episode', episode)).find((s) => s.kind === 'ending')!;
    const renewed = { id: episode, iframe: newAddress(), segments: { create: [{ kind: 'opening', start: 30, end: 120 }], update: [{ id: ending.id, start: 1380 }], delete: [] } };
    expect((await editor.call('PATCH', `/items/titles/${show.title}`, { series: { create: [], update: [renewed], delete: [] } })).status).toBe(200);
    const left = await segmentsOf('episode', episode);
    expect(left.map(({ kind, start, end, absent }) => ({ kind, start, end, absent: !!absent }))).toEqual([
      { kind: 'ending', start: 1380, end: 1490, absent: false },
      { kind: 'recap', start: null, end: null, absent: true },
      { kind: 'opening', start: 30, end: 120, absent: false },
    ]);
  });

  it('may give a new length the old video\'s segments would not fit', async () => {
    const show = await newShow(1);
    const [episode] = show.episodes;
    expectRefused(await editor.call('PATCH', `/items/series/${episode}`, { duration: 1200 }), 400, 'выходит за новый конец серии');
    expect((await editor.call('PATCH', `/items/series/${episode}`, { iframe: newAddress(), duration: 1200 })).status).toBe(200);
    await vi.waitFor(() => expectTakenAway(episode), { timeout: 10_000, interval: 100 });
    expect((await read<{ duration: number }>(`/items/series/${episode}?fields=duration`)).duration).toBe(1200);
  });
});

describe('a save refused', () => {
  it('in the title\'s form, after an episode\'s new video was seen, takes nothing away', async () => {
    const show = await newShow(2);
    const place = await stop(member, show.title, show.episodes[0], 400);
    const update = [{ id: show.episodes[0], iframe: newAddress() }, { id: show.episodes[1], duration: -1 }];
    expectRefused(await editor.call('PATCH', `/items/titles/${show.title}`, { series: { create: [], update, delete: [] } }), 400, 'Длина серии — число секунд');
    expect(kinds(await segmentsOf('episode', show.episodes[0]))).toEqual(FULL);
    expect(await placeOf(member, show.title)).toEqual(place);
  });

  it('by the database, for one episode, takes nothing away', async () => {
    const show = await newShow(2);
    const place = await stop(member, show.title, show.episodes[0], 400);
    const missing = '00000000-0000-4000-8000-000000000000';
    expectRefused(await editor.call('PATCH', `/items/series/${show.episodes[0]}`, { source: 'video', video: missing }));
    expect((await read<{ video: string | null }>(`/items/series/${show.episodes[0]}?fields=video`)).video).toBeNull();
    // Later saves of it that give it no new video take nothing away either.
    for (const body of [{ name: '1 серия' }, { iframe: address(`${show.title}-1`) }]) {
      expect((await editor.call('PATCH', `/items/series/${show.episodes[0]}`, body)).status).toBe(200);
    }
    // A new address of the other episode is taken away after these saves, as theirs would have been.
    expect((await editor.call('PATCH', `/items/series/${show.episodes[1]}`, { iframe: newAddress() })).status).toBe(200);
    await vi.waitFor(() => expectTakenAway(show.episodes[1]), { timeout: 10_000, interval: 100 });
    expect(kinds(await segmentsOf('episode', show.episodes[0]))).toEqual(FULL);
    expect(await placeOf(member, show.title)).toEqual(place);
  });
});

describe('a film', () => {
  it('given a new address resets the places in it, saved again as it is none', async () => {
    const [film, other_] = await Promise.all([0, 1].map(() => newTitle({ typeSource: 'Одиночный', source: 'iframe', iframe: newAddress() })));
    const kept = await stop(member, film!.id, null, 3000);
    const barrier = await stop(member, other_!.id, null, 2000);
    const same = (await read<{ iframe: string }>(`/items/titles/${film!.id}?fields=iframe`)).iframe;
    for (const body of [{ iframe: same, source: 'iframe' }, { name: 'Фильм', iframe: same }]) expect((await editor.call('PATCH', `/items/titles/${film!.id}`, body)).status).toBe(200);
    expect((await editor.call('PATCH', `/items/titles/${other_!.id}`, { iframe: newAddress() })).status).toBe(200);
    await vi.waitFor(async () => expect(await placeOf(member, other_!.id)).toEqual(reset(barrier)), { timeout: 10_000, interval: 100 });
    expect(await placeOf(member, film!.id)).toEqual(kept);
    expect((await editor.call('PATCH', `/items/titles/${film!.id}`, { iframe: newAddress() })).status).toBe(200);
    await vi.waitFor(async () => expect(await placeOf(member, film!.id)).toEqual(reset(kept)), { timeout: 10_000, interval: 100 });
  });
});

describe('a member', () => {
  it('can give no episode or film a new video, and nothing is taken away', async () => {
    const show = await newShow(1);
    const [episode] = show.episodes;
    const place = await stop(other, show.title, episode, 900);
    expectRefused(await member.call('PATCH', `/items/series/${episode}`, { iframe: newAddress() }), 403);
    expectRefused(await member.call('PATCH', '/items/series', { keys: [episode], data: { iframe: newAddress() } }), 403);
    expectRefused(await member.call('PATCH', '/items/series', [{ id: episode, iframe: newAddress() }]), 403);
    expectRefused(await member.call('PATCH', `/items/titles/${show.title}`, { series: { create: [], update: [{ id: episode, iframe: newAddress() }], delete: [] } }), 403);
    expectRefused(await member.call('PATCH', `/items/titles/${show.title}`, { iframe: newAddress() }), 403);
    expect(kinds(await segmentsOf('episode', episode))).toEqual(FULL);
    expect(await placeOf(other, show.title)).toEqual(place);
  });
});

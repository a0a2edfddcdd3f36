/**
 * Uploaded videos of episodes kept for subscribers or taken down, and of titles not published, reach
 * nobody by their file id (a subscriber's shared link included); subscribers play kept episodes through
 * signed addresses that hold for one episode and a while, by byte ranges.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { clip } from '../../directus/seed/media.ts';
import { ROLES } from '../../shared/rules.ts';
import { baseUrl, call, newTitle, newUser, upload, type TestUser } from '../support/api.ts';
import { asAdmin, expectRefused } from '../support/fixtures.ts';

let video: Uint8Array<ArrayBuffer>;
let premium: TestUser;
let member: TestUser;

beforeAll(async () => {
  video = Uint8Array.from(await clip(3));
  [premium, member] = await Promise.all([newUser(ROLES.premium), newUser()]);
}, 60_000);

const uploadVideo = async (): Promise<string> => (await asAdmin('POST', '/files', upload(video, 'video/mp4', 'episode.mp4'))).data.id;
const episode = async (title: number, fields: Record<string, unknown>): Promise<number> =>
  (await asAdmin('POST', '/items/series', { title, name: 'Серия', source: 'video', ...fields })).data.id;

/** What /assets answers for the file, to a visitor or with a token. */
async function assetStatus(file: string, token?: string): Promise<number> {
  const res = await fetch(`${baseUrl()}/assets/${file}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  await res.arrayBuffer();
  return res.status;
}

/** Waits until the file answers a visitor with `status`: its mark follows the save that changed it. */
const answersVisitors = (file: string, status: number) =>
  vi.waitFor(async () => expect(await assetStatus(file)).toBe(status), { timeout: 15_000, interval: 100 });

describe('a video by its file id', () => {
  it('reaches nobody but editors while its episode is kept for subscribers, and everyone again once it is not', async () => {
    const title = await newTitle();
    const file = await uploadVideo();
    const id = await episode(title.id, { video: file });
    await answersVisitors(file, 200);
    expect((await asAdmin('PATCH', `/items/series/${id}`, { deleted: true })).status).toBe(200);
    await answersVisitors(file, 403);
    for (const reader of [member, premium]) {
      expect(await assetStatus(file, reader.token)).toBe(403);
      expectRefused(await reader.call('GET', `/files/${file}`), 403);
    }
    expect((await asAdmin('PATCH', `/items/series/${id}`, { deleted: false })).status).toBe(200);
    await answersVisitors(file, 200);
  });

  it('reaches nobody while its episode is taken down or its title is a draft', async () => {
    const title = await newTitle();
    const [takenDown, draftsOwn] = [await uploadVideo(), await uploadVideo()];
    await episode(title.id, { video: takenDown, takenDown: true });
    const draft = await newTitle({ status: 'draft', video: draftsOwn });
    await answersVisitors(takenDown, 403);
    await answersVisitors(draftsOwn, 403);
    expect((await asAdmin('PATCH', `/items/titles/${draft.id}`, { status: 'published' })).status).toBe(200);
    await answersVisitors(draftsOwn, 200);
  });

  it('stays everyone\'s while an episode everyone watches shows it too', async () => {
    const title = await newTitle();
    const file = await uploadVideo();
    await episode(title.id, { video: file });
    const kept = await episode(title.id, { video: file, deleted: true });
    await answersVisitors(file, 200);
    // Marked again after this save too: still shown by the live episode.
    expect((await asAdmin('PATCH', `/items/series/${kept}`, { name: 'Для подписчиков' })).status).toBe(200);
    expect(await assetStatus(file)).toBe(200);
  });
});

describe('a video a kept episode shares with a live one', () => {
  it('is withheld once the live episode is deleted, or shows another file', async () => {
    const [title, other] = [await newTitle(), await newTitle()];
    for (const leave of [
      (live: number) => asAdmin('DELETE', `/items/series/${live}`),
      async (live: number) => asAdmin('PATCH', `/items/series/${live}`, { video: await uploadVideo() }),
    ]) {
      const file = await uploadVideo();
      const live = await episode(other.id, { video: file });
      await episode(title.id, { video: file, deleted: true });
      await answersVisitors(file, 200);
      expect((await leave(live)).status).toBeLessThan(300);
      await answersVisitors(file, 403);
    }
  });

  it('is withheld once the live episode goes with its title or its season', async () => {
    const keeping = await newTitle();
    for (const remove of ['title', 'season'] as const) {
      const shown = await newTitle();
      const season = (await asAdmin('POST', '/items/iframeSeasons', { title: shown.id, name: '1 сезон' })).data.id;
      const file = await uploadVideo();
      await episode(shown.id, { video: file, season });
      await episode(keeping.id, { video: file, deleted: true });
      await answersVisitors(file, 200);
      const gone = remove === 'title' ? await asAdmin('DELETE', `/items/titles/${shown.id}`) : await asAdmin('DELETE', `/items/iframeSeasons/${season}`);
      expect(gone.status).toBe(204);
      await answersVisitors(file, 403);
    }
  });
});

describe('signed addresses of kept episodes', () => {
  let title: { id: number };
  let kept: number;
  let file: string;

  beforeAll(async () => {
    title = await newTitle();
    file = await uploadVideo();
    kept = await episode(title.id, { video: file, deleted: true });
    await episode(title.id, { iframe: '/embed/player.html?v=1', source: 'iframe', deleted: true });
    await episode(title.id, { video: await uploadVideo() });
  });

  const grants = async (reader?: TestUser, titleId = title.id) =>
    reader ? reader.call('GET', `/site/kept-videos/${titleId}`) : call('GET', `/site/kept-videos/${titleId}`);
  const play = (src: string, headers: Record<string, string> = {}) => fetch(`${baseUrl()}${src}`, { headers });

  it('are given to a subscriber for each kept episode with an uploaded video, and to nobody else', async () => {
    const answer = await grants(premium);
    expect(answer.status).toBe(200);
    expect(answer.data.map((g: { episode: number }) => g.episode)).toEqual([kept]);
    expectRefused(await grants(member), 403);
    expectRefused(await grants(), 403);
    const draft = await newTitle({ status: 'draft' });
    expectRefused(await grants(premium, draft.id), 400, 'Сериал или фильм не найден');
  });

  it('play the whole video, or the one range asked, with no token', async () => {
    const [{ src }] = (await grants(premium)).data;
    const all = await play(src);
    expect(all.status).toBe(200);
    expect(all.headers.get('accept-ranges')).toBe('bytes');
    expect(new Uint8Array(await all.arrayBuffer())).toEqual(video);
    const part = await play(src, { range: 'bytes=10-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-99/${video.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(video.slice(10, 100));
    const tail = await play(src, { range: 'bytes=-50' });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(video.slice(-50));
    for (const range of ['bytes=0-0', `bytes=${video.length - 1}-`, 'bytes=0-10,20-30']) {
      const whole = await play(src, { range });
      expect([range, whole.status, (await whole.arrayBuffer()).byteLength]).toEqual([range, 200, video.length]);
    }
    const beyond = await play(src, { range: `bytes=${video.length + 10}-` });
    expect(beyond.status).toBe(416);
    await beyond.arrayBuffer();
  });

  it('play nothing when changed, named for another episode, or once the episode is taken down', async () => {
    const [{ src }] = (await grants(premium)).data as { src: string }[];
    const url = new URL(src, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const until = url.searchParams.get('until')!;
    const refused = [
      `/site/kept-videos/play/${kept}?until=${Number(until) + 60}&sig=${sig}`,
      `/site/kept-videos/play/${kept + 1}?until=${until}&sig=${sig}`,
      `/site/kept-videos/play/${kept}?until=${until}&sig=${sig.slice(1)}`,
      `/site/kept-videos/play/${kept}?until=${until}&sig[]=${sig}`,
      `/site/kept-videos/play/${kept}?until[a]=1&sig=${sig}`,
      `/site/kept-videos/play/${kept}`,
    ];
    for (const address of refused) {
      const res = await play(address);
      expect([address, res.status]).toEqual([address, 403]);
      await res.arrayBuffer();
    }
    expectRefused(await call('GET', `/site/kept-videos/play/x?until=${until}&sig=${sig}`), 400, 'Неверный идентификатор');
    expect((await asAdmin('PATCH', `/items/series/${kept}`, { takenDown: true })).status).toBe(200);
    const after = await play(src);
    expect(after.status).toBe(403);
    await after.arrayBuffer();
    expect((await asAdmin('PATCH', `/items/series/${kept}`, { takenDown: false })).status).toBe(200);
  });
});

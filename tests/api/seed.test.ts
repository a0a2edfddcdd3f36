import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../directus/seed/index.ts';
import { DEMO_PASSWORD } from '../../directus/seed/community.ts';
import { TITLES } from '../../directus/seed/data/titles.ts';
import { DEMO_CLIP } from '../../directus/seed/media.ts';
import { admin, baseUrl, call } from '../support/api.ts';
import { personQueries, queryMisses, titleQueries } from '../support/search-queries.ts';

/** The demo catalogue seeds a real backend through its own rules, and only once. */
describe('demo catalogue seed', () => {
  let seeded = false;

  beforeAll(async () => {
    // This suite has a Directus of its own (the `seed` test project), so the catalogue starts empty.
    seeded = await seedDemo(await admin(), () => {});
  }, 600_000);

  it('fills an empty catalogue and refuses to seed twice', async () => {
    expect(seeded).toBe(true);
    expect(await seedDemo(await admin(), () => {})).toBe(false);
  });

  it('shows visitors every demo title with poster, category and genres', async () => {
    const res = await call('GET', '/items/titles?limit=-1&fields=slug,poster,category.slug,genres.genres_id.name');
    expect(res.status).toBe(200);
    expect(res.data.length).toBe(TITLES.length);
    for (const t of res.data) {
      expect(t.poster).toBeTruthy();
      expect(t.category.slug).toBeTruthy();
      expect(t.genres.length).toBeGreaterThan(0);
    }
  });

  it('serves a poster through the poster preset as webp', async () => {
    const res = await call('GET', '/items/titles?limit=1&fields=poster');
    const img = await fetch(`${(await admin()).url}/assets/${res.data[0].poster}?key=poster`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
  });

  it('gives series their episodes and seasons their series', async () => {
    const seasons = TITLES.find((t) => t.typeSource === 'Сезоны')!;
    const res = await call('GET', `/items/titles?filter[slug][_eq]=${seasons.slug}&fields=iframeSeasons.name,iframeSeasons.series.name`);
    expect(res.data[0].iframeSeasons.length).toBe(seasons.seasons);
    expect(res.data[0].iframeSeasons[0].series.length).toBeGreaterThan(0);
  });

  it('gives the series the clip\'s length, their seasons its opening and ending, and premieres no opening', async () => {
    const seasons = TITLES.find((t) => t.typeSource === 'Сезоны')!;
    const fields = 'iframeSeasons.sort,iframeSeasons.segments.kind,iframeSeasons.segments.start,iframeSeasons.segments.end,iframeSeasons.series.sort,iframeSeasons.series.duration,iframeSeasons.series.segments.kind,iframeSeasons.series.segments.absent';
    const [title] = (await call('GET', `/items/titles?filter[slug][_eq]=${seasons.slug}&fields=${fields}`)).data;
    const season = title.iframeSeasons.find((s: { sort: number }) => s.sort === 1);
    expect(season.segments).toEqual([{ kind: 'opening', ...DEMO_CLIP.opening }, { kind: 'ending', ...DEMO_CLIP.ending }]);
    const premiere = season.series.find((e: { sort: number }) => e.sort === 1);
    expect(premiere.segments).toEqual([{ kind: 'opening', absent: true }]);
    expect(new Set(title.iframeSeasons.flatMap((s: { series: { duration: number }[] }) => s.series.map((e) => e.duration)))).toEqual(new Set([DEMO_CLIP.seconds]));
    const plain = TITLES.find((t) => t.typeSource === 'Без сезонов')!;
    const [list] = (await call('GET', `/items/titles?filter[slug][_eq]=${plain.slug}&fields=series.segments.kind`)).data;
    expect(list.series.length).toBeGreaterThan(0);
    for (const e of list.series) expect(e.segments.map((x: { kind: string }) => x.kind).sort()).toEqual(['ending', 'opening']);
  });

  it('lets a demo user sign in and see their own ratings and chats', async () => {
    const users = await (await admin()).get<{ email: string }[]>('/users?filter[login][_nnull]=true&fields=email&limit=1');
    const login = await call('POST', '/auth/login', { body: { email: users[0].email, password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
  });

  it('has reviews with replies and public chat messages', async () => {
    const replies = await call('GET', '/items/comments?filter[comment][_nnull]=true&limit=1&fields=id,comment.text');
    expect(replies.data[0].comment.text).toBeTruthy();
    const api = await admin();
    const publicMessages = await api.get<unknown[]>('/items/messages?filter[publicChat][_eq]=true&fields=id&limit=-1');
    expect(publicMessages.length).toBeGreaterThanOrEqual(20);
  });

  it('finds every demo title and person as people mistype them (the query set)', async () => {
    expect(titleQueries().length).toBeGreaterThan(TITLES.length * 3);
    expect(personQueries().length).toBeGreaterThan(0);
    expect(await queryMisses(baseUrl())).toEqual([]);
  }, 600_000);
});

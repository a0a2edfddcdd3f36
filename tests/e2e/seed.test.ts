/**
 * The demo catalogue the browser suite runs on: the seeded template it is a copy of was made by the seed
 * in a fresh backend through the backend's own rules (failing when the seed found anything there), and
 * is made again whenever the seed changes; this checks what it made and that it seeds only once,
 * without a backend of its own.
 */
import { describe, expect, inject, it } from 'vitest';
import { seedDemo } from '../../directus/seed/index.ts';
import { DEMO_PASSWORD } from '../../directus/seed/community.ts';
import { TITLES } from '../../directus/seed/data/titles.ts';
import { USERS } from '../../directus/seed/data/community.ts';
import { DEMO_CLIP } from '../../directus/seed/media.ts';
import { personQueries, queryMisses, titleQueries } from '../support/search-queries.ts';
import { adminApi } from './support/site.ts';

const directus = () => inject('e2eDirectusUrl');

/** A visitor's read of the backend: its status and data. */
async function visitorGet<T = any>(path: string): Promise<{ status: number; data: T }> {
  const res = await fetch(`${directus()}${path}`);
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
}

describe('demo catalogue seed', () => {
  it('refuses to seed a filled catalogue twice', async () => {
    expect(await seedDemo(await adminApi(), () => {})).toBe(false);
  });

  it('shows visitors every demo title with poster, category and genres', async () => {
    const res = await visitorGet<{ slug: string; poster: string; category: { slug: string }; genres: unknown[] }[]>(
      `/items/titles?limit=${TITLES.length}&fields=slug,poster,category.slug,genres.genres_id.name&filter[slug][_in]=${TITLES.map((t) => t.slug).join(',')}`);
    expect(res.status).toBe(200);
    expect(res.data.map((t) => t.slug).sort()).toEqual(TITLES.map((t) => t.slug).sort());
    for (const t of res.data) {
      expect(t.poster).toBeTruthy();
      expect(t.category.slug).toBeTruthy();
      expect(t.genres.length).toBeGreaterThan(0);
    }
  });

  it('serves a poster through the poster preset as webp', async () => {
    const res = await visitorGet<{ poster: string }[]>('/items/titles?limit=1&fields=poster');
    const img = await fetch(`${directus()}/assets/${res.data[0].poster}?key=poster`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
  });

  it('gives series their episodes and seasons their series', async () => {
    const seasons = TITLES.find((t) => t.typeSource === 'Сезоны')!;
    const res = await visitorGet<{ iframeSeasons: { series: unknown[] }[] }[]>(`/items/titles?filter[slug][_eq]=${seasons.slug}&fields=iframeSeasons.name,iframeSeasons.series.name`);
    expect(res.data[0].iframeSeasons.length).toBe(seasons.seasons);
    expect(res.data[0].iframeSeasons[0].series.length).toBeGreaterThan(0);
  });

  it('gives the series the clip\'s length, their seasons its opening and ending, and premieres no opening', async () => {
    const seasons = TITLES.find((t) => t.typeSource === 'Сезоны')!;
    // The seasons and the episodes apart, as the player reads them: each a path into two lists at most.
    const fields = [
      'iframeSeasons.id', 'iframeSeasons.sort', 'iframeSeasons.segments.kind', 'iframeSeasons.segments.start', 'iframeSeasons.segments.end',
      'series.season', 'series.sort', 'series.duration', 'series.segments.kind', 'series.segments.absent',
    ].join(',');
    type Season = { id: number; sort: number; segments: unknown[] };
    type Episode = { season: number | null; sort: number; duration: number; segments: unknown[] };
    const [title] = (await visitorGet<{ iframeSeasons: Season[]; series: Episode[] }[]>(`/items/titles?filter[slug][_eq]=${seasons.slug}&fields=${fields}`)).data;
    const season = title.iframeSeasons.find((s) => s.sort === 1)!;
    expect(season.segments).toEqual([{ kind: 'opening', ...DEMO_CLIP.opening }, { kind: 'ending', ...DEMO_CLIP.ending }]);
    const premiere = title.series.find((e) => e.season === season.id && e.sort === 1)!;
    expect(premiere.segments).toEqual([{ kind: 'opening', absent: true }]);
    expect(title.series.filter((e) => e.season !== null)).toHaveLength(title.series.length);
    expect(new Set(title.series.map((e) => e.duration))).toEqual(new Set([DEMO_CLIP.seconds]));
    const plain = TITLES.find((t) => t.typeSource === 'Без сезонов')!;
    const [list] = (await visitorGet<{ series: { segments: { kind: string }[] }[] }[]>(`/items/titles?filter[slug][_eq]=${plain.slug}&fields=series.segments.kind`)).data;
    expect(list.series.length).toBeGreaterThan(0);
    for (const e of list.series) expect(e.segments.map((x) => x.kind).sort()).toEqual(['ending', 'opening']);
  });

  it('lets a demo user sign in', async () => {
    // The last of the seed's people: other tests sign in as the first ones and may meet the login limit.
    const { email } = USERS[USERS.length - 1];
    const res = await fetch(`${directus()}/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
  });

  it('has reviews with replies and public chat messages', async () => {
    const replies = await visitorGet<{ comment: { text: string } }[]>('/items/comments?filter[comment][_nnull]=true&limit=1&fields=id,comment.text');
    expect(replies.data[0].comment.text).toBeTruthy();
    const publicMessages = await (await adminApi()).get<unknown[]>('/items/messages?filter[publicChat][_eq]=true&fields=id&limit=-1');
    expect(publicMessages.length).toBeGreaterThanOrEqual(20);
  });

  it('finds every demo title and person as people mistype them (the query set)', async () => {
    expect(titleQueries().length).toBeGreaterThan(TITLES.length * 3);
    expect(personQueries().length).toBeGreaterThan(0);
    expect(await queryMisses(directus())).toEqual([]);
  }, 600_000);
});

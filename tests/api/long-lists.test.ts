/**
 * Lists longer than Directus gives of a nested list unless asked (its QUERY_LIMIT_DEFAULT, 100, which
 * the test backend keeps): a title with one more person in its cast, directors and writers, genre,
 * tag, picture and pinned related title than that, and a person with one genre more, read as the build
 * reads the catalogue. Its cast page lists every person, and the last one's page lists the title.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createReader, type TitleRow } from '../../src/lib/directus/reader.ts';
import { loadCatalogue, type Catalogue } from '../../src/lib/directus/catalogue.ts';
import { admin, adminToken, call, baseUrl, newTitle, pngBytes, upload } from '../support/api.ts';

/** Rows of a nested list Directus answers when the read does not say how many (QUERY_LIMIT_DEFAULT). */
const NESTED_DEFAULT = 100;
const MANY = NESTED_DEFAULT + 1;

const stamp = `${Date.now().toString(36)}${randomUUID().slice(0, 4)}`;
const numbered = <T>(make: (i: number) => T) => Array.from({ length: MANY }, (_, i) => make(i));
const idsOf = (rows: { id: number }[]) => rows.map((r) => r.id);

let title: { id: number; slug: string };
let people: { id: number; slug: string }[];
let genres: number[];
let tags: number[];
let related: number[];
let row: TitleRow;
let catalogue: Catalogue;

beforeAll(async () => {
  const a = await admin();
  genres = idsOf(await a.post<{ id: number }[]>('/items/genres', numbered((i) => ({ name: `Жанр длинного списка ${stamp} ${i}` }))));
  tags = idsOf(await a.post<{ id: number }[]>('/items/tags', numbered((i) => ({ name: `Тег длинного списка ${stamp} ${i}`, slug: `ll-tag-${stamp}-${i}` }))));
  people = await a.post<{ id: number; slug: string }[]>('/items/actors', numbered((i) => ({
    slug: `ll-actor-${stamp}-${i}`, nameRu: `Актёр длинного списка ${i}`,
    ...(i === MANY - 1 ? { genres: genres.map((id) => ({ genres_id: id })) } : {}),
  })));
  related = idsOf(await a.post<{ id: number }[]>('/items/titles', numbered((i) => ({
    slug: `ll-related-${stamp}-${i}`, name: `Похожий ${stamp} ${i}`, status: 'published', views: 0,
  }))));
  const picture = await call<{ id: string }>('POST', '/files', { token: await adminToken(), body: upload(pngBytes(), 'image/png', 'kadr.png') });
  expect(picture.status).toBe(200);
  const cast = people.map((p) => ({ actors_id: p.id }));
  title = await newTitle({
    slug: `ll-title-${stamp}`, actors: cast, directors: cast, screenwriters: cast,
    genres: genres.map((id) => ({ genres_id: id })), tags: tags.map((id) => ({ tags_id: id })),
    images: numbered(() => ({ directus_files_id: picture.data.id })), relatedTitles: related.map((id) => ({ related_titles_id: id })),
  });

  // Asked without saying how many, Directus cuts each list here: what the build must not leave it to.
  const cut = await a.get<Record<string, unknown[]>>(`/items/titles/${title.id}?fields=actors.id,tags.id,relatedTitles.id`);
  expect([cut.actors!.length, cut.tags!.length, cut.relatedTitles!.length]).toEqual([NESTED_DEFAULT, NESTED_DEFAULT, NESTED_DEFAULT]);

  const reader = createReader(baseUrl());
  [row] = await reader.getTitleRowsById([title.id]) as [TitleRow];
  catalogue = await loadCatalogue(reader);
});

const sorted = (ids: unknown[]) => [...ids].sort((x, y) => Number(x) - Number(y));

describe('lists longer than Directus answers of a nested list by default', () => {
  it('the build reads every one of a title\'s people, genres, tags, pictures and pinned related titles', () => {
    const everyId = people.map((p) => p.id);
    for (const list of ['actors', 'directors', 'screenwriters'] as const) {
      expect(sorted((row[list] ?? []).map((c) => (typeof c === 'object' ? c.actors_id : c))), list).toEqual(everyId);
    }
    expect(sorted((row.genres ?? []).map((g) => (typeof g === 'object' && g.genres_id && typeof g.genres_id === 'object' ? g.genres_id.id : null)))).toEqual(genres);
    expect(sorted((row.tags ?? []).map((t) => (typeof t === 'object' && t.tags_id && typeof t.tags_id === 'object' ? t.tags_id.id : null)))).toEqual(tags);
    expect(row.images).toHaveLength(MANY);
    expect(sorted((row.relatedTitles ?? []).map((r) => (typeof r === 'object' ? r.related_titles_id : r)))).toEqual(related);
  });

  it('the cast page lists every person, and the page of the last one lists the title', () => {
    const own = catalogue.ownTitles.find((t) => t.id === title.id)!;
    const page = catalogue.pageOf(own);
    expect(page.actors.map((c) => c.actors_id.slug)).toHaveLength(MANY);
    expect(page.actors.map((c) => c.actors_id.slug)).toContain(people[MANY - 1]!.slug);
    for (const person of [people[0]!, people[NESTED_DEFAULT]!]) expect(idsOf(catalogue.titlesOf(person.id)), person.slug).toContain(title.id);
  });

  it("a person's page has every one of their genres", () => {
    const last = catalogue.actors.find((a) => a.id === people[MANY - 1]!.id)!;
    expect(sorted((last.genres ?? []).map((g) => (typeof g === 'object' && g.genres_id && typeof g.genres_id === 'object' ? g.genres_id.id : null)))).toEqual(genres);
  });
});

/**
 * The site's data layer against a real Directus: the build-time reader and the browser runtime
 * helpers, read as a visitor, over fixtures of their own (unique slugs, so other suites' rows
 * never change what is asserted).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createDirectus, readItems, rest } from '@directus/sdk';
import { EMPTY_FILTER, type FilterSort } from '../../src/lib/filter-query.ts';
import { getFilteredTitles } from '../../src/lib/directus/filter-titles.ts';
import { createReader, type Reader, type TitleRow } from '../../src/lib/directus/reader.ts';
import { TITLE_ROW_FIELDS } from '../../src/lib/directus/fields.ts';
import { EPISODES_DEEP } from '../../src/lib/directus/signed-in-fields.ts';
import { createRuntime, type Runtime } from '../../src/lib/directus/runtime.ts';
import { readReplies, readReviewCount, readReviewPage } from '../../src/lib/directus/review-reads.ts';
import { readCommentCounts } from '../../src/lib/directus/queries.ts';
import { catalogueFrom, loadCatalogue, readCatalogueRows, shareOf, type Catalogue } from '../../src/lib/directus/catalogue.ts';
import type { Schema } from '../../src/lib/directus/schema.ts';
import { lastmodOf, sitemapPaths } from '../../src/lib/sitemap.ts';
import { admin, baseUrl, newTitle, newUser, type TestUser } from '../support/api.ts';
import { adminRead, countRows, shopItem, timestampMs } from '../support/fixtures.ts';

const stamp = `${Date.now().toString(36)}${randomUUID().slice(0, 4)}`;
/** The same stamp in Cyrillic letters, so a Russian word of our own can be searched for. */
const ru = [...stamp].map((c) => 'абвгдежзиклмнопрстуфхцчшщэюя'[parseInt(c, 36) % 28]).join('');

type Row = { id: number; slug: string };
let reader: Reader;
let catalogue: Catalogue;
let runtime: Runtime;
let author: TestUser;
let cat: { id: number; slug: string; name: string };
let catEarlier: { id: number; slug: string; name: string };
let emptyCat: { id: number; slug: string; name: string };
let sub: { id: number; slug: string; name: string };
let g1: { id: number; name: string };
let g2: { id: number; name: string };
let country: { id: number; name: string };
let tag: { id: number; slug: string };
let actor: { id: number; slug: string };
let t1: Row; let t2: Row; let t3: Row; let t4: Row; let t5: Row; let draft: Row;
/** A cast past Directus's default of 100 rows a nested list, which it cuts silently unless asked. */
const LARGE_CAST = 105;
let largeCast: { title: Row; actors: number[] };
const comments: Record<string, number> = {};

beforeAll(async () => {
  const a = await admin();
  catEarlier = await a.post('/items/categories', { name: `Категория Б ${stamp}`, slug: `sd-cat-b-${stamp}` });
  cat = await a.post('/items/categories', { name: `Категория А ${stamp}`, slug: `sd-cat-a-${stamp}` });
  emptyCat = await a.post('/items/categories', { name: `Категория В ${stamp}`, slug: `sd-cat-v-${stamp}` });
  sub = await a.post('/items/subCategories', { name: `Подкатегория ${stamp}`, slug: `sd-sub-${stamp}`, category: cat.id });
  await a.post('/items/subCategories', { name: `Подкатегория Б ${stamp}`, slug: `sd-sub-b-${stamp}`, category: catEarlier.id });
  g2 = await a.post('/items/genres', { name: `Жанр Б ${stamp}` });
  g1 = await a.post('/items/genres', { name: `Жанр А ${stamp}` });
  country = await a.post('/items/countries', { name: `Страна ${stamp}` });
  tag = await a.post('/items/tags', { name: `Тег ${stamp}`, slug: `sd-tag-${stamp}` });
  actor = await a.post('/items/actors', {
    slug: `sd-actor-${stamp}`, nameRu: `Актёр ${stamp}`, nameEn: 'Test Actor', career: 'Актёр, режиссёр',
    genres: [{ genres_id: g1.id }],
  });

  const common = { category: cat.id, description: `Описание со словом ${ru}тайна` };
  t1 = await newTitle({
    ...common, slug: `sd-aromat-${stamp}`, name: `Аромат ${ru}`, views: 50, promo: true, subCategory: sub.id, country: country.id,
    releaseYear: 2023, releaseStatus: 'Окончен', genres: [{ genres_id: g1.id }], tags: [{ tags_id: tag.id }],
    actors: [{ actors_id: actor.id }],
  });
  t2 = await newTitle({
    ...common, slug: `sd-boss-${stamp}`, name: `Босс ${ru}`, views: 30, country: country.id, releaseYear: 2024,
    releaseStatus: 'Выпускается', genres: [{ genres_id: g1.id }, { genres_id: g2.id }], directors: [{ actors_id: actor.id }],
  });
  t3 = await newTitle({
    ...common, slug: `sd-yolki-${stamp}`, name: `Ёлочный ${ru}`, views: 10, subCategory: sub.id, releaseYear: 2023,
    releaseStatus: 'Окончен', genres: [{ genres_id: g2.id }], tags: [{ tags_id: tag.id }], screenwriters: [{ actors_id: actor.id }],
  });
  t4 = await newTitle({ ...common, slug: `sd-alpha-${stamp}`, name: `Alpha ${ru}`, views: 20 });
  t5 = await newTitle({ ...common, slug: `sd-ten-${stamp}`, name: `10 дней ${ru}`, views: 5 });
  draft = await newTitle({
    ...common, status: 'draft', slug: `sd-draft-${stamp}`, name: `Аромат черновик ${ru}`, views: 1000, promo: true,
    subCategory: sub.id, country: country.id, releaseYear: 2023, releaseStatus: 'Окончен', genres: [{ genres_id: g1.id }],
    tags: [{ tags_id: tag.id }], actors: [{ actors_id: actor.id }],
  });

  await a.post('/items/series', Array.from({ length: 105 }, (_, i) => ({ title: t1.id, name: `Серия ${i + 1}`, sort: i + 1 })));

  const castIds: number[] = (await a.post('/items/actors', Array.from({ length: LARGE_CAST }, (_, i) => ({
    slug: `sd-cast-${i}-${stamp}`, nameRu: `Актёр ${i + 1} ${stamp}`,
  })))).map((r: { id: number }) => r.id);
  largeCast = {
    title: await newTitle({ slug: `sd-large-cast-${stamp}`, name: `Большой состав ${ru}`, actors: castIds.map((id) => ({ actors_id: id })) }),
    actors: castIds,
  };

  author = await newUser();
  comments.first = (await author.call('POST', '/items/comments', { text: 'Первый отзыв', title: t1.id })).data.id;
  comments.second = (await author.call('POST', '/items/comments', { text: 'Второй отзыв', title: t1.id })).data.id;
  comments.reply = (await author.call('POST', '/items/comments', { text: 'Ответ на первый', title: t1.id, comment: comments.first })).data.id;
  comments.other = (await author.call('POST', '/items/comments', { text: 'Отзыв о боссе', title: t2.id })).data.id;
  const liker = await newUser();
  await liker.call('POST', '/items/reactions', { type: 'like', comment: comments.first });

  for (const [title, description] of [[t1, 'Серия 1'], [t2, 'Серия 2'], [t1, 'Серия 3'], [draft, 'Черновик']] as const) {
    await a.post('/items/updates', { title: title.id, description: `${description} ${stamp}` });
  }

  const [rater1, rater2] = await Promise.all([newUser(), newUser()]);
  await rater1.call('POST', '/items/ratings', { rating: 5, title: t4.id });
  await rater2.call('POST', '/items/ratings', { rating: 2, title: t4.id });

  reader = createReader(baseUrl());
  runtime = createRuntime(baseUrl());
  catalogue = await loadCatalogue(reader);
});

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('the build-time reader', () => {
  it('reads the static settings', async () => {
    const a = await admin();
    await a.patch('/items/static', { vk: `https://vk.com/${stamp}`, telegram: `https://t.me/${stamp}` });
    const settings = await createReader(baseUrl()).getStatic();
    expect(settings.vk).toBe(`https://vk.com/${stamp}`);
    expect(settings.telegram).toBe(`https://t.me/${stamp}`);
  });

  it('reads banners by priority', async () => {
    const a = await admin();
    const later = await a.post('/items/mainBanners', { title: `Баннер 5 ${stamp}`, priority: 5, link: '/updates' });
    const first = await a.post('/items/mainBanners', { title: `Баннер 2 ${stamp}`, priority: 2, description: '<p>Новое</p>' });
    const banners = await createReader(baseUrl()).getBanners();
    const order = ids(banners);
    expect(order.indexOf(first.id)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(first.id)).toBeLessThan(order.indexOf(later.id));
    expect(banners.find((b) => b.id === later.id)).toMatchObject({ title: `Баннер 5 ${stamp}`, priority: 5, link: '/updates' });
    const priorities = banners.map((b) => b.priority).filter((p): p is number => p !== null);
    expect(priorities).toEqual([...priorities].sort((x, y) => x - y));
  });

  it('reads categories that have subcategories, by name, with their subcategories', async () => {
    const categories = await reader.getCategories();
    const order = ids(categories);
    expect(order).toContain(cat.id);
    expect(order).not.toContain(emptyCat.id);
    expect(order.indexOf(cat.id)).toBeLessThan(order.indexOf(catEarlier.id));
    expect(categories.find((c) => c.id === cat.id)).toEqual({
      id: cat.id, name: cat.name, slug: cat.slug, subCategories: [{ id: sub.id, name: sub.name, slug: sub.slug }],
    });
  });

  it('reads genres, countries and tags sorted by name', async () => {
    const genres = await reader.getGenres();
    expect(ids(genres).indexOf(g1.id)).toBeLessThan(ids(genres).indexOf(g2.id));
    expect(genres.find((g) => g.id === g1.id)).toEqual({ id: g1.id, name: g1.name, image: null });
    expect((await reader.getCountries()).find((c) => c.id === country.id)).toEqual({ id: country.id, name: country.name });
    expect((await reader.getTags()).find((t) => t.id === tag.id)).toEqual({ id: tag.id, name: `Тег ${stamp}`, slug: tag.slug });
  });

  it('asks for a list every page repeats only once', async () => {
    const fresh = createReader(baseUrl());
    expect(fresh.getGenres()).toBe(fresh.getGenres());
  });

  it('finds a tag by slug, or nothing', async () => {
    expect(await reader.getTagBySlug(tag.slug)).toEqual({ id: tag.id, name: `Тег ${stamp}`, slug: tag.slug });
    expect(await reader.getTagBySlug(`no-such-tag-${stamp}`)).toBeNull();
  });

  it('reads a home block by views, without drafts, with comment counts', async () => {
    const block = await reader.getHomeBlock(cat.slug, 3);
    expect(ids(block)).toEqual([t1.id, t2.id, t4.id]);
    expect(block.map((t) => t.comments_count)).toEqual([3, 1, 0]);
    expect(block[0]).toMatchObject({
      slug: t1.slug, name: `Аромат ${ru}`, releaseYear: 2023, releaseStatus: 'Окончен', views: 50,
      country: { id: country.id, name: country.name }, category: { id: cat.id, name: cat.name, slug: cat.slug },
    });
    expect(block[0].genres?.map((g) => (typeof g.genres_id === 'object' ? g.genres_id?.name : null))).toEqual([g1.name]);
  });

  it('reads the whole catalogue title with every relation, every episode included', async () => {
    const title = catalogue.titles.find((t) => t.slug === t1.slug);
    expect(title).toBeDefined();
    expect(title!.series).toHaveLength(105);
    expect(title!.series!.slice(0, 2).map((s) => s.name)).toEqual(['Серия 1', 'Серия 2']);
    expect(title!.subCategory).toEqual({ id: sub.id, name: sub.name, slug: sub.slug });
    expect(title!.actors?.map((a) => a.actors_id)).toEqual([
      { id: actor.id, slug: actor.slug, nameRu: `Актёр ${stamp}`, nameEn: 'Test Actor', avatar: null },
    ]);
    expect(title!.tags?.map((t) => t.tags_id)).toEqual([{ id: tag.id, name: `Тег ${stamp}`, slug: tag.slug }]);
    expect(title!.directors).toEqual([]);
    expect(title!.soundtracks).toEqual([]);
  });

  it("puts each episode's and season's segments where Directus nests them, and none a visitor may not see", async () => {
    const a = await admin();
    const episodes = await a.get<{ id: number }[]>(`/items/series?filter[title][_eq]=${t1.id}&sort=sort&limit=2&fields=id`);
    const season = await a.post<{ id: number }>('/items/iframeSeasons', { title: t2.id, name: 'Сезон 1', sort: 1 });
    await a.post('/items/segments', [
      { kind: 'opening', start: 0, end: 90, season: season.id },
      { kind: 'ending', start: 1300, end: 1400, episode: episodes[0]!.id },
      { kind: 'opening', start: 0, end: 80, episode: episodes[0]!.id },
      { kind: 'recap', start: 100, end: 160, episode: episodes[1]!.id, state: 'rejected' },
    ]);
    const visitor = createDirectus<Schema>(baseUrl()).with(rest());
    // The SDK widens the output when `deep` is given; the fields decide the shape.
    const nested = await visitor.request(readItems('titles', {
      fields: TITLE_ROW_FIELDS, filter: { id: { _in: [t1.id, t2.id] } }, deep: EPISODES_DEEP, sort: ['id'],
    })) as TitleRow[];
    const rows = await reader.getTitleRowsById([t1.id, t2.id]);
    expect(rows.map((r) => [r.series, r.iframeSeasons])).toEqual(nested.map((r) => [r.series, r.iframeSeasons]));
    // Read in calls of a few episodes each, the same.
    const inParts = await createReader(baseUrl(), { segmentOwnersPerCall: 40 }).getTitleRowsById([t1.id, t2.id]);
    expect(inParts).toEqual(rows);
    // And a title a call, the same.
    expect(await createReader(baseUrl(), { rowsByIdPerCall: 1 }).getTitleRowsById([t1.id, t2.id])).toEqual(rows);
    const segmentsOf = (episode: number) => rows[0]!.series!.find((e) => e.id === episode)?.segments;
    expect(segmentsOf(episodes[0]!.id)).toEqual([
      { kind: 'ending', start: 1300, end: 1400, absent: false }, { kind: 'opening', start: 0, end: 80, absent: false },
    ]);
    expect(segmentsOf(episodes[1]!.id)).toEqual([]);
    expect(rows[1]!.iframeSeasons).toEqual([{ id: season.id, name: 'Сезон 1', sort: 1, segments: [{ kind: 'opening', start: 0, end: 90, absent: false }] }]);
  });

  it('holds every published title once and no draft', async () => {
    const slugs = catalogue.titles.map((t) => t.slug);
    for (const t of [t1, t2, t3, t4, t5]) expect(slugs).toContain(t.slug);
    expect(slugs).not.toContain(draft.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs.length).toBe(await countRows('titles', { status: { _eq: 'published' } }));
  });

  it('reads the same catalogue in small pages as in large ones', async () => {
    const paged = await loadCatalogue(reader, { titles: 2, actors: 3 });
    expect(ids(paged.titles)).toEqual(ids(catalogue.titles));
    expect(ids(paged.actors)).toEqual(ids(catalogue.actors));
  });

  it('suggests the titles most like it first (people, genres, tags before the category alone), with their review counts', async () => {
    const title = catalogue.titles.find((t) => t.id === t1.id)!;
    const related = catalogue.relatedTo(title);
    expect(new Set(ids(related.slice(0, 2)))).toEqual(new Set([t2.id, t3.id]));
    expect(new Set(ids(related))).toEqual(new Set([t2.id, t3.id, t4.id, t5.id]));
    expect(related.find((r) => r.id === t2.id)!.comments_count).toBe(1);
    expect(ids(catalogue.relatedTo(title, 2))).toEqual(ids(related.slice(0, 2)));
  });

  it('holds every person with their facts', async () => {
    const person = catalogue.actors.find((a) => a.slug === actor.slug);
    expect(person).toMatchObject({ id: actor.id, slug: actor.slug, nameRu: `Актёр ${stamp}`, nameEn: 'Test Actor', career: 'Актёр, режиссёр' });
    expect(person!.genres?.map((g) => g.genres_id)).toEqual([{ id: g1.id, name: g1.name }]);
    expect(catalogue.actors.length).toBe(await countRows('actors', {}));
  });

  it('reads people by id in one call or one a call alike', async () => {
    const ids = catalogue.actors.slice(0, 3).map((a) => a.id);
    const rows = await reader.getActorPagesById(ids);
    expect(rows.map((r) => r.id)).toEqual(ids);
    expect(await createReader(baseUrl(), { rowsByIdPerCall: 1 }).getActorPagesById(ids)).toEqual(rows);
  });

  it('reads a cast of any size whole, and lists the title on the page of its last actor', async () => {
    const title = catalogue.titles.find((t) => t.slug === largeCast.title.slug)!;
    const cast = title.actors?.map((a) => (typeof a.actors_id === 'object' ? a.actors_id?.id : a.actors_id));
    expect(cast?.sort((a, b) => a! - b!)).toEqual(largeCast.actors);
    expect(ids(catalogue.titlesOf(largeCast.actors.at(-1)!))).toEqual([largeCast.title.id]);
  });

  it("lists a person's titles: played, directed and written, without drafts", async () => {
    expect(ids(catalogue.titlesOf(actor.id))).toEqual([t1.id, t2.id, t3.id]);
    expect(catalogue.titlesOf(actor.id)[0].comments_count).toBe(3);
    expect(ids(catalogue.titlesOf(actor.id, 1))).toEqual([t1.id]);
    expect(catalogue.titlesOf(987654321)).toEqual([]);
  });

  it('a part of a split build keeps whole rows of its own share only, and still knows every card and slug', async () => {
    const rows = await readCatalogueRows(reader);
    const oddPlace = (index: number) => index % 2 === 1;
    const odd = <T>(list: T[]) => list.filter((_, i) => oddPlace(i));
    const part = await catalogueFrom(reader, shareOf(rows, oddPlace));
    expect(ids(part.titles)).toEqual(ids(odd(catalogue.titles)));
    expect(ids(part.actors)).toEqual(ids(odd(catalogue.actors)));
    expect(part.sitemap.titles.map((t) => t.slug)).toEqual(catalogue.titles.map((t) => t.slug));
    expect(part.sitemap.actors).toEqual(catalogue.actors.map((a) => a.slug));
    const title = catalogue.titles.find((t) => t.id === t1.id)!;
    expect(part.relatedTo(title)).toEqual(catalogue.relatedTo(title));
    expect(part.titlesOf(actor.id)).toEqual(catalogue.titlesOf(actor.id));
    // Cards carry what a card shows, not the title's episodes or cast.
    expect(part.relatedTo(title)[0]).not.toHaveProperty('series');
    expect(part.relatedTo(title)[0]).not.toHaveProperty('actors');
  });

  it("dates a title's pages in the sitemap by the title's last save, its episodes saved with it included", async () => {
    const a = await admin();
    const before = Date.now();
    await a.patch(`/items/titles/${t5.id}`, { series: { create: [{ title: t5.id, name: 'Новая серия', sort: 1 }], update: [], delete: [] } });
    const [row] = await reader.getTitleRowsById([t5.id]);
    const saved = Date.parse(row!.date_updated ?? '');
    expect(saved).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    const lastmod = lastmodOf(row!.date_updated);
    const urls = [...sitemapPaths({ titles: [row!], actors: [], categories: [], tags: [] })];
    expect(urls.filter((u) => u.lastmod)).toEqual([{ path: `/${t5.slug}`, lastmod }, { path: `/${t5.slug}/actors`, lastmod }]);
  });

  it("moves a title's date when a part of it is saved on its own: an episode added, renamed, moved or deleted, a segment, a soundtrack", async () => {
    const a = await admin();
    const title = await newTitle({ slug: `sd-parts-${stamp}`, name: `Части ${ru}` });
    const other = await newTitle({ slug: `sd-parts-other-${stamp}`, name: `Другие части ${ru}` });
    const dateOf = async (id: number) => timestampMs((await adminRead<{ date_updated: string }>('titles', id, 'date_updated')).date_updated);
    /** Runs a save of a part and waits for the titles' dates to move past what they were (Directus runs actions after it answers). */
    const movesDates = async (ids: number[], save: () => Promise<unknown>) => {
      const before = await Promise.all(ids.map(dateOf));
      await save();
      for (const [i, id] of ids.entries()) await expect.poll(() => dateOf(id), { message: `title ${id}`, timeout: 5_000 }).toBeGreaterThan(before[i]!);
    };

    let episode = 0;
    await movesDates([title.id], async () => { episode = (await a.post<{ id: number }>('/items/series', { title: title.id, name: '1 серия', sort: 1 })).id; });
    await movesDates([title.id], () => a.patch(`/items/series/${episode}`, { name: 'Первая серия' }));
    await movesDates([title.id], () => a.post('/items/segments', { episode, kind: 'opening', start: 0, end: 60 }));
    await movesDates([title.id], () => a.post('/items/soundtracks', { title: title.id, name: 'OST' }));
    await movesDates([title.id, other.id], () => a.patch(`/items/series/${episode}`, { title: other.id }));
    await movesDates([other.id], () => a.delete(`/items/series/${episode}`));
  });

  it('gives each title its public rating', async () => {
    expect(catalogue.ratingOf(t4.id)).toEqual({ average: 3.5, count: 2 });
    expect(catalogue.ratingOf(t1.id)).toEqual({ average: null, count: 0 });
  });

  it('pages through a category with a sort', async () => {
    expect(ids(await reader.getTitlesByCategory(cat.slug, { limit: 2, offset: 1 }))).toEqual([t2.id, t4.id]);
    expect(ids(await reader.getTitlesByCategory(cat.slug, { sort: ['views'], limit: 2 }))).toEqual([t5.id, t3.id]);
  });

  it('lists the newest by release first: the year, then the newest added, then those without a year', async () => {
    expect(ids(await reader.getNewest(cat.slug))).toEqual([t2.id, t3.id, t1.id, t5.id]);
    expect(ids(await reader.getNewest(cat.slug, 2, 2))).toEqual([t1.id, t5.id]);
    expect(ids(await runtime.getListPage({ kind: 'category-new', key: cat.slug }, 1))).toEqual([t2.id, t3.id, t1.id, t5.id, t4.id]);
  });

  it('reads a subcategory block and the promo titles', async () => {
    expect(ids(await reader.getSubcategoryBlock(sub.slug))).toEqual([t1.id, t3.id]);
    expect(ids(await reader.getPromo(cat.slug))).toEqual([t1.id]);
  });

  it('lists titles of a tag', async () => {
    expect(ids(await reader.getTitlesByTag(tag.id))).toEqual([t1.id, t3.id]);
    expect(ids(await reader.getTitlesByTag(tag.id, { limit: 1, offset: 1 }))).toEqual([t3.id]);
  });

  it('reads updates of published titles, newest first, with the total', async () => {
    const { items, total } = await reader.getUpdates(1, 2);
    expect(items.map((u) => u.description)).toEqual([`Серия 3 ${stamp}`, `Серия 2 ${stamp}`]);
    expect(items[0].title).toEqual({ id: t1.id, name: `Аромат ${ru}`, slug: t1.slug });
    expect(total).toBe(await countRows('updates', { title: { status: { _eq: 'published' } } }));
    expect(total).toBeGreaterThanOrEqual(3);
    const second = await reader.getUpdates(2, 2);
    expect(second.items[0].description).toBe(`Серия 1 ${stamp}`);
    expect(second.total).toBe(total);
  });

  it('counts comments per title', async () => {
    const counts = await readCommentCounts(reader.client, [t1.id, t2.id, t3.id]);
    expect([...counts.entries()]).toEqual([[t1.id, 3], [t2.id, 1], [t3.id, 0]]);
    expect((await readCommentCounts(reader.client, [])).size).toBe(0);
    const all = await reader.getAllCommentCounts();
    expect([all.get(t1.id), all.get(t2.id), all.has(t3.id)]).toEqual([3, 1, false]);
  });

  it('counts 0 when the answer is not a list', async () => {
    const odd = createDirectus<Schema>(baseUrl(), {
      globals: { fetch: async () => new Response(JSON.stringify({ data: { unexpected: true } }), { headers: { 'content-type': 'application/json' } }) },
    }).with(rest());
    expect([...(await readCommentCounts(odd, [t1.id, t2.id])).entries()]).toEqual([[t1.id, 0], [t2.id, 0]]);
  });

  it('reads the shop, all or by type, without drafts', async () => {
    const colour = await shopItem('nameColor', { name: `Цвет ${stamp}`, nameColor: '#ff0000' });
    const frame = await shopItem('frame', { name: `Рамка ${stamp}` });
    const hidden = await shopItem('nameColor', { name: `Скрытый ${stamp}`, status: 'draft' });
    const colours = ids(await reader.getShop('nameColor'));
    expect(colours).toContain(colour.id);
    expect(colours).not.toContain(frame.id);
    expect(colours).not.toContain(hidden.id);
    const all = await reader.getShop();
    expect(ids(all)).toEqual(expect.arrayContaining([colour.id, frame.id]));
    expect(all.find((i) => i.id === colour.id)).toMatchObject({ type: 'nameColor', name: `Цвет ${stamp}`, nameColor: '#ff0000' });
  });

  it('reads the plans in id order', async () => {
    const a = await admin();
    const p1 = await a.post('/items/plans', { name: `План ${stamp}`, price: 399, currency: 'RUB', role: 'x', durationDays: 30, features: ['Один'] });
    const p2 = await a.post('/items/plans', { name: `План+ ${stamp}`, price: 699, currency: 'RUB', role: 'y', durationDays: 30, features: ['Два'] });
    const plans = await createReader(baseUrl()).getPlans();
    expect(ids(plans).indexOf(p1.id)).toBeLessThan(ids(plans).indexOf(p2.id));
    expect(plans.find((p) => p.id === p2.id)).toMatchObject({ name: `План+ ${stamp}`, currency: 'RUB', features: ['Два'] });
    expect(Number(plans.find((p) => p.id === p2.id)!.price)).toBe(699);
  });
});

describe('the runtime helpers of the islands', () => {
  it('finds titles by a Russian word typed in another case, most viewed first, without drafts', async () => {
    const found = await runtime.search(`   ЁЛОЧНЫЙ ${ru.toUpperCase()}`);
    expect(ids(found.titles)).toEqual([t3.id]);
    const all = (await runtime.search(`${ru.toUpperCase()}ТАЙНА`)).titles;
    expect(ids(all)).toEqual([t1.id, t2.id, t4.id, t3.id, t5.id]);
    expect(all.map((t) => t.comments_count)).toEqual([3, 1, 0, 0, 0]);
  });

  it('asks nothing for an empty search', async () => {
    expect(await runtime.search('   ')).toEqual({ titles: [], people: [], understood: null });
  });

  it('counts a view once and refuses a draft', async () => {
    expect(await runtime.countView(t4.id)).toEqual({ counted: true });
    expect((await adminRead(`titles`, t4.id, 'views')).views).toBe(21);
    expect(await runtime.countView(t4.id)).toEqual({ counted: false });
    await expect(runtime.countView(draft.id)).rejects.toMatchObject({ status: 400, reason: 'Сериал или фильм не найден' });
  });

  it('reads the rating summary', async () => {
    expect(await runtime.getRatingSummary(t2.id)).toEqual({ average: null, count: 0 });
    await author.call('POST', '/items/ratings', { title: t2.id, rating: 4 });
    await (await newUser()).call('POST', '/items/ratings', { title: t2.id, rating: 5 });
    expect(await runtime.getRatingSummary(t2.id)).toEqual({ average: 4.5, count: 2 });
  });

  it('sends a support request', async () => {
    const email = `support-${stamp}@example.com`;
    await runtime.sendSupportRequest({ name: 'Гость', email, topic: 'Вопрос', message: 'Не работает плеер' });
    expect(await countRows('supportRequests', { email: { _eq: email } })).toBe(1);
  });

  it('reads a title\'s reviews a page at a time, with authors, first replies and reactions, and counts them', async () => {
    const [second, ...rest] = await readReviewPage(runtime.client, t1.id, {}, 1);
    expect([second!.id, rest]).toEqual([comments.second, []]);
    const older = await readReviewPage(runtime.client, t1.id, { olderThan: { date: second!.date_created!, id: second!.id } }, 5);
    expect(ids(older)).toEqual([comments.first]);
    const [first] = older;
    expect(first!.text).toBe('Первый отзыв');
    expect(first!.user_created).toMatchObject({ id: author.id, login: author.login, avatar: null, nameColor: null, frame: null });
    expect(first!.reactions?.map((r) => r.type)).toEqual(['like']);
    expect(first!.replies.map((r) => r.text)).toEqual(['Ответ на первый']);
    expect(first!.replyIds).toEqual([{ id: comments.reply }]);
    expect(ids(await readReviewPage(runtime.client, t1.id, { notOlderThan: { date: first!.date_created!, id: first!.id } }, 5))).toEqual([comments.second, comments.first]);
    expect(ids(await readReplies(runtime.client, comments.first, null))).toEqual([comments.reply]);
    expect(await readReviewCount(runtime.client, t1.id)).toEqual({ count: 3, upTo: comments.reply });
    expect(await readReviewPage(runtime.client, t3.id, {}, 5)).toEqual([]);
  });

  it('filters a category by genre, by name or slug, with the total', async () => {
    const byName = await getFilteredTitles(runtime.client, { ...EMPTY_FILTER, category: cat.name, genres: [g1.name] });
    expect(ids(byName.items)).toEqual([t1.id, t2.id]);
    expect(byName.total).toBe(2);
    expect(byName.items[0].comments_count).toBe(3);
    const bySlug = await getFilteredTitles(runtime.client, { ...EMPTY_FILTER, category: cat.slug, genres: [g1.name] });
    expect(ids(bySlug.items)).toEqual([t1.id, t2.id]);
  });

  it('finds the titles that have every genre chosen, each counted once', async () => {
    const both = await getFilteredTitles(runtime.client, { ...EMPTY_FILTER, category: cat.slug, genres: [g1.name, g2.name] });
    expect(both).toMatchObject({ items: [{ id: t2.id }], total: 1 });
    expect((await getFilteredTitles(runtime.client, { ...EMPTY_FILTER, category: cat.slug, genres: [g2.name, g1.name] })).total).toBe(1);
  });

  it('orders by views, rating, release year and date added, the id settling ties', async () => {
    const base = { ...EMPTY_FILTER, category: cat.slug };
    const order = async (sort: FilterSort) => ids((await getFilteredTitles(runtime.client, { ...base, sort })).items);
    expect(await order('popular')).toEqual([t1.id, t2.id, t4.id, t3.id, t5.id]);
    // t2 (4.5, rated above) and t4 (3.5) are rated; the rest follow by views.
    expect(await runtime.getRatingSummary(t2.id)).toEqual({ average: 4.5, count: 2 });
    expect(await order('rating')).toEqual([t2.id, t4.id, t1.id, t3.id, t5.id]);
    // 2024, then the two of 2023 newest added first, then those without a year.
    expect(await order('year')).toEqual([t2.id, t3.id, t1.id, t5.id, t4.id]);
    expect(await order('added')).toEqual([t5.id, t4.id, t3.id, t2.id, t1.id]);
  });

  it('filters by year, country, status and subcategory', async () => {
    const base = { ...EMPTY_FILTER, category: cat.slug };
    expect(ids((await getFilteredTitles(runtime.client, { ...base, releaseYear: 2023 })).items)).toEqual([t1.id, t3.id]);
    expect(ids((await getFilteredTitles(runtime.client, { ...base, country: country.name, releaseYear: 2024 })).items)).toEqual([t2.id]);
    expect(ids((await getFilteredTitles(runtime.client, { ...base, releaseStatus: 'Выпускается' })).items)).toEqual([t2.id]);
    expect(ids((await getFilteredTitles(runtime.client, { ...base, subcategory: sub.name, releaseStatus: 'Окончен' })).items)).toEqual([t1.id, t3.id]);
    const all = await getFilteredTitles(runtime.client, base);
    expect(ids(all.items)).toEqual([t1.id, t2.id, t4.id, t3.id, t5.id]);
    expect(all.total).toBe(5);
    expect(await getFilteredTitles(runtime.client, base, 2)).toEqual({ items: [], total: 5 });
  });

  it('lists a category by first letter or typed prefix', async () => {
    expect(ids((await runtime.getAlphabetTitles(cat.slug, 'А')).items)).toEqual([t1.id]);
    expect(ids((await runtime.getAlphabetTitles(cat.slug, 'Е')).items)).toEqual([t3.id]);
    expect(ids((await runtime.getAlphabetTitles(cat.slug, 'A')).items)).toEqual([t4.id]);
    expect(ids((await runtime.getAlphabetTitles(cat.slug, '10')).items)).toEqual([t5.id]);
    expect(ids((await runtime.getAlphabetTitles(cat.slug, '1')).items)).toEqual([t5.id]);
    expect(await runtime.getAlphabetTitles(cat.slug, 'Я')).toEqual({ items: [], total: 0 });
    const typed = await runtime.getAlphabetTitles(cat.slug, '  БОСС ');
    expect(typed.total).toBe(1);
    expect(ids(typed.items)).toEqual([t2.id]);
  });

  it('lists the whole category by name without a letter, 8 a page', async () => {
    const all = await runtime.getAlphabetTitles(cat.slug, null);
    expect(ids(all.items)).toEqual([t5.id, t4.id, t1.id, t2.id, t3.id]);
    expect(all.total).toBe(5);
    expect(await runtime.getAlphabetTitles(cat.slug, '', 2)).toEqual({ items: [], total: 5 });
  });
});

/**
 * An edit's changes (rows-delta.ts) and reach against what the pages are made from: every page whose data moved (the same parts
 * the build keys, taken from the catalogue the build renders) must be in the reach, and the reach
 * stays with what the edit touched.
 */
import { describe, expect, it } from 'vitest';
import { catalogueFrom, mergeRows, shareOf, type CatalogueRows, type CounterReader } from '../lib/directus/catalogue.ts';
import { editReach, type PageReach } from './edit-reach.ts';
import type { ListedTitles } from './listed-titles.ts';
import { applyDelta, rowsDelta } from './rows-delta.ts';
import { sitemapPaths } from '../lib/sitemap.ts';

const cast = (ids: number[]) => ids.map((actors_id) => ({ actors_id }));
/** Odd titles in one category, even in another; the first three share a tag; odd ones are promoted. */
const title = (id: number, name: string, actors: number[], directors: number[] = []) => ({
  id, slug: `t${id}`, name, views: 100 - id, releaseYear: 2000 + id, date_created: `2025-01-0${id}`, promo: id % 2 === 1,
  category: { id: id % 2, slug: `c${id % 2}` }, tags: id <= 3 ? [{ tags_id: { id: 1 } }] : [],
  actors: cast(actors), directors: cast(directors), screenwriters: [],
}) as unknown as CatalogueRows['titles'][number];
const actor = (id: number, nameRu = `П${id}`) => ({ id, slug: `p${id}`, nameRu }) as unknown as CatalogueRows['actors'][number];

/** Rows carry their counters, so the catalogue never asks for them. */
const noReads: CounterReader = {
  getAllCommentCounts: () => Promise.reject(new Error('read')),
  getRatingSummaries: () => Promise.reject(new Error('read')),
};

const before: CatalogueRows = {
  titles: [title(1, 'Сон', [10, 11]), title(2, 'Явь', [11, 12], [13]), title(3, 'Море', [12]), title(4, 'Горы', [14]), title(5, 'Лес', [])],
  actors: [10, 11, 12, 13, 14].map((id) => actor(id)),
  related: { 1: [2, 3], 2: [1], 3: [4], 4: [5], 5: [4] },
  counters: { comments: { 1: 2, 2: 0, 3: 5 }, ratings: { 1: { average: 8, count: 2 }, 4: { average: 6, count: 1 } } },
};

/** The data of every title, cast and person page, as the build keys it. */
async function pageData(rows: CatalogueRows): Promise<Map<string, string>> {
  const catalogue = await catalogueFrom(noReads, shareOf(rows));
  const pages = new Map<string, string>();
  for (const t of catalogue.titles) {
    pages.set(`title ${t.id}`, JSON.stringify([t, catalogue.relatedTo(t), catalogue.ratingOf(t.id)]));
    pages.set(`cast ${t.id}`, JSON.stringify(t));
  }
  for (const a of catalogue.actors) pages.set(`actor ${a.id}`, JSON.stringify([a, catalogue.titlesOf(a.id, Infinity)]));
  return pages;
}

const reached = (reach: PageReach) => new Set([
  ...[...reach.titles].map((id) => `title ${id}`), ...[...reach.casts].map((id) => `cast ${id}`), ...[...reach.actors].map((id) => `actor ${id}`),
]);

/** The pages whose data differs between two builds, or that only one of them has. */
const movedPages = (was: Map<string, string>, is: Map<string, string>) =>
  [...new Set([...was.keys(), ...is.keys()])].filter((page) => was.get(page) !== is.get(page));

/** The edit as the build makes it: the changed rows merged in, then its reach and the pages whose data moved. */
async function edit(changed: { titles: number[]; actors: number[] }, fresh: CatalogueRows, related = before.related) {
  const after = { ...mergeRows(before, changed, fresh, null), related: related! };
  const delta = rowsDelta(before, after, changed);
  expect(delta).not.toBeNull();
  // Kept as an appended record, it makes the same rows again.
  expect(applyDelta(before, delta!)).toEqual(after);
  const [was, is] = await Promise.all([pageData(before), pageData(after)]);
  const moved = movedPages(was, is);
  const reach = editReach(before, after, delta!, listPages(before).listed);
  const inReach = reached(reach);
  expect(moved.filter((page) => !inReach.has(page)), 'pages whose data moved outside the reach').toEqual([]);
  // The list pages show titles' rows and review counts; the sitemap the addresses of every title and person.
  const movedLists = movedPages(listPages(before).pages, listPages(after).pages);
  const { lists } = reach;
  if (lists !== 'all') expect(movedLists.filter((page) => !lists.has(page)), 'list pages whose data moved outside the reach').toEqual([]);
  const [wasAddresses, isAddresses] = await Promise.all([addressesOf(before), addressesOf(after)]);
  if (wasAddresses !== isAddresses) expect(reach.addresses, 'addresses that moved').toBe(true);
  else {
    // The addresses as they were: each one whose date moved is a page of a title the reach names.
    const [was, is] = await Promise.all([sitemapOf(before), sitemapOf(after)]);
    const redated = is.filter((u, i) => u.lastmod !== was[i]!.lastmod).map((u) => u.path);
    const titleOf = (p: string) => after.titles.find((t) => p === `/${t.slug}` || p === `/${t.slug}/actors`)?.id;
    expect(redated.filter((p) => !reach.sitemapDates.has(titleOf(p) ?? -1)), 'dated addresses outside the reach').toEqual([]);
  }
  return { reach: inReach, moved, lists: lists === 'all' ? lists : [...lists].sort(), addresses: reach.addresses, sitemapDates: [...reach.sitemapDates] };
}

type Row = CatalogueRows['titles'][number];
/** A list page's address, the titles it shows, and what else it shows of the titles. */
type ListPage = [string, { shown: Row[]; total?: number; years?: unknown[] }];

/**
 * The list pages as the build's queries make them, one title a list so that some titles are on none:
 * each category's page (its promoted title by views and its newest by release), its 'new' page (the
 * newest and the count) and its filter screen (the years), and each tag's page (its title by views and
 * the count). What each shows, and the titles each shows as listed-titles.ts keeps them.
 */
function listPages(rows: CatalogueRows): { pages: Map<string, string>; listed: ListedTitles } {
  const byViews = (a: Row, b: Row) => (b.views ?? 0) - (a.views ?? 0) || a.id - b.id;
  const byRelease = (a: Row, b: Row) => (b.releaseYear ?? 0) - (a.releaseYear ?? 0) || String(b.date_created).localeCompare(String(a.date_created)) || b.id - a.id;
  const slugOf = (t: Row) => (t.category as { slug: string } | null)?.slug;
  const tagsOf = (t: Row) => (t.tags as { tags_id: { id: number } }[]).map((tag) => tag.tags_id.id);
  const first = (titles: Row[]) => titles.slice(0, 1);
  const lists: ListPage[] = [
    ...[...new Set(rows.titles.map(slugOf))].flatMap((slug) => {
      const inCategory = rows.titles.filter((t) => slugOf(t) === slug);
      const newest = [...inCategory].sort(byRelease);
      const pages: ListPage[] = [
        [`categories/${slug}`, { shown: [...first(inCategory.filter((t) => t.promo).sort(byViews)), ...first(newest)] }],
        [`categories/${slug}/new`, { shown: first(newest), total: inCategory.length }],
        [`categories/${slug}/filter`, { shown: [], years: [...new Set(inCategory.map((t) => t.releaseYear))].sort() }],
      ];
      return pages;
    }),
    ...[...new Set(rows.titles.flatMap(tagsOf))].map((tag) => {
      const tagged = rows.titles.filter((t) => tagsOf(t).includes(tag));
      const page: ListPage = [`tag/t${tag}`, { shown: first(tagged.sort(byViews)), total: tagged.length }];
      return page;
    }),
  ];
  const cards = (titles: Row[]) => titles.map((t) => [t, rows.counters?.comments[t.id]]);
  return {
    pages: new Map(lists.map(([page, { shown, ...rest }]) => [page, JSON.stringify([cards(shown), rest])])),
    listed: Object.fromEntries(lists.filter(([, { shown }]) => shown.length).map(([page, { shown }]) => [page, shown.map((t) => t.id)])),
  };
}

/** The addresses the sitemap lists. */
async function addressesOf(rows: CatalogueRows): Promise<string> {
  return JSON.stringify((await sitemapOf(rows)).map((u) => u.path));
}

/** What the sitemap says: each address, and its page's last change where known. */
async function sitemapOf(rows: CatalogueRows) {
  const { sitemap } = await catalogueFrom(noReads, shareOf(rows));
  return [...sitemapPaths({ ...sitemap, categories: [], tags: [] })];
}

const counters = before.counters!;

describe("an edit's reach", () => {
  it('a title renamed: its pages, its people and the titles that show its card', async () => {
    const { reach, moved, lists, addresses } = await edit({ titles: [2], actors: [] }, { titles: [title(2, 'Явь (правка)', [11, 12], [13])], actors: [], counters });
    expect(moved.sort()).toEqual(['actor 11', 'actor 12', 'actor 13', 'cast 2', 'title 1', 'title 2']);
    expect([...reach].sort()).toEqual(['actor 11', 'actor 12', 'actor 13', 'cast 2', 'title 1', 'title 2']);
    // Its card is on no category or tag page, and its address is as it was.
    expect(Object.values(listPages(before).listed).flat()).not.toContain(2);
    expect([lists, addresses]).toEqual([[], false]);
  });

  it("a title saved: the sitemap's date of its two pages moves, so the files telling of it render, and no address moved", async () => {
    const saved = { ...title(2, 'Явь', [11, 12], [13]), date_updated: '2026-12-02T08:00:00.000Z' };
    const { moved, addresses, sitemapDates } = await edit({ titles: [2], actors: [] }, { titles: [saved], actors: [], counters });
    expect([addresses, sitemapDates]).toEqual([false, [2]]);
    expect(moved.sort()).toEqual(['cast 2', 'title 2']);
    // Read again unchanged, it moves nothing.
    const again = await edit({ titles: [2], actors: [] }, { titles: [title(2, 'Явь', [11, 12], [13])], actors: [], counters });
    expect(again.sitemapDates).toEqual([]);
  });

  it('a title on list pages renamed: those pages; one that may now enter a list or move a total: every list page', async () => {
    // Title 1 is its category's promoted title and its tag's first by views; not its category's newest.
    expect((await edit({ titles: [1], actors: [] }, { titles: [title(1, 'Сон (правка)', [10, 11])], actors: [], counters })).lists)
      .toEqual(['categories/c1', 'tag/t1']);
    const risen = { ...title(3, 'Море', [12]), views: 1000 } as CatalogueRows['titles'][number];
    expect((await edit({ titles: [3], actors: [] }, { titles: [risen], actors: [], counters })).lists).toBe('all');
    const retagged = { ...title(2, 'Явь', [11, 12], [13]), tags: [] } as unknown as CatalogueRows['titles'][number];
    expect((await edit({ titles: [2], actors: [] }, { titles: [retagged], actors: [], counters })).lists).toBe('all');
  });

  it('the list pages of a build that did not say which titles they show: reached by any title', async () => {
    const after = mergeRows(before, { titles: [2], actors: [] }, { titles: [title(2, 'Явь (правка)', [11, 12], [13])], actors: [], counters }, null);
    const delta = rowsDelta(before, { ...after, related: before.related }, { titles: [2], actors: [] })!;
    expect(editReach(before, after, delta, null).lists).toBe('all');
  });

  it('a title under a new slug, or a new title: the addresses too', async () => {
    const moved = { ...title(2, 'Явь', [11, 12], [13]), slug: 't2-new' } as CatalogueRows['titles'][number];
    expect((await edit({ titles: [2], actors: [] }, { titles: [moved], actors: [], counters })).addresses).toBe(true);
    expect((await edit({ titles: [6], actors: [] }, { titles: [title(6, 'Новая', [10])], actors: [], counters })).addresses).toBe(true);
  });

  it('a person renamed: their page and the title and cast pages of their titles, nothing else', async () => {
    const { reach, lists, addresses } = await edit({ titles: [], actors: [12] }, { titles: [], actors: [actor(12, 'Переименован')], counters });
    expect([...reach].sort()).toEqual(['actor 12', 'cast 2', 'cast 3', 'title 2', 'title 3']);
    // No card shows a person, and their address is as it was: no list page, no sitemap file.
    expect([lists, addresses]).toEqual([[], false]);
  });

  it('a person under a new slug, or deleted: the addresses, and still no list page', async () => {
    const moved = { ...actor(12), slug: 'p12-new' } as CatalogueRows['actors'][number];
    const renamed = await edit({ titles: [], actors: [12] }, { titles: [], actors: [moved], counters });
    expect([renamed.lists, renamed.addresses]).toEqual([[], true]);
    const deleted = await edit({ titles: [], actors: [14] }, { titles: [], actors: [], counters });
    expect([deleted.lists, deleted.addresses]).toEqual([[], true]);
  });

  it("a title's cast changed: the people who left and who joined", async () => {
    const { reach } = await edit({ titles: [3], actors: [] }, { titles: [title(3, 'Море', [14])], actors: [], counters });
    expect(reach).toContain('actor 12');
    expect(reach).toContain('actor 14');
  });

  it('a title unpublished: the pages that showed its card and its people, and lists it left', async () => {
    const related = { 1: [2], 2: [1], 4: [5], 5: [4] };
    const { reach, lists, addresses } = await edit({ titles: [3], actors: [] }, { titles: [], actors: [], counters }, related);
    expect(reach).toContain('title 1');
    expect(reach).toContain('actor 12');
    expect([lists, addresses]).toEqual(['all', true]);
  });

  it('review counts and ratings that moved without an editor: the pages that show them', async () => {
    const moving = { comments: { ...counters.comments, 4: 1 }, ratings: { ...counters.ratings, 3: { average: 9, count: 1 } } };
    const { reach, moved, lists, addresses } = await edit({ titles: [], actors: [] }, { titles: [], actors: [], counters: moving });
    // Title 4's card is on title 3's list and on its person's page; title 3's rating on its own page.
    expect(moved.sort()).toEqual(['actor 14', 'title 3', 'title 5']);
    expect([...reach].sort()).toEqual(['actor 14', 'title 3', 'title 5']);
    // A card's review count is on the list pages that show it too (title 4 is its category's newest); a rating is not.
    expect([lists, addresses]).toEqual([['categories/c0', 'categories/c0/new'], false]);
    const rated = await edit({ titles: [], actors: [] }, { titles: [], actors: [], counters: { ...counters, ratings: moving.ratings } });
    expect([rated.lists, rated.addresses]).toEqual([[], false]);
  });

  it('a related list that changed: that page', async () => {
    const { reach, lists } = await edit({ titles: [], actors: [] }, { titles: [], actors: [], counters }, { ...before.related, 5: [1, 4] });
    expect([...reach]).toEqual(['title 5']);
    expect(lists).toEqual([]);
  });

  it('is unknown without the counters or the related lists of both builds', () => {
    expect(rowsDelta({ ...before, counters: undefined }, before, { titles: [], actors: [] })).toBeNull();
    expect(rowsDelta(before, { ...before, related: undefined }, { titles: [], actors: [] })).toBeNull();
  });
});

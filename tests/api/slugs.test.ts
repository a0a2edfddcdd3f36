/**
 * Slugs editors leave empty are made from the name (shared/slug.ts): unique with -2, -3…, never a
 * site route; one typed by hand is kept, and one another row holds or a route shadows is refused in Russian.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { SLUG_SOURCES } from '../../directus/schema/collections.ts';
import { CATEGORY_ADDRESS_TAKEN } from '../../directus/extensions/site-rules/src/category-names.ts';
import { RESERVED_SLUGS } from '../../shared/rules.ts';
import { slugFromName } from '../../shared/slug.ts';
import { FORMER_SLUG_COLLECTIONS, type FormerSlug } from '../../shared/former-slugs.ts';
import { admin, call, newUser, type TestUser } from '../support/api.ts';
import { adminRead, expectNothingStored, expectRefused } from '../support/fixtures.ts';

let editor: TestUser;
/** Words no seeded name has, so each run's names are its own. */
const stamp = () => `Проба ${Math.random().toString(36).slice(2, 8).replace(/\d/g, '')}`;

beforeAll(async () => {
  editor = await newUser(EDITOR_ROLE);
});

async function created(collection: string, body: Record<string, unknown>): Promise<{ id: number; slug: string }> {
  const res = await editor.call('POST', `/items/${collection}?fields=id,slug`, body);
  expect(res.status, JSON.stringify(res.errors)).toBe(200);
  return res.data;
}

/** What a row of each collection with a slug needs besides its name. */
async function required(collection: string): Promise<Record<string, unknown>> {
  if (collection !== 'subCategories') return {};
  const category = await (await admin()).post<{ id: number }>('/items/categories', { name: stamp() });
  return { category: category.id };
}

describe('a slug left empty', () => {
  it('is the name in Latin letters, for a title an editor creates', async () => {
    const name = `Любовь в Сеуле ${stamp()}`;
    const title = await created('titles', { name, status: 'draft' });
    expect(title.slug).toBe(slugFromName(name));
    expect(title.slug).toMatch(/^lyubov-v-seule-proba-[a-z]+$/);
  });

  it('is made unique with -2 and -3 for titles of one name, and for an empty string too', async () => {
    const name = `Месть ${stamp()}`;
    const first = await created('titles', { name });
    const second = await created('titles', { name, slug: null });
    const third = await created('titles', { name, slug: '' });
    expect([first.slug, second.slug, third.slug]).toEqual([slugFromName(name), `${slugFromName(name)}-2`, `${slugFromName(name)}-3`]);
  });

  it('never shadows a site route', async () => {
    for (const route of ['about', 'login', 'updates']) {
      const title = await created('titles', { name: route.toUpperCase() });
      expect(title.slug).not.toBe(route);
      expect(title.slug).toMatch(new RegExp(`^${route}-\\d+$`));
      expect(RESERVED_SLUGS).not.toContain(title.slug);
    }
  });

  it('is made for a name Latin cannot write', async () => {
    const a = await created('titles', { name: '사랑의 불시착' });
    const b = await created('titles', { name: '사랑의 불시착' });
    expect(a.slug).toMatch(/^dorama(-\d+)?$/);
    expect(b.slug).not.toBe(a.slug);
  });

  // A category's name is an address of its own (category-names.ts): two never share one.
  it.each(Object.keys(SLUG_SOURCES).filter((c) => c !== 'titles' && c !== 'categories'))('is made from the name in %s too', async (collection) => {
    const name = `Ким Со Ён ${stamp()}`;
    const { from } = SLUG_SOURCES[collection]!;
    const extra = await required(collection);
    const a = await created(collection, { [from]: name, ...extra });
    const b = await created(collection, { [from]: name, ...extra });
    expect(a.slug).toBe(slugFromName(name));
    expect(b.slug).toBe(`${slugFromName(name)}-2`);
  });

  it('is made from the name in categories too, whose names are not shared', async () => {
    const name = `Ким Со Ён ${stamp()}`;
    expect((await created('categories', { name })).slug).toBe(slugFromName(name));
    expectRefused(await editor.call('POST', '/items/categories', { name }), 400, CATEGORY_ADDRESS_TAKEN);
  });

  it('is made again from the name when an editor empties it', async () => {
    const name = `Юность ${stamp()}`;
    const title = await created('titles', { name, slug: `hand-${Date.now()}` });
    const res = await editor.call('PATCH', `/items/titles/${title.id}?fields=slug`, { slug: '' });
    expect(res.status).toBe(200);
    expect(res.data.slug).toBe(slugFromName(name));
  });
});

describe('a slug typed by hand', () => {
  it('is kept as typed', async () => {
    const slug = `moy-adres-${Date.now()}`;
    const title = await created('titles', { name: `Другое имя ${stamp()}`, slug });
    expect(title.slug).toBe(slug);
    expect((await adminRead('titles', title.id, 'slug')).slug).toBe(slug);
  });

  it('is refused in Russian when it shadows a route, and nothing is stored', async () => {
    const res = await expectNothingStored('titles', {}, () => editor.call('POST', '/items/titles', { name: 'О нас', slug: 'about' }));
    expectRefused(res, 400, 'Адрес «about» занят страницей сайта');
  });

  it('is refused in Russian when another row holds it, on create and on change', async () => {
    const held = await created('titles', { name: `Занятый ${stamp()}` });
    const res = await expectNothingStored('titles', {}, () => editor.call('POST', '/items/titles', { name: 'Другая', slug: held.slug }));
    expectRefused(res, 400, `Адрес «${held.slug}» уже занят`);
    const other = await created('titles', { name: `Соседняя ${stamp()}` });
    expectRefused(await editor.call('PATCH', `/items/titles/${other.id}`, { slug: held.slug }), 400, `Адрес «${held.slug}» уже занят`);
    expect((await adminRead('titles', other.id, 'slug')).slug).toBe(other.slug);
    // A row keeps its own slug when it is sent again unchanged.
    expect((await editor.call('PATCH', `/items/titles/${held.id}`, { slug: held.slug })).status).toBe(200);
  });

  it.each(Object.keys(SLUG_SOURCES))('is refused in Russian in %s when it is not a slug\'s shape, and nothing is stored', async (collection) => {
    const body = { ...(await required(collection)), [SLUG_SOURCES[collection]!.from]: stamp() };
    for (const slug of ['probe/x', 'С пробелом', '../up', 7]) {
      const res = await expectNothingStored(collection, {}, () => editor.call('POST', `/items/${collection}`, { ...body, slug }));
      expectRefused(res, 400, 'Адрес может содержать только латинские буквы, цифры и дефисы');
    }
    const row = await created(collection, body);
    expectRefused(await editor.call('PATCH', `/items/${collection}/${row.id}`, { slug: 'probe/x' }), 400, 'Адрес может содержать только латинские буквы, цифры и дефисы');
    expect((await adminRead(collection, row.id, 'slug')).slug).toBe(row.slug);
  });

  it('is refused for several rows at once', async () => {
    const [a, b] = [await created('titles', { name: `Пара ${stamp()}` }), await created('titles', { name: `Пара ${stamp()}` })];
    const res = await editor.call('PATCH', '/items/titles', { keys: [a.id, b.id], data: { slug: `one-for-two-${Date.now()}` } });
    expectRefused(res, 400, 'Адрес у каждой записи свой');
  });
});

describe('a slug changed', () => {
  /** What the build reads: each former slug that leads to a page now, with the slug there. */
  const leading = async (collection: string, ...slugs: string[]) => {
    const res = await call<FormerSlug[]>('GET', '/site/former-slugs');
    expect(res.status).toBe(200);
    return res.data.filter((f) => f.collection === collection && slugs.includes(f.from)).map((f) => [f.from, f.to]);
  };
  const kept = async (collection: string, item: number) =>
    (await (await admin()).get<{ slug: string }[]>(`/items/formerSlugs?filter[collection][_eq]=${collection}&filter[item][_eq]=${item}&fields=slug&sort=slug`)).map((r) => r.slug);
  const renamed = async (collection: string, id: number, slug: string) => {
    const res = await editor.call('PATCH', `/items/${collection}/${id}?fields=slug`, { slug });
    expect(res.status, JSON.stringify(res.errors)).toBe(200);
    expect(res.data.slug).toBe(slug);
  };
  const unique = (base: string) => `${base}-${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;

  it.each(FORMER_SLUG_COLLECTIONS)('keeps the one %s left, leading to the row\'s page now, and nothing for other changes', async (collection) => {
    const { from } = SLUG_SOURCES[collection]!;
    const row = await created(collection, { [from]: stamp(), ...(collection === 'titles' ? { status: 'published' } : {}) });
    expect((await editor.call('PATCH', `/items/${collection}/${row.id}`, { [from]: stamp() })).status).toBe(200);
    expect((await editor.call('PATCH', `/items/${collection}/${row.id}`, { slug: row.slug })).status).toBe(200);
    expect(await kept(collection, row.id)).toEqual([]);
    const next = unique('novyy');
    await renamed(collection, row.id, next);
    expect(await kept(collection, row.id)).toEqual([row.slug]);
    expect(await leading(collection, row.slug)).toEqual([[row.slug, next]]);
  });

  it('leads every former slug to the slug now, leaves out one the row took back, and one of a draft', async () => {
    const title = await created('titles', { name: stamp(), status: 'published' });
    const [second, third] = [unique('vtoroy'), unique('tretiy')];
    await renamed('titles', title.id, second);
    await renamed('titles', title.id, third);
    expect(await leading('titles', title.slug, second)).toEqual([[title.slug, third], [second, third]]);
    // Its first slug again: that is its page, and the others lead there.
    await renamed('titles', title.id, title.slug);
    expect(await leading('titles', title.slug, second, third)).toEqual([[second, title.slug], [third, title.slug]]);
    // A draft has no page: its former slugs lead nowhere until it is published again.
    expect((await editor.call('PATCH', `/items/titles/${title.id}`, { status: 'draft' })).status).toBe(200);
    expect(await leading('titles', second, third)).toEqual([]);
    expect((await editor.call('PATCH', `/items/titles/${title.id}`, { status: 'published' })).status).toBe(200);
    expect(await leading('titles', second, third)).toHaveLength(2);
  });

  it('gives a former slug another row took to that row, and to the last row that left it', async () => {
    const [a, b] = [await created('actors', { nameRu: stamp() }), await created('actors', { nameRu: stamp() })];
    const aNow = unique('a-teper');
    await renamed('actors', a.id, aNow);
    expect(await leading('actors', a.slug)).toEqual([[a.slug, aNow]]);
    // b takes a's former slug: the address is b's page.
    await renamed('actors', b.id, a.slug);
    expect(await leading('actors', a.slug)).toEqual([]);
    // ...and once b leaves it, it leads to b.
    const bNow = unique('b-teper');
    await renamed('actors', b.id, bNow);
    expect(await leading('actors', a.slug)).toEqual([[a.slug, bNow]]);
    expect(await kept('actors', a.id)).toEqual([]);
  });

  it('keeps the slug an emptied one was made again over, and forgets a deleted row\'s', async () => {
    const name = stamp();
    const tag = await created('tags', { name, slug: unique('ruchnoy') });
    expect((await editor.call('PATCH', `/items/tags/${tag.id}`, { slug: '' })).status).toBe(200);
    expect(await kept('tags', tag.id)).toEqual([tag.slug]);
    expect(await leading('tags', tag.slug)).toEqual([[tag.slug, slugFromName(name)]]);
    expect((await editor.call('DELETE', `/items/tags/${tag.id}`)).status).toBe(204);
    expect(await kept('tags', tag.id)).toEqual([]);
    expect(await leading('tags', tag.slug)).toEqual([]);
  });

  it('is written by the backend alone: nobody else reads or writes the former slugs', async () => {
    const reader = await newUser();
    for (const who of [undefined, reader.token, editor.token]) {
      expect((await call('GET', '/items/formerSlugs', { token: who })).status).toBe(403);
      expect((await call('POST', '/items/formerSlugs', { token: who, body: { collection: 'titles', item: 1, slug: 'x' } })).status).toBe(403);
    }
  });
});

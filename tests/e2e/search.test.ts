/**
 * Finding what people mean, in Chromium against the built site and the real Directus: the search
 * modal finds demo titles as people mistype them (a sample of the query set made from the demo
 * catalogue; the API suite asks every query), shows people in their own group, says what it
 * understood, counts titles opened from it for 'Часто ищут:'; the player's episode search reads
 * numbers as people write them; and 'Вам может понравиться' on every demo title page is the
 * likeness the catalogue says it is.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from './support/test.ts';
import { ACTORS } from '../../directus/seed/data/actors.ts';
import { TITLES } from '../../directus/seed/data/titles.ts';
import { QUERY_TOO_LONG, SEARCH_QUERY_MAX } from '../../shared/search-limits.ts';
import { FIRST_RESULTS, sampleQueries } from '../support/search-queries.ts';
import { fetchText, hydrated, idleIslandsHydrated, patientPolls, titleBySlug } from './support/site.ts';

patientPolls();


async function openSearch(page: Page) {
  await page.goto('/');
  await idleIslandsHydrated(page);
  await page.locator('header button[data-open="search"]').click();
  const dialog = page.getByRole('dialog', { name: 'Поиск' });
  await dialog.waitFor();
  return { dialog, input: dialog.getByPlaceholder('Поиск..') };
}

/**
 * The answer to what was typed has landed: 'Найдено:' and nothing loading. Until then the grid may still
 * show 'Часто ищут:', which can hold the very title typed.
 */
const typedAnswer = (dialog: ReturnType<Page['getByRole']>) => expect.poll(async () =>
  `${await dialog.locator('.search-modal__heading').innerText()} ${await dialog.locator('.search-modal__results').getAttribute('aria-busy')}`).toBe('Найдено: false');

const firstNames = (dialog: ReturnType<Page['getByRole']>) =>
  dialog.locator('.film-card .film-card__link').allInnerTexts().then((names) => names.slice(0, FIRST_RESULTS));

describe('the search modal', () => {
  it('finds demo titles typed in the other layout, in Latin, with a letter dropped or two swapped, and with е for ё', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const { dialog, input } = await openSearch(page);
    const queries = sampleQueries();
    expect(new Set(queries.map((q) => q.kind))).toEqual(new Set(['layout', 'latin', 'dropped', 'swapped', 'yo']));
    for (const q of queries) {
      await input.fill(q.query);
      await typedAnswer(dialog);
      await expect.poll(() => firstNames(dialog), { message: `${q.kind} «${q.query}» → «${q.name}»` }).toContain(q.name);
      expect(await dialog.innerText()).toContain('Найдено:');
      if (q.kind === 'layout') expect(await dialog.locator('.search-modal__understood').innerText()).toContain('Показаны результаты по запросу');
    }
  });

  it('shows people in their own group with a photo, and opens their page', async ({ browsers }) => {
    const person = ACTORS.find((a) => a.nameEn && a.nameRu)!;
    const { page } = await browsers.visitor();
    const { dialog, input } = await openSearch(page);
    await input.fill(person.nameEn);
    const group = dialog.getByRole('list', { name: 'Актёры и создатели' });
    const link = group.getByRole('link', { name: new RegExp(person.nameRu) });
    await expect.poll(() => link.count()).toBe(1);
    expect(await link.getAttribute('href')).toBe(`/actors/${person.slug}`);
    expect(await link.locator('img').getAttribute('src')).toBeTruthy();
    await link.click();
    await page.waitForURL(new RegExp(`/actors/${person.slug}$`));
    expect(await page.locator('main h1').innerText()).toContain(person.nameRu);
  });

  it('says which word it understood when it corrected a typo', async ({ browsers }) => {
    const title = TITLES.find((t) => t.slug === 'aromat-poslednego-leta')!;
    const { page } = await browsers.visitor();
    const { dialog, input } = await openSearch(page);
    await input.fill('ароамт');
    await expect.poll(() => firstNames(dialog)).toContain(title.name);
    expect(await dialog.locator('.search-modal__understood').innerText()).toBe('Показаны результаты по запросу «аромат»');
  });

  it('says a query is too long without asking the backend, and searches again once it is shorter', async ({ browsers }) => {
    const title = TITLES.find((t) => t.slug === 'aromat-poslednego-leta')!;
    const { page } = await browsers.visitor();
    const { dialog, input } = await openSearch(page);
    const asked: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/site/search?')) asked.push(new URL(req.url()).searchParams.get('q') ?? '');
    });
    await input.fill(`${title.name} `.repeat(Math.ceil(300 / (title.name.length + 1))).slice(0, 300));
    await expect.poll(() => dialog.getByRole('alert').innerText()).toBe(QUERY_TOO_LONG);
    expect(await dialog.innerText()).not.toContain('Проверьте подключение');
    // Nothing of what was typed is lost: the whole query stays in the box.
    expect((await input.inputValue()).length).toBe(300);
    await input.fill(title.name);
    await typedAnswer(dialog);
    await expect.poll(() => firstNames(dialog)).toContain(title.name);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((q) => q.length <= SEARCH_QUERY_MAX), asked.join(' | ')).toBe(true);
  });

  it('says a search that did not reach the backend failed, and «Повторить» asks again', async ({ browsers }) => {
    const title = TITLES.find((t) => t.slug === 'aromat-poslednego-leta')!;
    const { page } = await browsers.visitor();
    const { dialog, input } = await openSearch(page);
    await page.route('**/site/search?**', (route) => route.abort());
    await input.fill(title.name);
    const alert = dialog.getByRole('alert');
    await expect.poll(() => alert.count()).toBe(1);
    expect(await alert.innerText()).toContain('Не удалось выполнить поиск');
    expect(await dialog.innerText()).not.toContain('Ничего не найдено');
    await page.unroute('**/site/search?**');
    await alert.getByRole('button', { name: 'Повторить' }).click();
    await typedAnswer(dialog);
    await expect.poll(() => firstNames(dialog)).toContain(title.name);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    expect(await input.inputValue()).toBe(title.name);
  });

  it('counts a title opened from the results for Часто ищут:', async ({ browsers }) => {
    const title = TITLES.find((t) => t.slug === 'kulak-i-dozhd')!;
    const before = await titleBySlug<{ searchOpens: number }>(title.slug, 'searchOpens');
    const { page } = await browsers.visitor();
    const { dialog, input } = await openSearch(page);
    await input.fill(title.name);
    await typedAnswer(dialog);
    const card = dialog.locator('.film-card', { hasText: title.name }).first();
    await expect.poll(() => card.count()).toBe(1);
    await card.locator('a').click();
    await page.waitForURL(new RegExp(`/${title.slug}$`));
    await expect.poll(async () => (await titleBySlug<{ searchOpens: number }>(title.slug, 'searchOpens')).searchOpens).toBe(before.searchOpens + 1);
  });
});

describe('the player\'s episode search', () => {
  it('finds episode 3 however it is written', async ({ browsers }) => {
    const series = TITLES.find((t) => t.typeSource === 'Без сезонов' && t.episodes >= 10)!;
    const { page } = await browsers.visitor();
    await page.goto(`/${series.slug}?tab=seasons`);
    await hydrated(page, '#player .player__episode');
    const episodes = page.locator('#player .player__episode');
    for (const q of ['3', 'серия 3', '3 серия', 'третья', 'Третья серия']) {
      await page.getByPlaceholder('Поиск серии').fill(q);
      await expect.poll(() => episodes.allInnerTexts(), { message: q }).toEqual(['3 серия']);
    }
  });

  it('says so when the search\'s code cannot load, and still lists the season', async ({ browsers }) => {
    const series = TITLES.find((t) => t.typeSource === 'Без сезонов' && t.episodes >= 10)!;
    const { page } = await browsers.visitor();
    await page.route('**/_astro/episode-search.*.js', (route) => route.abort());
    await page.goto(`/${series.slug}?tab=seasons`);
    await hydrated(page, '#player .player__episode');
    const episodes = page.locator('#player .player__episode');
    const all = await episodes.count();
    await page.getByPlaceholder('Поиск серии').fill('3');
    await expect.poll(() => page.locator('#player').getByRole('alert').allInnerTexts()).toEqual(['Поиск серий не загрузился. Обновите страницу']);
    expect(await episodes.count()).toBe(all);
  });
});

describe('Вам может понравиться', () => {
  /** The related titles a title page shows, in order, as the demo catalogue's entries. */
  async function relatedOf(slug: string) {
    const { status, text } = await fetchText(`/${slug}`);
    expect(status).toBe(200);
    // A class may come with others (the scoped styles' own).
    const section = /<section class="related(?: [^"]*)?"[^>]*>([\s\S]*?)<\/section>/.exec(text)?.[1] ?? '';
    const links = [...section.matchAll(/class="film-card__link(?: [^"]*)?" href="\/([^"]+)"/g)].map((m) => m[1]!);
    return links.map((link) => {
      const found = TITLES.find((t) => t.slug === link);
      if (!found) throw new Error(`/${link} on /${slug} is no demo title`);
      return found;
    });
  }

  /** What two demo titles have in common, as the catalogue says. */
  const common = (a: (typeof TITLES)[number], b: (typeof TITLES)[number]) => [
    ...a.genres.filter((g) => b.genres.includes(g)),
    ...a.tags.filter((g) => b.tags.includes(g)),
    ...[...a.actors, ...a.directors, ...a.screenwriters].filter((p) => [...b.actors, ...b.directors, ...b.screenwriters].includes(p)),
    ...(a.country === b.country ? [a.country] : []),
    ...(a.category === b.category ? [a.category] : []),
  ];

  it('shows on every demo title page four others, each sharing something real, the pinned ones first', async () => {
    const lists = new Map<string, (typeof TITLES)[number][]>();
    for (const t of TITLES) lists.set(t.slug, await relatedOf(t.slug));
    for (const t of TITLES) {
      const related = lists.get(t.slug)!;
      expect(related.map((r) => r.slug), t.name).toHaveLength(4);
      expect(related.map((r) => r.slug)).not.toContain(t.slug);
      const pinned = t.related ?? [];
      expect(related.slice(0, pinned.length).map((r) => r.slug), t.name).toEqual(pinned);
      for (const r of related.slice(pinned.length)) expect(common(t, r), `${t.name} → ${r.name}`).not.toEqual([]);
    }
    // Differ between titles of one category: hardly any two show the same four.
    for (const category of new Set(TITLES.map((t) => t.category))) {
      const ofCategory = TITLES.filter((t) => t.category === category);
      const sets = new Set(ofCategory.map((t) => lists.get(t.slug)!.map((r) => r.slug).sort().join()));
      expect(sets.size / ofCategory.length, category).toBeGreaterThan(0.8);
    }
    expect(TITLES.some((t) => t.related?.length)).toBe(true);
  });
});

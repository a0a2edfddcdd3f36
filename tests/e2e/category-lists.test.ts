/**
 * A category's lists in Chromium against the built demo site and its Directus: the filter screen
 * (several genres at once, the category's years, the orders, the state in the URL, the page's
 * title and description following the choices) and 'Новинки' newest by release. Which titles a
 * list holds comes from the seed; how they are ordered, from what the backend holds now (views,
 * ratings and dates other test files may have changed).
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from './support/test.ts';
import { CATEGORIES } from '../../directus/seed/data/taxonomy.ts';
import { TITLES } from '../../directus/seed/data/titles.ts';
import type { TitleSeed } from '../../directus/seed/data/types.ts';
import { CATEGORY_NEW_LIST, CATEGORY_NEW_PAGE, FILTER_PAGE_SIZE } from '../../src/lib/constants.ts';
import { FILTER_YEARS } from '../../src/lib/filter-query.ts';
import { filterHeading } from '../../src/lib/filter-heading.ts';
import { adminApi, hydrated, patientPolls } from './support/site.ts';

patientPolls();


const CATEGORY = 'doramy-onlayn';
const CATEGORY_NAME = CATEGORIES.find((c) => c.slug === CATEGORY)!.name;
const IN_CATEGORY = TITLES.filter((t) => t.category === CATEGORY);
const FILTER = `/categories/${CATEGORY}/filter`;

const cardNames = (page: Page, scope: string) => page.locator(`${scope} .film-card .film-card__link`).allInnerTexts();
const shown = (page: Page) => page.locator('.filter__shown').innerText();
const params = (page: Page, name: string) => new URL(page.url()).searchParams.getAll(name);
const withGenres = (titles: TitleSeed[], genres: string[]) => titles.filter((t) => genres.every((g) => t.genres.includes(g)));
const shownLine = (total: number, page = 1) => `Показано ${Math.min(total, page * FILTER_PAGE_SIZE)} из ${total}`;

/** The two genres most of the category's titles share: their list is long enough to show an order. */
function busiestPair(): [string, string] {
  const genres = [...new Set(IN_CATEGORY.flatMap((t) => t.genres))].sort();
  const pairs = genres.flatMap((a, i) => genres.slice(i + 1).map((b): [string, string] => [a, b]));
  return pairs.reduce((best, pair) => (withGenres(IN_CATEGORY, pair).length > withGenres(IN_CATEGORY, best).length ? pair : best));
}

interface Live { id: number; slug: string; name: string; views: number; releaseYear: number | null; date_created: string; average: number; count: number }

/** What the backend holds now of these titles: views, dates, and ratings as visitors are told them. */
async function live(titles: TitleSeed[]): Promise<Live[]> {
  const api = await adminApi();
  const slugs = titles.map((t) => t.slug).join(',');
  const rows = await api.get<Omit<Live, 'average' | 'count'>[]>(`/items/titles?filter[slug][_in]=${encodeURIComponent(slugs)}&fields=id,slug,name,views,releaseYear,date_created&limit=-1`);
  const ratings = (await (await fetch(`${inject('e2eDirectusUrl')}/site/ratings`)).json()).data as { title: number; average: number; count: number }[];
  const byTitle = new Map(ratings.map((r) => [r.title, r]));
  expect(rows).toHaveLength(titles.length);
  return rows.map((r) => ({ ...r, views: r.views ?? 0, average: byTitle.get(r.id)?.average ?? 0, count: byTitle.get(r.id)?.count ?? 0 }));
}

const byRating = (a: Live, b: Live) => b.average - a.average || b.count - a.count || b.views - a.views || a.id - b.id;
/** Newest by release: the year, then the newest added (Directus's timestamps sort as text), then the id. */
const byRelease = (a: Live, b: Live) => (b.releaseYear ?? 0) - (a.releaseYear ?? 0) || b.date_created.localeCompare(a.date_created) || b.id - a.id;
const names = (rows: Live[]) => rows.map((r) => r.name);

async function openFilter(page: Page, query = ''): Promise<void> {
  await page.goto(`${FILTER}${query}`);
  await expect.poll(() => page.locator('.filter__shown').count()).toBe(1);
}

async function chooseGenres(page: Page, genres: string[]): Promise<void> {
  const button = page.getByRole('button', { name: /^Жанры/ });
  await button.click();
  for (const g of genres) await page.getByRole('checkbox', { name: g, exact: true }).check();
  await page.keyboard.press('Escape');
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
  expect(await button.innerText()).toBe(genres.join(', '));
}

describe('filter screen', () => {
  it('offers the filter\'s years and those the category\'s titles have, newest first, and shows a year it lacks as chosen', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const always = Array.from({ length: FILTER_YEARS.to - FILTER_YEARS.from + 1 }, (_, i) => FILTER_YEARS.from + i);
    const years = [...new Set([...always, ...IN_CATEGORY.map((t) => t.releaseYear)])].sort((a, b) => b - a);
    await openFilter(page);
    const options = await page.getByLabel('Год').locator('option').allInnerTexts();
    expect(options).toEqual(['Все', ...years.map(String)]);

    const missing = Math.min(...years) - 1;
    await openFilter(page, `?releaseyear=${missing}`);
    await expect.poll(() => page.locator('.filter').innerText()).toContain('Ничего не найдено');
    expect(await page.getByLabel('Год').inputValue()).toBe(String(missing));
  });

  it('finds the titles having both genres chosen, in the order chosen, and keeps both in the URL', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const pair = busiestPair();
    const expected = withGenres(IN_CATEGORY, pair);
    expect(expected.length).toBeGreaterThan(1);
    await openFilter(page);
    await chooseGenres(page, pair);
    await page.getByRole('button', { name: 'Найти' }).click();
    await expect.poll(() => shown(page)).toBe(shownLine(expected.length));
    expect(params(page, 'genres')).toEqual(pair);
    for (const meta of await page.locator('.filter__grid .film-card__body .film-card__meta').allInnerTexts()) {
      for (const g of pair) expect(meta).toContain(g);
    }
    expect(new Set(await cardNames(page, '.filter__grid'))).toEqual(new Set(expected.map((t) => t.name).slice(0, FILTER_PAGE_SIZE)));

    // The order applies at once, keeps the genres, and is kept in the URL.
    await page.getByLabel('Сортировка').selectOption({ label: 'По рейтингу' });
    await expect.poll(() => cardNames(page, '.filter__grid')).toEqual(names((await live(expected)).sort(byRating)).slice(0, FILTER_PAGE_SIZE));
    expect(params(page, 'sort')).toEqual(['rating']);
    expect(params(page, 'genres')).toEqual(pair);

    await page.getByLabel('Сортировка').selectOption({ label: 'По году' });
    await expect.poll(() => cardNames(page, '.filter__grid')).toEqual(names((await live(expected)).sort(byRelease)).slice(0, FILTER_PAGE_SIZE));
    expect(params(page, 'sort')).toEqual(['year']);

    // The URL alone brings it all back, the order too.
    await page.reload();
    await expect.poll(() => cardNames(page, '.filter__grid')).toEqual(names((await live(expected)).sort(byRelease)).slice(0, FILTER_PAGE_SIZE));
    expect(await page.getByLabel('Сортировка').inputValue()).toBe('year');
    expect(await page.getByRole('button', { name: /^Жанры/ }).innerText()).toBe(pair.join(', '));

    // An order the screen does not know is the popular one.
    await openFilter(page, `?sort=${encodeURIComponent('-views')}`);
    expect(await page.getByLabel('Сортировка').inputValue()).toBe('popular');
  });

  it('orders the whole category by date added with «Новые на сайте», page after page', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const newestAdded = (await live(IN_CATEGORY)).sort((a, b) => b.date_created.localeCompare(a.date_created) || b.id - a.id);
    await openFilter(page, '?sort=added');
    await expect.poll(() => cardNames(page, '.filter__grid')).toEqual(names(newestAdded).slice(0, FILTER_PAGE_SIZE));
    await page.locator('.filter').getByRole('button', { name: 'Показать еще' }).click();
    await expect.poll(() => cardNames(page, '.filter__grid')).toEqual(names(newestAdded).slice(0, 2 * FILTER_PAGE_SIZE));
    expect(params(page, 'page')).toEqual(['2']);
  });

  it('filters by genre and year, shows more, pages and resets', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    await openFilter(page);
    await expect.poll(() => shown(page)).toBe(shownLine(IN_CATEGORY.length));

    const year = Math.max(...IN_CATEGORY.map((t) => t.releaseYear));
    const genre = 'Комедия';
    const comedies = withGenres(IN_CATEGORY, [genre]).filter((t) => t.releaseYear === year);
    expect(comedies.length).toBeGreaterThan(0);
    await chooseGenres(page, [genre]);
    await page.getByLabel('Год').selectOption(String(year));
    await page.getByRole('button', { name: 'Найти' }).click();
    await expect.poll(() => shown(page)).toBe(shownLine(comedies.length));
    expect(params(page, 'genres')).toEqual([genre]);
    expect(params(page, 'releaseyear')).toEqual([String(year)]);
    for (const y of await page.locator('.filter__grid .film-card__body .film-card__year').allInnerTexts()) expect(y).toMatch(new RegExp(`^${year}`));
    await expect.poll(() => page.title()).toMatch(/комеди/i);

    // Reset: every choice cleared, the category kept.
    await page.getByRole('button', { name: 'Сбросить' }).click();
    await expect.poll(() => shown(page)).toBe(shownLine(IN_CATEGORY.length));
    expect(params(page, 'genres')).toEqual([]);
    expect(params(page, 'releaseyear')).toEqual([]);
    expect(await page.getByRole('button', { name: /^Жанры/ }).innerText()).toBe('Все');

    // Drama alone is more than a page: show more appends, the pager moves.
    const dramas = withGenres(IN_CATEGORY, ['Драма']);
    expect(dramas.length).toBeGreaterThan(FILTER_PAGE_SIZE);
    expect(dramas.length).toBeLessThanOrEqual(2 * FILTER_PAGE_SIZE);
    await chooseGenres(page, ['Драма']);
    await page.getByRole('button', { name: 'Найти' }).click();
    await expect.poll(() => shown(page)).toBe(shownLine(dramas.length));
    const dramaFirst = await cardNames(page, '.filter__grid');
    const pager = page.getByRole('navigation', { name: 'Страницы' });
    expect(await pager.getByRole('button').allInnerTexts()).toEqual(['1', '2']);
    await page.locator('.filter').getByRole('button', { name: 'Показать еще' }).click();
    await expect.poll(() => shown(page)).toBe(shownLine(dramas.length, 2));
    expect(params(page, 'page')).toEqual(['2']);
    const appended = await cardNames(page, '.filter__grid');
    expect(appended.slice(0, FILTER_PAGE_SIZE)).toEqual(dramaFirst);
    expect(new Set(appended)).toEqual(new Set(dramas.map((t) => t.name)));
    expect(await page.locator('.filter').getByRole('button', { name: 'Показать еще' }).count()).toBe(0);

    await pager.getByRole('button', { name: '1' }).click();
    await expect.poll(() => shown(page)).toBe(shownLine(dramas.length));
    expect(await cardNames(page, '.filter__grid')).toEqual(dramaFirst);
    expect(params(page, 'page')).toEqual([]);
    await pager.getByRole('button', { name: '2' }).click();
    await expect.poll(() => cardNames(page, '.filter__grid')).toEqual(appended.slice(FILTER_PAGE_SIZE));
    expect(params(page, 'page')).toEqual(['2']);
    expect(await pager.getByRole('button', { name: '2' }).getAttribute('aria-current')).toBe('page');
  });

  it('is reached by category name and from the category page\'s genre links', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const dramas = withGenres(IN_CATEGORY, ['Драма']);
    await page.goto(`/categories/${encodeURIComponent('Дорамы')}/filter?genres=${encodeURIComponent('Драма')}`);
    await expect.poll(() => shown(page)).toBe(shownLine(dramas.length));

    await page.goto(`/categories/${CATEGORY}`);
    await page.locator('.genres a', { hasText: 'Комедия' }).click();
    await page.waitForURL(/\/filter\?/);
    expect(params(page, 'genres')).toEqual(['Комедия']);
    expect(params(page, 'category')).toEqual(['Дорамы']);
    await expect.poll(() => shown(page)).toBe(shownLine(withGenres(IN_CATEGORY, ['Комедия']).length));
    expect(await page.getByRole('button', { name: /^Жанры/ }).innerText()).toBe('Комедия');
  });

  it('keeps to its route\'s category, shows a country the URL applied, and turns a page past the last into the last', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const heading = filterHeading({ category: CATEGORY_NAME });
    const other = CATEGORIES.find((c) => c.slug !== CATEGORY)!;
    await openFilter(page, `?category=${encodeURIComponent(other.name)}`);
    await expect.poll(() => shown(page)).toBe(shownLine(IN_CATEGORY.length));
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(heading.heading);

    await openFilter(page, '?country=%25');
    expect(await page.getByLabel('Страна').inputValue()).toBe('%');

    const last = Math.ceil(IN_CATEGORY.length / FILTER_PAGE_SIZE);
    await page.goto(`${FILTER}?page=${last + 7}`);
    await expect.poll(() => params(page, 'page')).toEqual(last > 1 ? [String(last)] : []);
    await expect.poll(() => shown(page)).toBe(`Показано ${IN_CATEGORY.length - (last - 1) * FILTER_PAGE_SIZE} из ${IN_CATEGORY.length}`);
    expect(await cardNames(page, '.filter__grid')).toHaveLength(IN_CATEGORY.length - (last - 1) * FILTER_PAGE_SIZE);
  });

  it('keeps the keyboard on «Показать еще» and on the pager while the next page comes', async ({ browsers }) => {
    // A third page keeps the button on screen after the second.
    expect(IN_CATEGORY.length).toBeGreaterThan(2 * FILTER_PAGE_SIZE);
    const { page } = await browsers.visitor();
    await openFilter(page);
    const more = page.getByRole('button', { name: 'Показать еще' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => shown(page)).toBe(shownLine(IN_CATEGORY.length, 2));
    expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);

    // So does a page's button in the pager.
    await openFilter(page);
    const second = page.getByRole('navigation', { name: 'Страницы' }).getByRole('button', { name: '2', exact: true });
    await second.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => second.getAttribute('aria-current')).toBe('page');
    await expect.poll(() => cardNames(page, '.filter__grid')).toHaveLength(Math.min(FILTER_PAGE_SIZE, IN_CATEGORY.length - FILTER_PAGE_SIZE));
    expect(await second.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('gives the page a title and description of the choices, following them back through the history', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const description = () => page.locator('meta[name="description"]').getAttribute('content');
    const shared = () => page.locator('meta[property="og:description"]').getAttribute('content');
    await openFilter(page);
    const whole = filterHeading({ category: CATEGORY_NAME }).description;
    expect(await description()).toBe(whole);

    const pair = busiestPair();
    const year = withGenres(IN_CATEGORY, pair)[0]!.releaseYear;
    const chosen = filterHeading({ category: CATEGORY_NAME, genres: pair, releaseYear: year });
    await chooseGenres(page, pair);
    await page.getByLabel('Год').selectOption(String(year));
    await page.getByRole('button', { name: 'Найти' }).click();
    await expect.poll(description).toBe(chosen.description);
    expect(chosen.description).not.toBe(whole);
    expect(chosen.description).toContain(`${year} года`);
    expect(await shared()).toBe(chosen.description);
    expect(await page.title()).toBe(`${chosen.title} — Дорамы онлайн`);

    await page.getByLabel('Сортировка').selectOption({ label: 'По рейтингу' });
    await expect.poll(description).toBe(filterHeading({ category: CATEGORY_NAME, genres: pair, releaseYear: year, sort: 'rating' }).description);

    await page.goBack();
    await expect.poll(description).toBe(chosen.description);
    await page.goBack();
    await expect.poll(description).toBe(whole);
  });

  it('lets the genres be chosen with the keyboard alone', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    await openFilter(page);
    const button = page.getByRole('button', { name: /^Жанры/ });
    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const [first, second] = await page.getByRole('group', { name: 'Жанры' }).getByRole('checkbox').all();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect([await first!.isChecked(), await second!.isChecked()]).toEqual([true, true]);
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

describe('Новинки', () => {
  it('lists the category\'s newest by release on its page and on its new screen, page after page', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const newest = names((await live(IN_CATEGORY)).sort(byRelease));
    expect(newest.length).toBeGreaterThan(CATEGORY_NEW_PAGE);
    await page.goto(`/categories/${CATEGORY}`);
    expect(await cardNames(page, '.newest')).toEqual(newest.slice(0, CATEGORY_NEW_LIST));

    await page.goto(`/categories/${CATEGORY}/new`);
    expect(await cardNames(page, '.show-more-grid')).toEqual(newest.slice(0, CATEGORY_NEW_PAGE));
    const more = page.locator('.show-more-grid').getByRole('button', { name: 'Показать еще' });
    await more.scrollIntoViewIfNeeded();
    await hydrated(page, '.show-more-grid');
    await more.click();
    await expect.poll(() => cardNames(page, '.show-more-grid')).toEqual(newest.slice(0, 2 * CATEGORY_NEW_PAGE));
  });
});

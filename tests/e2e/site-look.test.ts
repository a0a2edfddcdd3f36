/**
 * The site's shared pieces as a person sees them, in both looks: form controls in the site's style
 * (the filter's selects beside the genres button, ticks in the accent, the search boxes' clear button, the
 * soundtrack's players), block headings that link to their lists drawn alike on every page, card blocks in
 * full rows, tab bars that show they scroll on a phone, the chat window's header on one line, the account
 * menu in even rows, and the age tag kept small on the search's small posters.
 */
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from './support/test.ts';
import { TITLES } from '../../directus/seed/data/titles.ts';
import { newPerson } from './support/people.ts';
import { hydrated, idleIslandsHydrated, patientPolls, type ThemeName } from './support/site.ts';

patientPolls(20_000);

const THEMES: ThemeName[] = ['light-theme', 'dark-theme'];
const series = TITLES.find((t) => t.typeSource === 'Без сезонов' && t.episodes >= 10)!;
const withSoundtrack = TITLES.find((t) => (t.soundtracks ?? []).length > 0)!;

/** A colour token of the page's look, as the browser paints it: [r, g, b]. */
const token = (page: Page, name: string) => page.evaluate((name) => {
  const probe = document.createElement('i');
  probe.style.color = `var(${name})`;
  document.body.append(probe);
  const rgb = getComputedStyle(probe).color.match(/\d+/g)!.slice(0, 3).map(Number);
  probe.remove();
  return rgb;
}, name);

/** The colours of a part of the screen, most used first: [r, g, b, pixels]. */
async function colours(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<number[][]> {
  const { data, info } = await sharp(await page.screenshot({ clip })).raw().toBuffer({ resolveWithObject: true });
  const counts = new Map<string, number>();
  for (let i = 0; i < data.length; i += info.channels) {
    const key = `${data[i]},${data[i + 1]},${data[i + 2]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([key, n]) => [...key.split(',').map(Number), n]);
}

const near = (a: number[], b: number[], by = 2) => a.slice(0, 3).every((v, i) => Math.abs(v - b[i]!) <= by);

/** The colour a search box's clear button is drawn in: the most used one at its right end but the box's own. */
async function clearButtonColour(page: Page, box: Locator): Promise<number[]> {
  await page.mouse.move(0, 0);
  const b = (await box.boundingBox())!;
  const [background, ...rest] = await colours(page, { x: b.x + b.width - 44, y: b.y + 3, width: 40, height: b.height - 6 });
  return rest.find((c) => !near(c, background!, 6))!.slice(0, 3);
}

describe('form controls', () => {
  for (const theme of THEMES) {
    it(`the filter's selects are boxes of the site beside «Жанры», as tall as «Сбросить» and «Найти»; the genre ticks take the accent (${theme})`, async ({ browsers }) => {
      const { page } = await browsers.visitor({ theme });
      await page.goto('/categories/doramy-onlayn/filter');
      await hydrated(page, '.filter__form');
      const genres = page.locator('.filter-genres__button');
      const height = (l: Locator) => l.evaluate((el) => el.getBoundingClientRect().height);
      const genresHeight = await height(genres);
      for (const name of ['Год', 'Страна', 'Статус', 'Сортировка']) {
        const select = page.getByLabel(name, { exact: true });
        const look = await select.evaluate((el) => ({ appearance: getComputedStyle(el).appearance, chevron: getComputedStyle(el).backgroundImage.includes('svg') }));
        expect(look, name).toEqual({ appearance: 'none', chevron: true });
        expect(await height(select), name).toBe(genresHeight);
      }
      for (const name of ['Сбросить', 'Найти']) expect(await height(page.getByRole('button', { name, exact: true })), name).toBe(genresHeight);

      await genres.click();
      const tick = page.locator('.filter-genres__list').getByRole('checkbox').first();
      const accent = await token(page, '--accent');
      expect(await tick.evaluate((el) => getComputedStyle(el).accentColor)).toBe(`rgb(${accent.join(', ')})`);
    });

    it(`a search box's clear button is drawn in the muted text colour, not the browser's own, in the search, the episode search and the alphabet (${theme})`, async ({ browsers }) => {
      const { page } = await browsers.visitor({ theme });
      const boxes: [string, () => Promise<Locator>][] = [
        ['the search', async () => {
          await page.goto('/');
          await idleIslandsHydrated(page);
          await page.locator('header button[data-open="search"]').click();
          return page.getByRole('dialog', { name: 'Поиск' }).getByPlaceholder('Поиск..');
        }],
        ['the episode search', async () => {
          await page.goto(`/${series.slug}?tab=seasons`);
          await hydrated(page, '#player .player__episode');
          return page.getByPlaceholder('Поиск серии');
        }],
        ['the alphabet', async () => {
          await page.goto('/categories/doramy-onlayn');
          const box = page.getByPlaceholder('Начало названия');
          await box.scrollIntoViewIfNeeded();
          await hydrated(page, '.alphabet__search');
          return box;
        }],
      ];
      for (const [name, open] of boxes) {
        const box = await open();
        await box.fill('1');
        const muted = await token(page, '--text-muted');
        await expect.poll(() => clearButtonColour(page, box).then((c) => near(c, muted)), { message: `${name}: its cross in ${muted}` }).toBe(true);
      }
    });

    it(`the soundtrack's players are pills on the page's raised surface (${theme})`, async ({ browsers }) => {
      const { page } = await browsers.visitor({ theme });
      await page.goto(`/${withSoundtrack.slug}?tab=soundtrack`);
      const player = page.locator('#tab-soundtrack audio').first();
      await player.scrollIntoViewIfNeeded();
      const b = (await player.boundingBox())!;
      // A point inside the pill's rounded left end, clear of the play button.
      const [painted] = await colours(page, { x: b.x + 22, y: b.y + 6, width: 1, height: 1 });
      expect(painted!.slice(0, 3)).toEqual(await token(page, '--surface-2'));
    });
  }
});

describe('block headings that link to their lists', () => {
  it('look alike on the home page, a category page and a title page: the heading\'s colour, not underlined, the site\'s chevron after', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const titleWithActors = TITLES.find((t) => t.actors.length > 0)!;
    const links: [string, string][] = [
      ['/', '.title-block__heading a'],
      ['/categories/doramy-onlayn', 'h2 a[href$="/new"]'],
      ['/categories/doramy-onlayn', '.title-block__heading a'],
      [`/${titleWithActors.slug}`, 'h2 a[href$="/actors"]'],
    ];
    const looks = [];
    for (const [path, selector] of links) {
      await page.goto(path);
      const link = page.locator(selector).first();
      looks.push(await link.evaluate((el) => {
        const [own, heading, after] = [getComputedStyle(el), getComputedStyle(el.closest('h2')!), getComputedStyle(el, '::after')];
        return {
          inHeadingColour: own.color === heading.color,
          underline: own.textDecorationLine,
          size: heading.fontSize,
          chevron: after.maskImage.includes('svg'),
          chevronColour: after.backgroundColor,
        };
      }));
    }
    expect(looks[0]).toMatchObject({ inHeadingColour: true, underline: 'none', chevron: true });
    for (const [i, look] of looks.entries()) expect(look, links[i]!.join(' ')).toEqual(looks[0]);
  });
});

/** The cards of a grid in rows, by where each one's top is. */
const rowsOf = (grid: Locator) => grid.evaluate((el) => {
  const rows = new Map<number, number>();
  for (const card of el.children) {
    const top = Math.round(card.getBoundingClientRect().top);
    rows.set(top, (rows.get(top) ?? 0) + 1);
  }
  return [...rows.values()];
});

describe('card blocks', () => {
  for (const width of [1366, 1024, 768, 375]) {
    it(`fill every row at ${width} px: the home page's blocks of 8 and a category's «Новинки» of 4`, async ({ browsers }) => {
      const { page } = await browsers.visitor({ context: { viewport: { width, height: 900 } } });
      for (const [path, selector] of [['/', '.title-block__grid'], ['/categories/doramy-onlayn', '.newest .card-grid']] as const) {
        await page.goto(path);
        const grids = await page.locator(selector).all();
        expect(grids.length, path).toBeGreaterThan(0);
        for (const grid of grids) {
          const rows = await rowsOf(grid);
          expect(rows.every((n) => n === rows[0]), `${path}: ${rows.join(' + ')} cards a row`).toBe(true);
        }
      }
    });
  }

  it('spreads «Вам может понравиться» over the page\'s width at 1366 px', async ({ browsers }) => {
    const { page } = await browsers.visitor({ context: { viewport: { width: 1366, height: 900 } } });
    await page.goto(`/${series.slug}`);
    const grid = page.locator('.related__grid');
    expect(await rowsOf(grid)).toEqual([4]);
    const [gridBox, last] = [(await grid.boundingBox())!, (await grid.locator(':scope > *').last().boundingBox())!];
    expect(last.x + last.width).toBeGreaterThanOrEqual(gridBox.x + gridBox.width - 1);
  });

  it('keeps the alphabet\'s ten digits on one row at 375 px', async ({ browsers }) => {
    const { page } = await browsers.visitor({ width: 'mobile' });
    await page.goto('/categories/doramy-onlayn');
    const digits = page.locator('.alphabet__group').first();
    await digits.scrollIntoViewIfNeeded();
    await hydrated(page, '.alphabet__group');
    expect(await digits.getByRole('button').allInnerTexts()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(await rowsOf(digits)).toEqual([10]);
  });
});

describe('on a phone (375 px)', () => {
  const phone = { width: 'mobile' as const };

  it('the chat window\'s header is one row: «Онлайн чат» on one line, «Открыть страницу» an icon named so', async ({ browsers }) => {
    const { page } = await browsers.as(await newPerson(), phone);
    await page.goto('/about');
    await page.getByRole('button', { name: 'Онлайн чат' }).click();
    const chat = page.getByRole('dialog', { name: 'Онлайн чат' });
    const heading = chat.locator('.chat-window__heading');
    await heading.waitFor();
    const lines = await heading.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    const page_ = chat.getByRole('link', { name: 'Открыть страницу' });
    expect(await page_.getAttribute('href')).toMatch(/^\/messages/);
    // One row: the header is as tall as its close button and its own padding.
    const [head, close] = [(await chat.locator('header').boundingBox())!, (await chat.getByRole('button', { name: 'Закрыть чат' }).boundingBox())!];
    expect(head.height).toBeLessThanOrEqual(close.height + 18);
    const link = (await page_.boundingBox())!;
    expect(link.height).toBeLessThanOrEqual(close.height);
    expect(link.x + link.width).toBeLessThanOrEqual(close.x);
  });

  it('the profile\'s tab bar scrolls sideways, its far edge fading while more tabs lie that way', async ({ browsers }) => {
    const { page } = await browsers.as(await newPerson(), phone);
    await page.goto('/profile?tab=favorites');
    const bar = page.getByRole('navigation', { name: 'Вкладки избранного' });
    await bar.waitFor();
    const fades = () => bar.evaluate((el) => {
      const s = getComputedStyle(el);
      return { start: parseFloat(s.getPropertyValue('--fade-start')) || 0, end: parseFloat(s.getPropertyValue('--fade-end')) || 0 };
    });
    expect(await bar.evaluate((el) => ({ scrolls: getComputedStyle(el).overflowX, more: el.scrollWidth > el.clientWidth }))).toEqual({ scrolls: 'auto', more: true });
    // At the start only the far edge fades; scrolled to the end, only the near one.
    await expect.poll(() => fades().then((f) => f.start === 0 && f.end >= 24)).toBe(true);
    await bar.evaluate((el) => { el.scrollLeft = el.scrollWidth; });
    await expect.poll(() => fades().then((f) => f.start >= 24 && f.end === 0)).toBe(true);
  });

  it('the title page\'s tabs fit the screen', async ({ browsers }) => {
    const { page } = await browsers.visitor(phone);
    await page.goto(`/${withSoundtrack.slug}`);
    const bar = page.getByRole('tablist', { name: 'Разделы' });
    const barBox = (await bar.boundingBox())!;
    const tabs = await bar.getByRole('tab').all();
    expect(tabs.length).toBe(3);
    for (const tab of tabs) {
      const b = (await tab.boundingBox())!;
      expect(b.x + b.width, await tab.innerText()).toBeLessThanOrEqual(barBox.x + barBox.width);
    }
  });

  it('the age tag on a search result\'s small poster stays in its corner', async ({ browsers }) => {
    const { page } = await browsers.visitor(phone);
    await page.goto('/');
    await idleIslandsHydrated(page);
    await page.locator('header button[data-open="search"]').click();
    const dialog = page.getByRole('dialog', { name: 'Поиск' });
    await dialog.getByPlaceholder('Поиск..').fill(series.name);
    const card = dialog.locator('.film-card--search', { hasText: series.name }).first();
    await card.waitFor();
    const [tag, poster] = [(await card.locator('.film-card__age').boundingBox())!, (await card.locator('.film-card__poster').boundingBox())!];
    expect(tag.width / poster.width).toBeLessThanOrEqual(0.45);
    expect((tag.width * tag.height) / (poster.width * poster.height)).toBeLessThanOrEqual(0.08);
  });
});

describe('the account menu at 768 px', () => {
  it('leaves no item alone on a row', async ({ browsers }) => {
    const { page } = await browsers.as(await newPerson(), { context: { viewport: { width: 768, height: 1000 } } });
    await page.goto('/profile');
    const menu = page.getByRole('navigation', { name: 'Меню профиля' });
    await menu.getByRole('button', { name: 'Удалить профиль' }).waitFor();
    const rows = await rowsOf(menu);
    expect(rows.length, rows.join(' + ')).toBeGreaterThan(1);
    expect(rows.every((n) => n >= 2), rows.join(' + ')).toBe(true);
  });
});

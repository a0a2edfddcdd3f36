/**
 * What editors may write, rendered as an editor's save renders it and seen in Chromium: a word longer
 * than any column (a pasted address) breaks inside it — in a title's description and name, its episode
 * names, an actor's name, facts and biography, a banner's title and text — so no page scrolls sideways at
 * 375 or 1366 px and nothing is cut off; an episode with nothing to play yet is named as coming; a title
 * without a year has no empty brackets in its page's title; a banner's picture shows, and a link whose
 * address was removed is plain text.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from './support/test.ts';
import { VIEWPORTS } from './support/browser.ts';
import { adminApi, hydrated, patientPolls, renderChanges } from './support/site.ts';

patientPolls(20_000);

const stamp = randomUUID().slice(0, 8);
const WIDTHS = [VIEWPORTS.mobile, { width: 1366, height: 800 }];

/** Made for this file, deleted after it: the seeded catalogue that other tests read stays as it is. */
const made = { titles: [] as number[], actors: [] as number[], banners: [] as number[] };
const words = {
  title: { slug: `long-words-${stamp}`, name: `Проба ${'Щ'.repeat(200)}` },
  actor: { slug: `long-words-actor-${stamp}`, nameRu: `Проба ${'Ё'.repeat(150)}` },
  banner: { title: `Баннер ${'Ё'.repeat(100)}` },
};

beforeAll(async () => {
  const api = await adminApi();
  // A seeded episode's embed and a seeded poster: what the pages show plays and loads.
  const [{ iframe }] = await api.get<{ iframe: string }[]>('/items/series?filter[iframe][_starts_with]=/embed/&fields=iframe&limit=1');
  const [{ poster }] = await api.get<{ poster: string }[]>('/items/titles?filter[poster][_nnull]=true&fields=poster&limit=1');
  const actor = await api.post<{ id: number }>('/items/actors', {
    ...words.actor, nameEn: 'A'.repeat(150), career: 'К'.repeat(150), birthPlace: 'Г'.repeat(150), dob: '1990-05-01',
    biography: `Начало. ${'Ы'.repeat(3000)} конец.`,
  });
  made.actors.push(actor.id);
  const title = await api.post<{ id: number }>('/items/titles', {
    ...words.title, status: 'published', typeSource: 'Без сезонов', source: 'iframe', releaseYear: null,
    description: `Начало ${'Ы'.repeat(2000)} конец.`, actors: [{ actors_id: actor.id }],
  });
  made.titles.push(title.id);
  await api.post('/items/series', [
    { title: title.id, sort: 1, name: `Серия ${'Щ'.repeat(110)}`, source: 'iframe', iframe },
    // Nothing to play yet.
    { title: title.id, sort: 2, name: '2 серия', source: 'iframe', iframe: null },
    { title: title.id, sort: 3, name: '3 серия', source: 'iframe', iframe },
  ]);
  const banner = await api.post<{ id: number }>('/items/mainBanners', {
    ...words.banner, priority: -1000,
    description: `<p>${'Ж'.repeat(600)}</p><p><img src="/api/assets/${poster}?key=poster" alt="Кадр"> <a href="javascript:alert(1)">ссылка</a></p>`,
  });
  made.banners.push(banner.id);
  // A banner is not a title: the whole catalogue is read, and the pages it changed rendered.
  await renderChanges();
});

afterAll(async () => {
  const api = await adminApi();
  if (made.titles.length) await api.request('DELETE', '/items/titles', made.titles);
  if (made.actors.length) await api.request('DELETE', '/items/actors', made.actors);
  if (made.banners.length) await api.request('DELETE', '/items/mainBanners', made.banners);
  await renderChanges();
});

/** How far the page is wider than the screen: 0 when nothing scrolls sideways. */
const widerBy = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('a word longer than the column', () => {
  for (const viewport of WIDTHS) {
    it(`breaks inside it on the title page, in the description and the episode names, at ${viewport.width} px`, async ({ browsers }) => {
      const { page } = await browsers.visitor({ context: { viewport } });
      await page.goto(`/${words.title.slug}`);
      await page.locator('.title-plot').waitFor();
      expect(await widerBy(page)).toBe(0);
      await page.goto(`/${words.title.slug}?tab=seasons`);
      await page.locator('#player').scrollIntoViewIfNeeded();
      await hydrated(page, '#player');
      const episode = page.locator('#player .player__episode').first();
      expect(await episode.innerText()).toContain('ЩЩЩ');
      expect(await widerBy(page)).toBe(0);
      // Whole inside the list: not cut at either side.
      const [box, list] = [(await episode.boundingBox())!, (await page.locator('#player .player__episodes').boundingBox())!];
      expect(box.x).toBeGreaterThanOrEqual(list.x);
      expect(box.x + box.width).toBeLessThanOrEqual(list.x + list.width);
    });

    it(`breaks inside it on the actor page, folded and whole, and in the card of their title, at ${viewport.width} px`, async ({ browsers }) => {
      const { page } = await browsers.visitor({ context: { viewport } });
      await page.goto(`/actors/${words.actor.slug}`);
      await page.locator('.film-card', { hasText: 'ЩЩЩ' }).first().waitFor();
      expect(await widerBy(page)).toBe(0);
      await page.getByRole('button', { name: 'Читать полностью' }).click();
      await expect.poll(() => page.locator('.biography__text').innerText()).toContain('конец.');
      expect(await widerBy(page)).toBe(0);
    });

    it(`breaks inside the home banner rather than being cut off, at ${viewport.width} px`, async ({ browsers }) => {
      const { page } = await browsers.visitor({ context: { viewport } });
      await page.goto('/');
      const slide = page.locator('.banner-slide', { hasText: 'ЁЁЁ' }).first();
      await slide.waitFor();
      expect(await widerBy(page)).toBe(0);
      // Every line of its text ends inside the slide.
      const outside = await slide.evaluate((el) => {
        const edge = el.getBoundingClientRect().right;
        return [...el.querySelectorAll<HTMLElement>('.banner-slide__title, .banner-slide__description p')]
          .filter((t) => t.scrollWidth > t.clientWidth || t.getBoundingClientRect().right > edge + 1).map((t) => t.className || t.tagName);
      });
      expect(outside).toEqual([]);
    });
  }
});

describe('an episode with nothing to play yet', () => {
  it('is named under the player as coming, the list and the count holding the playable ones', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    await page.goto(`/${words.title.slug}?tab=seasons`);
    await page.locator('#player').scrollIntoViewIfNeeded();
    await hydrated(page, '#player');
    const names = await page.locator('#player .player__episode').allInnerTexts();
    expect(names.map((n) => n.slice(0, 8))).toEqual(['Серия ЩЩ', '3 серия']);
    const coming = page.getByRole('region', { name: 'Скоро появятся' });
    expect(await coming.getByRole('listitem').allInnerTexts()).toEqual(['2 серия']);
    await expect.poll(() => page.locator('#player .player__summary').innerText()).toBe('Просмотрено 0 из 2');
  });
});

describe('a title without a year', () => {
  it('has no empty brackets in its page\'s title', async ({ page }) => {
    await page.goto(`/${words.title.slug}`);
    expect(await page.title()).toBe(`${words.title.name} смотреть онлайн — Дорамы онлайн`);
  });
});

describe('a banner\'s rich text', () => {
  it('shows the picture an editor put in it, and a link whose address was removed as plain text', async ({ page }) => {
    await page.goto('/');
    const description = page.locator('.banner-slide', { hasText: 'ЁЁЁ' }).first().locator('.banner-slide__description');
    const picture = description.getByRole('img', { name: 'Кадр' });
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await description.innerText()).toContain('ссылка');
    expect(await description.locator('a').count()).toBe(0);
  });
});

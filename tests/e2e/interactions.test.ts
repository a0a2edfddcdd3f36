/**
 * What a visitor does on the site, in Chromium against the built site and the real Directus:
 * search, contact form, theme, cookie notice, scroll-to-top, title tabs and player, views,
 * reviews, the category alphabet, 'Показать еще' lists and the 404 page (the filter screen: category-lists.test.ts).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from './support/test.ts';
import type { Browsers } from './support/test.ts';
import { adminApi, controlsUnderNotice, holdScripts, hydrated, idleIslandsHydrated, notHydrated, patientPolls, titleBySlug } from './support/site.ts';
import { API_CACHE_STALE_MS, API_CACHE_TTL_MS } from '../../scripts/lib/api-cache.ts';
import { TITLES } from '../../directus/seed/data/titles.ts';
import { PLAYER_HEIGHT_PX } from '../../src/lib/constants.ts';
import { VIEW_FLOW_ID } from '../../shared/visitor-rules.ts';
import { VIEWPORTS } from './support/browser.ts';

patientPolls();


const text = (page: Page, selector = 'body') => page.locator(selector).innerText();
const cardNames = (page: Page, scope: string) => page.locator(`${scope} .film-card .film-card__link`).allInnerTexts();
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

describe('search modal', () => {
  it('finds a title case-blind and opens it', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    await page.goto('/');
    await idleIslandsHydrated(page);
    await page.locator('header button[data-open="search"]').click();
    const dialog = page.getByRole('dialog', { name: 'Поиск' });
    await dialog.waitFor();
    const input = dialog.getByPlaceholder('Поиск..');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    // Nothing typed: the most viewed titles under 'Часто ищут:'.
    await expect.poll(() => text(page, 'dialog[open]')).toContain('Часто ищут:');
    await expect.poll(() => dialog.locator('.film-card').count()).toBeGreaterThan(0);

    // Leading spaces are trimmed; upper case finds the lower-case name.
    await input.fill('   АРОМАТ ПОСЛЕДНЕГО');
    expect(await input.inputValue()).toBe('АРОМАТ ПОСЛЕДНЕГО');
    await expect.poll(() => text(page, 'dialog[open]')).toContain('Найдено:');
    const card = dialog.locator('.film-card', { hasText: 'Аромат последнего лета' });
    // The only match replaces the popular titles.
    await expect.poll(() => dialog.locator('.film-card').count()).toBe(1);
    expect(await card.count()).toBe(1);

    await card.locator('a').click();
    await page.waitForURL(/\/aromat-poslednego-leta$/);
    expect(await page.locator('main h1').innerText()).toBe('Аромат последнего лета');
    expect(await page.locator('dialog[open]').count()).toBe(0);
  });

  it('shows Часто ищут: again when the query is cleared, and says when nothing is found', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    await page.goto('/updates');
    await idleIslandsHydrated(page);
    await page.locator('header button[data-open="search"]').click();
    const dialog = page.getByRole('dialog', { name: 'Поиск' });
    const input = dialog.getByPlaceholder('Поиск..');
    await input.fill('щщщщщ');
    await expect.poll(() => text(page, 'dialog[open]')).toContain('Ничего не найдено');
    await input.fill('');
    await expect.poll(() => text(page, 'dialog[open]')).toContain('Часто ищут:');
    await expect.poll(() => dialog.locator('.film-card').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').first().waitFor({ state: 'detached' });
  });
});

describe('contact form', () => {
  it('says so in the modal when its form cannot load, and has it after a reload', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const form = '**/_astro/ContactForm.*.js';
    await page.route(form, (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    await idleIslandsHydrated(page);
    const open = () => page.locator('footer').getByRole('button', { name: 'Связаться с нами' }).click();
    await open();
    const dialog = page.getByRole('dialog', { name: 'Связаться с нами' });
    await expect.poll(() => dialog.getByRole('alert').innerText()).toContain('Не удалось загрузить часть страницы.');

    await page.unroute(form);
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Обновить страницу' }).click();
    await reloaded;
    await idleIslandsHydrated(page);
    await open();
    await dialog.getByLabel('Сообщение').waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
  });

  it('sends from the footer and stores the support request', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const stamp = Date.now();
    const sent = { name: 'Тестовый Зритель', email: `viewer-${stamp}@example.com`, topic: `Плеер ${stamp}`, message: 'Серия 5 не запускается на телефоне.' };
    await page.goto('/');
    await idleIslandsHydrated(page);
    await page.locator('footer').getByRole('button', { name: 'Связаться с нами' }).click();
    const dialog = page.getByRole('dialog', { name: 'Связаться с нами' });
    await dialog.waitFor();
    expect(await dialog.getByRole('link', { name: 'политикой конфиденциальности' }).getAttribute('href')).toBe('/privacy-policy');
    await dialog.getByLabel('Имя').fill(sent.name);
    await dialog.getByLabel('Email').fill(sent.email);
    await dialog.getByLabel('Тема').fill(sent.topic);
    await dialog.getByLabel('Сообщение').fill(sent.message);
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await expect.poll(() => dialog.innerText()).toContain('Спасибо за обращение! Мы скоро свяжемся с вами по указанному email.');

    const api = await adminApi();
    const rows = await api.get<Record<string, string>[]>(`/items/supportRequests?filter[email][_eq]=${encodeURIComponent(sent.email)}&fields=name,email,topic,message`);
    expect(rows).toEqual([sent]);
  });
});

describe('theme', () => {
  it('is light by default, and the dark look survives a reload', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    await page.goto('/');
    const classes = () => page.evaluate(() => [...document.documentElement.classList]);
    expect(await classes()).toContain('light-theme');
    expect(await classes()).not.toContain('dark-theme');
    await idleIslandsHydrated(page);
    await page.locator('header .theme-toggle').click();
    await expect.poll(classes).toContain('dark-theme');
    expect(await classes()).not.toContain('light-theme');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark-theme');

    await page.reload();
    expect(await classes()).toContain('dark-theme');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(255, 255, 255)');
    await page.goto('/updates');
    expect(await classes()).toContain('dark-theme');

    await idleIslandsHydrated(page);
    await page.locator('header .theme-toggle').click();
    await expect.poll(classes).toContain('light-theme');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light-theme');
  });
});

describe('cookie notice', () => {
  const SIZES = [{ width: 375, height: 812 }, { width: 1366, height: 900 }, { width: 1280, height: 900 }];

  it('covers no button, link or field on any page at 375×812, 1366×900 and 1280×900, at the top, midway or at the end', async ({ browsers }) => {
    const api = await adminApi();
    const [title] = await api.get<{ slug: string }[]>('/items/titles?filter[status][_eq]=published&fields=slug&sort=id&limit=1');
    const [category] = await api.get<{ slug: string }[]>('/items/categories?filter[subCategories][_nnull]=true&fields=slug&sort=name&limit=1');
    const [actor] = await api.get<{ slug: string }[]>('/items/actors?fields=slug&sort=id&limit=1');
    const [tag] = await api.get<{ slug: string }[]>('/items/tags?fields=slug&sort=id&limit=1');
    const pages = ['/', `/${title.slug}`, `/${title.slug}/actors`, `/categories/${category.slug}`, `/categories/${category.slug}/filter`,
      `/actors/${actor.slug}`, `/tag/${tag.slug}`, '/updates', '/about', '/login', '/login#register', '/no-such-page'];
    for (const size of SIZES) {
      const { page } = await browsers.visitor({ acceptCookies: false });
      await page.setViewportSize(size);
      for (const path of pages) {
        await page.goto(path);
        await page.getByRole('region', { name: 'Уведомление о cookie' }).waitFor();
        await page.waitForLoadState('load');
        for (const at of ['top', 'middle', 'end'] as const) {
          await page.evaluate((where) => window.scrollTo({ top: where === 'top' ? 0 : where === 'middle' ? document.documentElement.scrollHeight / 2 : document.documentElement.scrollHeight, behavior: 'instant' }), at);
          expect(await controlsUnderNotice(page), `${path} at ${size.width}×${size.height}, ${at}`).toEqual([]);
        }
        // And nothing floats over the notice's own button.
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
        const accept = page.getByRole('button', { name: 'Принять' });
        expect(await accept.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
        }), `${path}: «Принять» free`).toBe(true);
      }
    }
  });

  it('appears with the page, not after it: nothing moves when it shows', async ({ browsers }) => {
    const { page } = await browsers.visitor({ acceptCookies: false, width: 'mobile' });
    await page.addInitScript(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!e.hadRecentInput) (window as unknown as { shifts: number }).shifts += e.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    await page.getByRole('region', { name: 'Уведомление о cookie' }).waitFor();
    await page.waitForLoadState('load');
    // The notice is in the server's page above the header, shown before the first paint.
    const header = await page.locator('header').boundingBox();
    const notice = await page.getByRole('region', { name: 'Уведомление о cookie' }).boundingBox();
    expect(header!.y).toBeGreaterThanOrEqual(notice!.y + notice!.height - 1);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.01);
  });

  it('shows on the first visit, hides on Принять and stays hidden', async ({ browsers }) => {
    const { page } = await browsers.visitor({ acceptCookies: false });
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Уведомление о cookie' });
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Принять' }).click();
    await notice.first().waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('cookiesAccepted'))).toBe('true');
    await page.reload();
    await idleIslandsHydrated(page);
    expect(await notice.count()).toBe(0);
  });
});

describe('scroll to top', () => {
  it('appears after 150 px of scrolling and takes the page back up', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    await page.goto('/');
    await idleIslandsHydrated(page);
    const button = page.getByRole('button', { name: 'Наверх' });
    expect(await button.count()).toBe(0);
    // Scrolled by 100 px: once the scroll event has run and two frames have been drawn, still no button.
    await page.evaluate(() => new Promise<void>((resolve) => {
      window.addEventListener('scroll', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true });
      window.scrollTo(0, 100);
    }));
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 400));
    await button.waitFor();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await button.first().waitFor({ state: 'detached' });
  });
});

describe('title page', () => {
  const paneVisible = (page: Page, id: string) => page.locator(`#tab-${id}`).isVisible();

  it('opens the tab named in the URL and keeps the URL in step with clicks', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    await page.goto('/aromat-poslednego-leta?tab=seasons');
    await hydrated(page, '.tabs');
    await expect.poll(() => paneVisible(page, 'seasons')).toBe(true);
    expect(await paneVisible(page, 'description')).toBe(false);
    await expect.poll(() => page.locator('#player iframe, #player video').count()).toBe(1);

    await page.goto('/aromat-poslednego-leta?tab=soundtrack');
    await hydrated(page, '.tabs');
    await expect.poll(() => paneVisible(page, 'soundtrack')).toBe(true);
    expect(await text(page, '#tab-soundtrack')).toContain('OST Часть 1');
    expect(await page.locator('#tab-soundtrack audio').count()).toBe(5);

    await page.getByRole('tab', { name: 'Серии' }).click();
    expect(param(page, 'tab')).toBe('seasons');
    await expect.poll(() => paneVisible(page, 'seasons')).toBe(true);
    await page.getByRole('tab', { name: 'Описание' }).click();
    expect(param(page, 'tab')).toBe(null);
    await expect.poll(() => paneVisible(page, 'description')).toBe(true);
    expect(await text(page, '#tab-description')).toContain('Южная Корея');
    await page.goBack();
    expect(param(page, 'tab')).toBe('seasons');
    await expect.poll(() => paneVisible(page, 'seasons')).toBe(true);
  });

  it('falls back to the description for a missing soundtrack or an unknown tab', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    for (const url of ['/boss-na-polstavki?tab=soundtrack', '/aromat-poslednego-leta?tab=nonsense']) {
      await page.goto(url);
      await hydrated(page, '.tabs');
      await expect.poll(() => page.getByRole('tab', { name: 'Описание' }).getAttribute('aria-selected'), { message: url }).toBe('true');
      expect(await paneVisible(page, 'description'), url).toBe(true);
      expect(await paneVisible(page, 'seasons'), url).toBe(false);
    }
    expect(await page.getByRole('tab', { name: 'Саундтреки' }).count()).toBe(1);
    await page.goto('/boss-na-polstavki');
    await hydrated(page, '.tabs');
    expect(await page.getByRole('tab', { name: 'Саундтреки' }).count()).toBe(0);
  });

  it('lists a series\' episodes in the player and narrows them by the episode search', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const player = await holdScripts(page, '**/_astro/Player.*.js');
    await page.goto('/aromat-poslednego-leta?tab=seasons', { waitUntil: 'domcontentloaded' });
    await hydrated(page, '.tabs');
    const episodes = page.locator('#player .player__episode');
    await expect.poll(() => episodes.count()).toBeGreaterThanOrEqual(10);
    expect(await episodes.first().innerText()).toBe('1 серия');
    const height = await page.locator('#player .player__screen').evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBe(570);

    // The list is in the page's HTML: what is typed before the player wakes narrows it once it has.
    await page.getByPlaceholder('Поиск серии').fill('12');
    expect(await notHydrated(page, '#player')).toBe(true);
    await player.release();
    await hydrated(page, '#player .player__episode');
    await expect.poll(() => episodes.allInnerTexts()).toEqual(['12 серия']);
    await episodes.first().click();
    await expect.poll(() => episodes.first().getAttribute('aria-current')).toBe('true');
    await page.getByPlaceholder('Поиск серии').fill('сто');
    await expect.poll(() => text(page, '#player')).toContain('Серии не найдены');
    await page.getByPlaceholder('Поиск серии').fill('');
    await expect.poll(() => episodes.count()).toBeGreaterThanOrEqual(10);
  });

  it('shows the seasons of a multi-season series', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    type Row = { id: number; name: string; sort: number | null };
    const { iframeSeasons } = await titleBySlug<{ iframeSeasons: (Row & { series: (Row & { deleted: boolean | null })[] })[] }>(
      'vrachi-nochnoy-smeny',
      ['id', 'name', 'sort', 'series.id', 'series.name', 'series.sort', 'series.deleted'].map((f) => `iframeSeasons.${f}`).join(','));
    const inOrder = <T extends Row>(rows: T[]) => rows.toSorted((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id);
    // A visitor's player: each season's episodes in their order, those taken down left out.
    const expected = inOrder(iframeSeasons).map((s) => ({ name: s.name, episodes: inOrder(s.series.filter((e) => !e.deleted)).map((e) => e.name) }));
    expect(expected.length).toBeGreaterThan(1);

    await page.goto('/vrachi-nochnoy-smeny?tab=seasons');
    const seasons = page.locator('#player .player__season');
    const episodes = page.locator('#player .player__episode');
    await expect.poll(() => seasons.allInnerTexts()).toEqual(expected.map((s) => s.name));
    await expect.poll(() => episodes.allInnerTexts()).toEqual(expected[0].episodes);
    // The lists above are in the built HTML: a click counts once the player has hydrated.
    await hydrated(page, '#player .player__season');
    await seasons.nth(1).click();
    await expect.poll(() => seasons.nth(1).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => episodes.allInnerTexts()).toEqual(expected[1].episodes);
  });

  it('«Смотреть» opens the player in place: no reload, the address follows, the player in view and focused', async ({ browsers }) => {
    for (const width of ['desktop', 'mobile'] as const) {
      const { page } = await browsers.visitor({ width });
      await page.goto('/aromat-poslednego-leta');
      await hydrated(page, '.tabs');
      // A reload would lose this.
      await page.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });
      const loads: string[] = [];
      page.on('load', () => loads.push(page.url()));
      await page.getByRole('link', { name: 'Смотреть' }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'seasons' && url.hash === '#player');
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), width).toBe(true);
      expect(await paneVisible(page, 'seasons'), width).toBe(true);
      expect(await paneVisible(page, 'description'), width).toBe(false);
      expect(await page.getByRole('tab', { name: 'Серии' }).getAttribute('aria-selected')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('player');
      // Scrolled to: the whole screen in the window, below the sticky header.
      const inView = () => page.locator('#player .player__screen').evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top >= document.querySelector('header')!.getBoundingClientRect().bottom && box.bottom <= window.innerHeight;
      });
      await expect.poll(inView, { message: width }).toBe(true);
      expect(loads, width).toEqual([]);
      // Back returns to the description, still without a reload.
      await page.goBack();
      await expect.poll(() => paneVisible(page, 'description')).toBe(true);
      expect(param(page, 'tab')).toBe(null);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    }
  });

  it('«Смотреть» still reaches the player with script off', async ({ browsers }) => {
    const { page } = await browsers.visitor({ context: { javaScriptEnabled: false } });
    await page.goto('/aromat-poslednego-leta');
    expect(await paneVisible(page, 'seasons')).toBe(false);
    await page.getByRole('link', { name: 'Смотреть' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'seasons' && url.hash === '#player');
    await page.locator('#player .player__screen').waitFor();
    await expect.poll(() => page.locator('#player .player__screen').evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(VIEWPORTS.desktop.height);
  });

  it('keeps the player\'s height on a wide screen and makes it a 16:9 box the width of a phone, for frames and videos alike', async ({ browsers }) => {
    const film = (source: 'iframe' | 'video') => TITLES.find((t) => t.typeSource === 'Одиночный' && t.source === source);
    const series = (source: 'iframe' | 'video') => TITLES.find((t) => t.typeSource !== 'Одиночный' && t.source === source);
    const cases = [
      { title: series('iframe'), tag: 'iframe', height: PLAYER_HEIGHT_PX.series },
      { title: series('video'), tag: 'video', height: PLAYER_HEIGHT_PX.series },
      { title: film('iframe'), tag: 'iframe', height: PLAYER_HEIGHT_PX.single },
      { title: film('video'), tag: 'video', height: PLAYER_HEIGHT_PX.single },
    ].filter((c) => c.title);
    // Both sources of both shapes are in the demo catalogue.
    expect(cases).toHaveLength(4);
    for (const width of ['desktop', 'mobile'] as const) {
      const { page } = await browsers.visitor({ width });
      for (const c of cases) {
        await page.goto(`/${c.title!.slug}?tab=seasons`);
        // The screen: the frame itself, or the video's controller (the video fills it).
        const screen = page.locator('#player .player__screen');
        await screen.waitFor();
        expect(await screen.locator(`xpath=self::${c.tag} | .//${c.tag}`).count()).toBe(1);
        const box = await screen.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
        const at = `${c.title!.slug} at ${width}`;
        if (width === 'desktop') {
          expect(box.height, at).toBe(c.height);
        } else {
          // The width of the screen less the page's margins, and 16:9: no tall box around a letterboxed picture.
          expect(box.width, at).toBeGreaterThan(VIEWPORTS.mobile.width - 48);
          expect(Math.abs(box.height - (box.width * 9) / 16), at).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('registers a view when the page opens', async ({ browsers }) => {
    // A title no other test opens: the backend counts one view per visitor and title in 10 minutes.
    const slug = 'granitnyy-sled';
    const before = (await titleBySlug<{ views: number }>(slug)).views ?? 0;
    const { page } = await browsers.visitor();
    await page.goto(`/${slug}`);
    await expect.poll(async () => (await titleBySlug<{ views: number }>(slug)).views, { timeout: 15_000 }).toBe(before + 1);
  });

  it('says nothing when the view is not counted, the backend too busy to take it', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const said: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && said.push(m.text())));
    for (const status of [429, 503]) {
      said.splice(0);
      await page.route(`**/api/flows/trigger/${VIEW_FLOW_ID}`, (route) => route.fulfill({
        status, contentType: 'application/json', body: JSON.stringify({ errors: [{ message: 'Under pressure', extensions: { code: 'SERVICE_UNAVAILABLE' } }] }),
      }));
      const answered = page.waitForResponse((r) => r.url().endsWith(`/flows/trigger/${VIEW_FLOW_ID}`));
      await page.goto(`/${TITLES[0].slug}`);
      expect((await answered).status()).toBe(status);
      await page.waitForLoadState('networkidle');
      // The browser's own line about a failed request aside, the page says nothing.
      expect(said.filter((line) => !line.startsWith('Failed to load resource')), String(status)).toEqual([]);
      await page.unrouteAll();
    }
  });

  it('shows the reviews fresh from the backend and asks visitors to sign in', async ({ browsers, onTestFinished }) => {
    const api = await adminApi();
    const { id } = await titleBySlug<{ id: number }>('aromat-poslednego-leta', 'id');
    // Written after the build: only a fresh read can show it.
    const fresh = await api.post<{ id: number }>('/items/comments', { text: `Свежий отзыв ${Date.now()}`, title: id });
    onTestFinished(() => api.delete(`/items/comments/${fresh.id}`));
    const { page } = await browsers.visitor();
    const reviews = page.locator('section.reviews');
    // Visitors' reads of /api are shared for a few seconds (scripts/lib/api-cache.ts): a review written
    // straight to the backend shows within that time.
    await expect.poll(async () => {
      await page.goto('/aromat-poslednego-leta');
      await reviews.scrollIntoViewIfNeeded();
      await expect.poll(() => reviews.innerText()).toContain('Плакала на последних двух сериях');
      return reviews.innerText();
    }, { timeout: API_CACHE_TTL_MS + API_CACHE_STALE_MS + 10_000 }).toMatch(/Свежий отзыв \d+/);
    const shown = await reviews.innerText();
    expect(shown).toContain('sakura_fan');
    expect(shown).toContain('Согласна про саундтрек, вторая часть OST вообще шедевр!');
    expect(await reviews.getByRole('img', { name: 'Нравится: 3', exact: true }).count()).toBeGreaterThan(0);
    const signIn = reviews.getByRole('link', { name: 'Войдите, чтобы оставить комментарий' });
    // Signing in brings the visitor back to the title.
    expect(await signIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent('/aromat-poslednego-leta')}`);
    expect(await reviews.locator('textarea, form').count()).toBe(0);
  });
});

describe('category alphabet', () => {
  /** Ten titles starting with Q in the films, so the index has more than a page of 8 to show. */
  const TEMP = Array.from({ length: 10 }, (_, i) => `Qтест ${String(i + 1).padStart(2, '0')}`);
  let tempIds: number[] = [];

  beforeAll(async () => {
    const api = await adminApi();
    const [films] = await api.get<{ id: number }[]>('/items/categories?filter[slug][_eq]=filmy-onlayn&fields=id');
    const created = await api.post<{ id: number }[]>('/items/titles?fields=id', TEMP.map((name, i) => ({
      status: 'published', name, slug: `q-test-${i + 1}`, category: films.id, typeSource: 'Одиночный', views: 0,
    })));
    tempIds = created.map((r) => r.id);
  });

  afterAll(async () => {
    if (tempIds.length) await (await adminApi()).request('DELETE', '/items/titles', tempIds);
  });

  async function openIndex(browsers: Browsers, slug: string): Promise<Page> {
    const { page } = await browsers.visitor();
    await page.goto(`/categories/${slug}`);
    await page.locator('.alphabet').scrollIntoViewIfNeeded();
    await hydrated(page, '.alphabet');
    return page;
  }

  it('filters by a letter, keeps it in q, and clears', async ({ browsers }) => {
    const page = await openIndex(browsers, 'doramy-onlayn');
    const results = () => cardNames(page, '.alphabet__results');
    await page.locator('.alphabet__key', { hasText: /^Н$/ }).click();
    await expect.poll(results).toHaveLength(3);
    for (const name of await results()) expect(name).toMatch(/^Н/);
    expect(param(page, 'q')).toBe('Н');
    expect(await page.locator('.alphabet__key', { hasText: /^Н$/ }).getAttribute('aria-pressed')).toBe('true');

    await page.locator('.alphabet__key', { hasText: /^Д$/ }).click();
    await expect.poll(results).toEqual(expect.arrayContaining([expect.stringMatching(/^Д/)]));
    for (const name of await results()) expect(name).toMatch(/^Д/);
    expect(param(page, 'q')).toBe('Д');

    // Ё is found under Е, and a typed prefix works like a key.
    await page.getByPlaceholder('Начало названия').fill('ел');
    await expect.poll(results).toEqual(['Ёлки на Намсане']);
    expect(param(page, 'q')).toBe('ел');

    await page.getByRole('button', { name: 'Сбросить' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(results).toEqual([]);
    expect(param(page, 'q')).toBe(null);
    const box = page.getByPlaceholder('Начало названия');
    expect(await box.inputValue()).toBe('');
    // The keyboard stays by the search box rather than going back to the page's start.
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);

    // q in the URL is read back on opening.
    await page.goto('/categories/doramy-onlayn?q=Н');
    await page.locator('.alphabet').scrollIntoViewIfNeeded();
    await expect.poll(results).toHaveLength(3);
  });

  it('shows 8 results and adds the rest with Показать еще', async ({ browsers }) => {
    const page = await openIndex(browsers, 'filmy-onlayn');
    const results = () => cardNames(page, '.alphabet__results');
    await page.locator('.alphabet__key', { hasText: /^Q$/ }).click();
    await expect.poll(results).toEqual(TEMP.slice(0, 8));
    await page.locator('.alphabet').getByRole('button', { name: 'Показать еще' }).click();
    await expect.poll(results).toEqual(TEMP);
    expect(await page.locator('.alphabet').getByRole('button', { name: 'Показать еще' }).count()).toBe(0);
  });
});

describe('Показать еще lists', () => {
  async function showMore(browsers: Browsers, path: string, firstPage: number, total: number) {
    const { page } = await browsers.visitor();
    await page.goto(path);
    const grid = page.locator('.show-more-grid .film-card');
    expect(await grid.count()).toBe(firstPage);
    const first = await cardNames(page, '.show-more-grid');
    // Laid out as a grid of cards side by side, with the site's button, not as a bare column.
    const [a, b] = await Promise.all([grid.nth(0).boundingBox(), grid.nth(1).boundingBox()]);
    expect(b!.y).toBe(a!.y);
    expect(b!.x).toBeGreaterThan(a!.x + a!.width);
    const button = page.locator('.show-more-grid').getByRole('button', { name: 'Показать еще' });
    const accent = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
    const painted = await button.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(painted).toBe(await page.evaluate((c) => { const d = document.createElement('div'); d.style.color = c; document.body.append(d); const rgb = getComputedStyle(d).color; d.remove(); return rgb; }, accent));
    await button.scrollIntoViewIfNeeded();
    await hydrated(page, '.show-more-grid');
    await button.click();
    await expect.poll(() => grid.count()).toBe(total);
    const all = await cardNames(page, '.show-more-grid');
    expect(all.slice(0, firstPage)).toEqual(first);
    expect(new Set(all).size).toBe(total);
    expect(await button.count()).toBe(0);
  }

  it('appends the next newest titles of a category', ({ browsers }) => showMore(browsers, '/categories/doramy-onlayn/new', 16, 30));
  it('appends the next titles of a tag', ({ browsers }) => showMore(browsers, '/tag/druzhba', 20, 24));
});

describe('404', () => {
  for (const path of ['/not-found', '/net-takogo-serialа', '/categories/net-takoy', '/titles/net-takogo', '/actors/nikto']) {
    it(`answers ${path} with 404 and a way home`, async ({ browsers }) => {
      const { page } = await browsers.visitor();
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      expect(await page.locator('main h1').innerText()).toBe('Страница не найдена');
      await page.getByRole('main').getByRole('link', { name: 'На главную', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(await page.locator('main h1').textContent()).toBe('Дорамы онлайн');
    });
  }
});

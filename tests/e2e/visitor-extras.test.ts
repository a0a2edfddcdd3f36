/**
 * More of what a visitor does, beyond interactions.test.ts: the mobile menu, the footer tag list,
 * the home banner carousel and card slider, the title banner's frames, what a title page loads before its islands
 * are needed, the actor's biography fold and photos, the static pages' questions form (its length caps),
 * and what a visitor meets with scripts off.
 * What is expected comes from the backend (read as its administrator), not from copies of it.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from './support/test.ts';
import { BANNER_AUTOPLAY_MS, SLIDER } from '../../src/lib/constants.ts';
import { VIEWPORTS } from './support/browser.ts';
import { adminApi, holdScripts, hydrated, idleIslandsHydrated, notHydrated, patientPolls, type ThemeName } from './support/site.ts';
import { TEXT_LIMITS } from '../../shared/visitor-rules.ts';
import { SUPPORT_REFUSALS } from '../../shared/support-refusals.ts';
import { textLimit } from '../../src/ui/text-limit.ts';

patientPolls();


const themeClasses = (page: Page) => page.evaluate(() => [...document.documentElement.classList]);

describe('mobile menu at 375 px', () => {
  interface Category { name: string; slug: string; subCategories: { name: string }[] }

  async function categoriesWithSubs(): Promise<Category[]> {
    const api = await adminApi();
    const rows = await api.get<Category[]>('/items/categories?fields=name,slug,subCategories.name&sort=name&limit=-1');
    return rows.filter((c) => c.subCategories.length > 0);
  }

  async function openMenu(page: Page) {
    const burger = page.getByRole('button', { name: 'Открыть меню' });
    await burger.click();
    const menu = page.getByRole('dialog', { name: 'Меню' });
    await menu.waitFor();
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    return menu;
  }

  const themes: { theme: ThemeName; label: string; other: ThemeName; otherLabel: string }[] = [
    { theme: 'light-theme', label: 'Темное оформление', other: 'dark-theme', otherLabel: 'Светлое оформление' },
    { theme: 'dark-theme', label: 'Светлое оформление', other: 'light-theme', otherLabel: 'Темное оформление' },
  ];

  for (const t of themes) {
    it(`offers Войти and '${t.label}' in the ${t.theme}, and the toggle switches the look`, async ({ browsers }) => {
      const { page } = await browsers.visitor({ width: 'mobile', theme: t.theme });
      await page.goto('/');
      await idleIslandsHydrated(page);
      // The desktop menu is hidden on a phone: the burger is the way in.
      expect(await page.locator('header .header__nav').isVisible()).toBe(false);
      const menu = await openMenu(page);

      const login = menu.getByRole('link', { name: 'Войти' });
      expect(await login.isVisible()).toBe(true);
      expect(await login.getAttribute('href')).toBe('/login');

      const toggle = menu.locator('.theme-toggle');
      expect(await toggle.innerText()).toBe(t.label);
      await toggle.click();
      await expect.poll(() => themeClasses(page)).toContain(t.other);
      expect(await themeClasses(page)).not.toContain(t.theme);
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe(t.other);
      expect(await toggle.innerText()).toBe(t.otherLabel);
      // The menu stays open while the look changes.
      expect(await menu.isVisible()).toBe(true);
    });
  }

  it('unfolds a category into its sub-category links', async ({ browsers }) => {
    const categories = await categoriesWithSubs();
    expect(categories.length).toBeGreaterThan(0);
    const { page } = await browsers.visitor({ width: 'mobile' });
    await page.goto('/');
    await idleIslandsHydrated(page);
    const menu = await openMenu(page);
    for (const category of categories) {
      const item = menu.locator('details', { has: page.locator('summary', { hasText: category.name }) });
      const subLinks = item.locator('.mobile-menu__subs a');
      expect(await subLinks.first().isVisible(), `${category.name} folded`).toBe(false);
      await item.locator('summary').click();
      await expect.poll(() => subLinks.first().isVisible(), { message: category.name }).toBe(true);

      const names = await subLinks.allInnerTexts();
      expect(names[0], category.name).toBe(`Все: ${category.name}`);
      expect(names.slice(1).sort(), category.name).toEqual(category.subCategories.map((s) => s.name).sort());
      expect(await subLinks.first().getAttribute('href')).toBe(`/categories/${category.slug}`);
      for (const sub of category.subCategories) {
        const href = await item.getByRole('link', { name: sub.name, exact: true }).getAttribute('href');
        const url = new URL(href!, 'http://site');
        expect(url.pathname, sub.name).toBe(`/categories/${category.slug}/filter`);
        expect(url.searchParams.get('subcategory'), sub.name).toBe(sub.name);
        expect(url.searchParams.get('category'), sub.name).toBe(category.name);
      }
    }

    // A sub-category link leads to its filter screen.
    const first = categories[0];
    const sub = first.subCategories[0];
    await menu.getByRole('link', { name: sub.name, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/categories/${first.slug}/filter`);
    expect(new URL(page.url()).searchParams.get('subcategory')).toBe(sub.name);
  });

  it('closes with its close button and with Escape, giving focus back to the burger', async ({ browsers }) => {
    const { page } = await browsers.visitor({ width: 'mobile' });
    await page.goto('/updates');
    await idleIslandsHydrated(page);
    const burger = page.getByRole('button', { name: 'Открыть меню' });
    const menu = await openMenu(page);
    await menu.getByRole('button', { name: 'Закрыть меню' }).click();
    await menu.waitFor({ state: 'hidden' });
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    expect(await burger.evaluate((el) => el === document.activeElement)).toBe(true);

    await openMenu(page);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    // The page scrolls again once the menu is gone.
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('scroll-locked'))).toBe(false);
  });
});

describe('footer tag list', () => {
  it('shows the first 6 tags, all of them when expanded, and 6 again when collapsed', async ({ browsers }) => {
    const api = await adminApi();
    const tags = await api.get<{ name: string; slug: string }[]>('/items/tags?fields=name,slug&sort=name&limit=-1');
    expect(tags.length).toBeGreaterThan(6);
    const { page } = await browsers.visitor();
    await page.goto('/');
    const footerTags = page.locator('footer .footer-tags');
    await footerTags.scrollIntoViewIfNeeded();
    await hydrated(page, 'footer .footer-tags');
    const shown = footerTags.locator('.footer-tags__list a:visible');

    expect(await shown.allInnerTexts()).toEqual(tags.slice(0, 6).map((t) => t.name));
    expect(await shown.first().getAttribute('href')).toBe(`/tag/${tags[0].slug}`);

    const toggle = footerTags.getByRole('button', { name: 'Показать все' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await expect.poll(() => shown.count()).toBe(tags.length);
    expect(await shown.allInnerTexts()).toEqual(tags.map((t) => t.name));
    const collapse = footerTags.getByRole('button', { name: 'Свернуть' });
    expect(await collapse.getAttribute('aria-expanded')).toBe('true');

    await collapse.click();
    await expect.poll(() => shown.count()).toBe(6);
    expect(await shown.allInnerTexts()).toEqual(tags.slice(0, 6).map((t) => t.name));
    expect(await footerTags.getByRole('button', { name: 'Показать все' }).count()).toBe(1);
  });
});

describe('home banner carousel', () => {
  interface Banner { title: string; link: string | null }

  async function banners(): Promise<Banner[]> {
    const api = await adminApi();
    return api.get<Banner[]>('/items/mainBanners?fields=title,link&sort=priority&limit=-1');
  }

  const active = (page: Page) => page.locator('.banner-carousel .swiper-slide-active');
  /** A looped Swiper ignores a click while it is still sliding; wait as a person would. */
  const settled = (page: Page) => page.waitForFunction(() =>
    !(document.querySelector('.banner-carousel') as (Element & { swiper?: { animating: boolean } }) | null)?.swiper?.animating);
  const activeTitle = (page: Page) => active(page).locator('.banner-slide__title').innerText();

  it('shows each slide\'s title and Подробнее where the banner links, and moves with its controls', async ({ browsers }) => {
    const slides = await banners();
    expect(slides.length).toBeGreaterThan(1);
    expect(slides.some((s) => s.link), 'a banner with a link').toBe(true);
    expect(slides.some((s) => !s.link), 'a banner without a link').toBe(true);
    const { page } = await browsers.visitor();
    await page.goto('/');
    await hydrated(page, '.banner-carousel');
    // The island first shows the slides as the server rendered them, then starts Swiper on them.
    await page.locator('.banner-carousel.swiper-initialized').waitFor();
    // The pointer on the carousel pauses auto-advance, so each slide is judged at rest.
    await page.locator('.banner-carousel').hover();
    const next = page.locator('.banner-carousel').getByRole('button', { name: 'Вперёд' });

    for (const [i, slide] of slides.entries()) {
      await expect.poll(() => activeTitle(page), { message: `slide ${i + 1}` }).toBe(slide.title);
      const more = active(page).getByRole('link', { name: 'Подробнее' });
      if (slide.link) {
        expect(await more.isVisible(), slide.title).toBe(true);
        expect(await more.getAttribute('href'), slide.title).toBe(slide.link);
      } else {
        expect(await more.count(), slide.title).toBe(0);
      }
      expect((await active(page).locator('.banner-slide__description').innerText()).trim(), slide.title).not.toBe('');
      await settled(page);
      await next.click();
    }
    // Looped: past the last slide comes the first again.
    await expect.poll(() => activeTitle(page)).toBe(slides[0].title);

    // A dot goes straight to its slide.
    await settled(page);
    await page.locator('.banner-carousel').getByRole('button', { name: `Слайд ${slides.length}` }).click();
    await expect.poll(() => activeTitle(page)).toBe(slides.at(-1)!.title);
  });

  it('paints the first slide, its picture too, from the server\'s HTML with no script or request, and that picture is the largest paint', async ({ browsers }) => {
    const api = await adminApi();
    const [first] = await api.get<{ title: string; image: string }[]>('/items/mainBanners?fields=title,image&sort=priority&limit=1');
    const { page: scriptless } = await browsers.visitor({ width: 'mobile', context: { javaScriptEnabled: false } });
    const asked: string[] = [];
    scriptless.on('request', (r) => void asked.push(r.url()));
    await scriptless.goto('/', { waitUntil: 'load' });
    const slide = scriptless.locator('.banner-carousel .swiper-slide').first();
    expect(await slide.locator('.banner-slide__title').innerText()).toBe(first.title);
    const picture = slide.locator('img.banner-slide__image');
    expect(await picture.getAttribute('src')).toMatch(/^data:image\/webp;base64,/);
    // A picture that is no image (or was cut short) fails to decode.
    expect(await picture.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth > 0, () => false))).toBe(true);
    const box = (await picture.boundingBox())!;
    expect(box.y).toBeLessThan(VIEWPORTS.mobile.height);
    expect(asked.filter((url) => url.includes(first.image))).toEqual([]);

    // With script, that picture is the largest paint. How soon it is painted is measured by
    // `npm run bench:lighthouse` (the largest paint per page), not timed here.
    const { page } = await browsers.visitor({ width: 'mobile' });
    await page.goto('/');
    await page.waitForLoadState('load');
    const largest = await page.evaluate(() => new Promise<string>((resolve) => {
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1) as PerformanceEntry & { element: Element | null };
        resolve(last.element?.className ?? '');
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    }));
    expect(largest).toBe('banner-slide__image');
  });

  it('advances on its own', async ({ browsers }) => {
    const slides = await banners();
    const { page } = await browsers.visitor();
    await page.goto('/');
    await hydrated(page, '.banner-carousel');
    await expect.poll(() => activeTitle(page)).toBe(slides[0].title);
    await expect.poll(() => activeTitle(page), { timeout: 15_000 }).toBe(slides[1].title);
  });
});

describe('home sliders', () => {
  const LAPTOP = { width: 1366, height: 900 };
  const lakorny = (page: Page) => page.locator('.title-block', { has: page.getByRole('heading', { name: 'Лакорны' }) }).locator('.card-slider');
  /** The slide a slider shows first, by its place among the server's slides (Swiper reorders them for the loop). */
  const shown = (slider: Locator) => slider.locator('.swiper-slide-active').getAttribute('data-swiper-slide-index');
  type Box = { x: number; y: number; width: number; height: number };
  const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  it('go back past the first slide and on again, each step at once, for people who ask for less motion', async ({ browsers }) => {
    const { page } = await browsers.visitor({ context: { reducedMotion: 'reduce' } });
    await page.goto('/');
    for (const slider of [page.locator('.banner-carousel'), lakorny(page)]) {
      await slider.and(page.locator('.swiper-initialized')).waitFor();
      const slides = await slider.locator('.swiper-slide').count();
      expect(await shown(slider)).toBe('0');
      await slider.getByRole('button', { name: 'Назад' }).click();
      await expect.poll(() => shown(slider)).toBe(String(slides - 1));
      await slider.getByRole('button', { name: 'Вперёд' }).click();
      await expect.poll(() => shown(slider)).toBe('0');
      await slider.getByRole('button', { name: 'Вперёд' }).click();
      await expect.poll(() => shown(slider)).toBe('1');
      // The track moves at once: there is no transition whose end to wait for.
      expect(await slider.locator('.swiper-wrapper').evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s');
    }
  });

  it('stand the cards in rows of four at 1366 px with no script, the rest a sideways scroll away', async ({ browsers }) => {
    const { page } = await browsers.visitor({ context: { javaScriptEnabled: false, viewport: LAPTOP } });
    await page.goto('/');
    const slider = lakorny(page);
    const row = await slider.locator('.swiper-wrapper').evaluate((el) => el.clientWidth);
    const perView = SLIDER.breakpoints[1200];
    const widths = await slider.locator('.swiper-slide').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
    expect(widths.length).toBeGreaterThan(perView);
    for (const width of widths) expect(width).toBeCloseTo((row - (perView - 1) * SLIDER.gaps[1]) / perView, 0);

    // The last card, past the row, is brought into view as the keyboard reaches it.
    const last = slider.locator('.swiper-slide').last();
    await last.getByRole('link').focus();
    const [card, view] = [(await last.boundingBox())!, (await slider.boundingBox())!];
    expect(card.x).toBeGreaterThanOrEqual(view.x - 1);
    expect(card.x + card.width).toBeLessThanOrEqual(view.x + view.width + 1);
  });

  it('keep the cards\' rows when Swiper starts: the block neither shrinks nor grows', async ({ browsers }) => {
    for (const width of [360, LAPTOP.width]) {
      const { page } = await browsers.visitor({ context: { viewport: { width, height: 900 } } });
      const script = await holdScripts(page, '**/_astro/start-sliders.*.js');
      await page.goto('/', { waitUntil: 'load' });
      const slider = lakorny(page);
      expect(await slider.evaluate((el) => el.classList.contains('swiper-initialized')), 'Swiper held back').toBe(false);
      const before = [(await slider.boundingBox())!.height, (await slider.locator('.swiper-slide').first().boundingBox())!.width];
      await script.release();
      await slider.and(page.locator('.swiper-initialized')).waitFor();
      const after = [(await slider.boundingBox())!.height, (await slider.locator('.swiper-slide').first().boundingBox())!.width];
      expect(after[0], `${width} px: the block's height`).toBeCloseTo(before[0], 0);
      expect(after[1], `${width} px: a card's width`).toBeCloseTo(before[1], 0);
    }
  });

  it('show the card slider\'s dots below the cards\' text', async ({ browsers }) => {
    for (const width of [360, 600, 1024, LAPTOP.width]) {
      const { page } = await browsers.visitor({ context: { viewport: { width, height: 900 } } });
      await page.goto('/');
      const slider = lakorny(page);
      await slider.and(page.locator('.swiper-initialized')).waitFor();
      expect(await slider.getByRole('button', { name: /^Слайд \d+$/ }).count(), `${width} px`).toBeGreaterThan(1);
      const dots = (await slider.locator('.swiper-pagination').boundingBox())!;
      const texts = await slider.locator('.film-card__body').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as Box));
      expect(texts.filter((text) => overlap(dots, text)), `${width} px: text under the dots`).toEqual([]);
    }
  });
});

describe('title banner frames', () => {
  interface TitleFrames { slug: string; images: { directus_files_id: string }[] }

  async function titles(): Promise<TitleFrames[]> {
    const api = await adminApi();
    return api.get('/items/titles?fields=slug,images.directus_files_id&filter[status][_eq]=published&sort=slug&limit=-1');
  }

  /** Each frame's picture, how visible it is now, and its running cross-fade (the CSS animation). */
  const frames = (page: Page) => page.locator('.banner-frames__frame').evaluateAll((imgs) => imgs.map((img) => {
    const fade = img.getAnimations()[0];
    return {
      src: img.getAttribute('src') ?? '',
      opacity: Number(getComputedStyle(img).opacity),
      running: fade?.playState === 'running',
      cycleMs: fade ? Number(fade.effect?.getTiming().duration) : null,
    };
  }));
  /** The frame on show: the most visible one. */
  const shownFrame = async (page: Page) => (await frames(page)).reduce((a, b) => (b.opacity > a.opacity ? b : a)).src;

  it('advance every 1.5 s behind the banner, hidden from screen readers, with no script', async ({ browsers }) => {
    const withFrames = (await titles()).find((t) => t.images.length > 1)!;
    expect(withFrames, 'a title with two frames').toBeTruthy();
    const frameIds = withFrames.images.map((i) => i.directus_files_id);
    const { page } = await browsers.visitor();
    await page.goto(`/${withFrames.slug}`);
    expect(await page.locator('.banner-frames').getAttribute('aria-hidden')).toBe('true');
    expect(await page.locator('.banner-frames astro-island, .banner-frames script').count()).toBe(0);
    const shown = await frames(page);
    expect(shown.map((f) => frameIds.find((id) => f.src.includes(id) && f.src.includes('key=banner')))).toEqual(frameIds);
    // One cycle shows every frame for one step of 1.5 s.
    expect(shown.map((f) => [f.running, f.cycleMs])).toEqual(frameIds.map(() => [true, frameIds.length * BANNER_AUTOPLAY_MS.titlePage]));
    const first = await shownFrame(page);
    await expect.poll(() => shownFrame(page)).not.toBe(first);
  });

  it('come at the small banner\'s size to a phone and at the full size to a wide screen', async ({ browsers }) => {
    const withFrames = (await titles()).find((t) => t.images.length > 0)!;
    const first = withFrames.images[0].directus_files_id;
    /** The picture the first frame's browser chose, once it has loaded it (a preset Directus lacks would not load). */
    const chosen = async (page: Page) => {
      const img = page.locator('.banner-frames__frame').first();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      return img.evaluate((el: HTMLImageElement) => new URL(el.currentSrc).pathname + new URL(el.currentSrc).search);
    };
    const phone = (await browsers.visitor({ width: 'mobile' })).page;
    await phone.goto(`/${withFrames.slug}`);
    expect(await chosen(phone)).toBe(`/api/assets/${first}?key=banner-small`);
    const wide = (await browsers.visitor({ width: 'desktop' })).page;
    await wide.goto(`/${withFrames.slug}`);
    expect(await chosen(wide)).toBe(`/api/assets/${first}?key=banner`);
  });

  it('stay still for visitors who ask for less motion, and are absent without frames', async ({ browsers }) => {
    const all = await titles();
    const withFrames = all.find((t) => t.images.length > 1)!;
    const without = all.find((t) => t.images.length === 0)!;
    const { page } = await browsers.visitor({ context: { reducedMotion: 'reduce' } });
    await page.goto(`/${withFrames.slug}`);
    const still = await frames(page);
    expect(still.map((f) => [f.running, f.opacity])).toEqual(still.map((_, i) => [false, i === 0 ? 1 : 0]));

    await page.goto(`/${without.slug}`);
    expect(await page.locator('.title-banner h1').innerText()).not.toBe('');
    expect(await page.locator('.banner-frames').count()).toBe(0);
  });
});

describe('a title page for a visitor', () => {
  it('loads React only once the reviews come into view, showing the rating the build read until then', async ({ browsers }) => {
    const [t] = await (await adminApi()).get<{ id: number; slug: string }[]>('/items/titles?fields=id,slug&filter[status][_eq]=published&sort=slug&limit=1');
    const { page } = await browsers.visitor({ width: 'mobile' });
    const scripts: string[] = [];
    page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname); });
    await page.goto(`/${t.slug}`, { waitUntil: 'networkidle' });
    const reviews = page.locator('astro-island', { has: page.getByRole('region', { name: /^Отзывы/ }) });
    const react = await reviews.getAttribute('renderer-url');
    expect(react).toMatch(/^\/_astro\/.+\.js$/);
    expect(scripts).not.toContain(react);
    const built = await page.locator('script[type="application/ld+json"]').first().evaluate((el) =>
      (JSON.parse(el.textContent ?? '{}') as { aggregateRating?: { ratingValue: number; ratingCount: number } }).aggregateRating);
    const shown = await page.locator('.rating-stars__value').innerText();
    if (built) expect(shown).toMatch(new RegExp(`^${built.ratingValue.toFixed(2)} · ${built.ratingCount} оцен`));
    else expect(shown).toBe('Нет оценок');
    expect(await page.getByRole('link', { name: 'Войдите, чтобы оценить' }).count()).toBe(1);

    const loading = page.waitForRequest((r) => new URL(r.url()).pathname === react);
    await reviews.scrollIntoViewIfNeeded();
    await loading;
    await hydrated(page, '.reviews');
  });
});

describe('actor biography', () => {
  /** The paragraphs of a text (blank lines part them), each read as one line. */
  const paragraphs = (text: string) => text.split(/\n\s*\n/).map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean);

  async function actors(): Promise<{ slug: string; biography: string }[]> {
    const api = await adminApi();
    return api.get('/items/actors?fields=slug,biography&filter[biography][_nnull]=true&sort=slug&limit=-1');
  }

  it('folds a biography longer than 600 characters, its paragraphs kept, expands it whole and folds it back', async ({ browsers }) => {
    const actor = (await actors()).find((a) => a.biography.length > 600 && paragraphs(a.biography)[0].length < 500);
    expect(actor, 'an actor with a long biography of paragraphs').toBeTruthy();
    const full = paragraphs(actor!.biography);
    const { page } = await browsers.visitor();
    await page.goto(`/actors/${actor!.slug}`);
    const bio = page.locator('.biography');
    await bio.scrollIntoViewIfNeeded();
    await hydrated(page, '.biography');
    const shown = async () => paragraphs(await bio.locator('.biography__text').innerText());

    // Whole paragraphs first, then the one the fold falls in, cut and ending in the ellipsis.
    const folded = await shown();
    expect(folded.join('\n\n').length).toBeLessThanOrEqual(600);
    expect(folded.length).toBeGreaterThan(1);
    expect(folded.slice(0, -1)).toEqual(full.slice(0, folded.length - 1));
    const last = folded.at(-1)!;
    expect(last.endsWith('…')).toBe(true);
    expect(full[folded.length - 1].startsWith(last.slice(0, -1).trimEnd())).toBe(true);

    const expand = bio.getByRole('button', { name: 'Читать полностью' });
    expect(await expand.isVisible()).toBe(true);
    expect(await expand.getAttribute('aria-expanded')).toBe('false');
    await expand.click();
    await expect.poll(shown).toEqual(full);
    const collapse = bio.getByRole('button', { name: 'Свернуть' });
    expect(await collapse.getAttribute('aria-expanded')).toBe('true');

    await collapse.click();
    await expect.poll(shown).toEqual(folded);
    expect(await bio.getByRole('button', { name: 'Читать полностью' }).count()).toBe(1);
  });

  it('offers no «Читать полностью» with scripts off, where it could not unfold anything: the folded text reads alone', async ({ browsers }) => {
    const actor = (await actors()).find((a) => a.biography.length > 600);
    expect(actor, 'an actor with a long biography').toBeTruthy();
    const { page } = await browsers.visitor({ context: { javaScriptEnabled: false } });
    await page.goto(`/actors/${actor!.slug}`);
    const bio = page.locator('.biography');
    await bio.scrollIntoViewIfNeeded();
    expect((await bio.locator('.biography__text').innerText()).trim().endsWith('…')).toBe(true);
    // In the page for scripts to wake, but neither seen nor offered to a screen reader.
    const toggle = bio.locator('.biography__toggle');
    expect(await toggle.count()).toBe(1);
    expect(await toggle.isVisible()).toBe(false);
    expect(await bio.getByRole('button').count()).toBe(0);
  });

  it('shows a short biography whole, in its paragraphs, with nothing to expand', async ({ browsers }) => {
    const actor = (await actors()).find((a) => a.biography.length <= 600 && paragraphs(a.biography).length > 1);
    expect(actor, 'a short biography of paragraphs').toBeTruthy();
    const { page } = await browsers.visitor();
    await page.goto(`/actors/${actor!.slug}`);
    const bio = page.locator('.biography');
    await bio.scrollIntoViewIfNeeded();
    await hydrated(page, '.biography');
    expect(paragraphs(await bio.locator('.biography__text').innerText())).toEqual(paragraphs(actor!.biography));
    expect(await bio.getByRole('button').count()).toBe(0);
  });
});

describe('actor photos', () => {
  it('advance on their own every 3 s and go to the photo a dot names, with no React on the page', async ({ browsers }) => {
    const people = await (await adminApi()).get<{ slug: string; nameRu: string; images: unknown[] }[]>('/items/actors?fields=slug,nameRu,images&sort=slug&limit=-1');
    const actor = people.find((a) => a.images.length > 1);
    expect(actor, 'an actor with two photos').toBeTruthy();
    const { page } = await browsers.visitor();
    const scripts: string[] = [];
    page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname); });
    await page.goto(`/actors/${actor!.slug}`, { waitUntil: 'networkidle' });
    expect(await page.locator('astro-island').count()).toBe(0);
    const slider = page.locator('.actor__photos .photo-slider');
    await slider.scrollIntoViewIfNeeded();
    const shown = () => slider.locator('.swiper-slide-active img').first().getAttribute('alt');
    await expect.poll(shown).toBe(`${actor!.nameRu}, фото 1`);
    await expect.poll(shown, { timeout: BANNER_AUTOPLAY_MS.actorPhotos * 3 }).toBe(`${actor!.nameRu}, фото 2`);
    const dots = slider.getByRole('button', { name: /^Слайд \d+$/ });
    expect(await dots.count()).toBe(actor!.images.length);
    await dots.first().click();
    await expect.poll(shown).toBe(`${actor!.nameRu}, фото 1`);
    expect(scripts.filter((src) => /react|client\./i.test(src))).toEqual([]);
  });
});

describe('static pages\' questions form', () => {
  it('sends from /about, stores the support request and thanks the visitor', async ({ browsers }) => {
    const stamp = Date.now();
    const sent = { name: 'Анна Вопросова', email: `about-${stamp}@example.com`, topic: `Субтитры ${stamp}`, message: 'Будут ли субтитры к спецвыпускам?' };
    const { page } = await browsers.visitor();
    // Typed while the form's script is still on its way: sent all the same once it has come.
    const script = await holdScripts(page, '**/_astro/ContactForm.*.js');
    await page.goto('/about', { waitUntil: 'domcontentloaded' });
    const form = page.locator('.questions');
    expect(await form.getByRole('heading', { name: 'Остались вопросы?' }).count()).toBe(1);
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel('Имя').fill(sent.name);
    await form.getByLabel('Email').fill(sent.email);
    await form.getByLabel('Тема').fill(sent.topic);
    await form.getByLabel('Сообщение').fill(sent.message);
    expect(await notHydrated(page, '.questions .contact-form')).toBe(true);
    await script.release();
    await hydrated(page, '.questions .contact-form');
    await form.getByRole('button', { name: 'Отправить' }).click();
    await expect.poll(() => form.innerText()).toContain('Спасибо за обращение! Мы скоро свяжемся с вами по указанному email.');
    // On the page itself there is nothing to close: the thanks stay.
    expect(await form.getByRole('button', { name: 'Закрыть' }).count()).toBe(0);
    expect(await form.locator('form').count()).toBe(0);

    const api = await adminApi();
    const rows = await api.get<Record<string, string>[]>(`/items/supportRequests?filter[email][_eq]=${encodeURIComponent(sent.email)}&fields=name,email,topic,message`);
    expect(rows).toEqual([sent]);
  });

  it("says at the message, in the backend's words, that it is missing, keeps what was typed, and stores nothing", async ({ browsers }) => {
    const email = `no-message-${Date.now()}@example.com`;
    const { page } = await browsers.visitor();
    await page.goto('/partners');
    const form = page.locator('.questions');
    await form.scrollIntoViewIfNeeded();
    await hydrated(page, '.questions .contact-form');
    await form.getByLabel('Имя').fill('Без сообщения');
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Отправить' }).click();
    // Said at the field it concerns, which is marked and takes the keyboard.
    const message = form.getByLabel('Сообщение');
    await expect.poll(() => message.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await message.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await message.getAttribute('aria-describedby')}`).innerText()).toBe(SUPPORT_REFUSALS.message.missing);
    expect(await form.getByLabel('Email').inputValue()).toBe(email);
    expect(await form.innerText()).not.toContain('Спасибо за обращение!');

    const api = await adminApi();
    expect(await api.get<unknown[]>(`/items/supportRequests?filter[email][_eq]=${encodeURIComponent(email)}&fields=id`)).toEqual([]);
  });
});

describe('the contact form and its length caps', () => {
  it('keeps a message one character over the cap whole, says so in Russian and sends nothing until it fits', async ({ browsers }) => {
    const email = `long-${Date.now()}@example.com`;
    const max = TEXT_LIMITS.supportMessage;
    const { page } = await browsers.visitor();
    await page.goto('/about');
    const form = page.locator('.questions');
    await form.scrollIntoViewIfNeeded();
    await hydrated(page, '.questions .contact-form');
    await form.getByLabel('Имя').fill('Длинное письмо');
    await form.getByLabel('Email').fill(email);
    const message = form.getByLabel('Сообщение');
    await message.fill('а'.repeat(max + 1));
    const over = textLimit('а'.repeat(max + 1), max);
    await expect.poll(() => form.getByRole('alert').allInnerTexts()).toEqual([over.over]);
    expect(await form.locator('.text-limit__count').innerText()).toBe(over.count);
    // Nothing is cut unseen: every character stays, and 'Отправить' is off (Enter submits nothing either).
    expect((await message.inputValue()).length).toBe(max + 1);
    const send = form.getByRole('button', { name: 'Отправить' });
    expect(await send.isDisabled()).toBe(true);

    // One character less fits: the whole of it is sent, and only that.
    await message.press('Control+End');
    await message.press('Backspace');
    await expect.poll(() => send.isDisabled()).toBe(false);
    expect(await form.getByRole('alert').count()).toBe(0);
    await send.click();
    await expect.poll(() => form.innerText()).toContain('Спасибо за обращение!');
    const api = await adminApi();
    const rows = await api.get<{ message: string }[]>(`/items/supportRequests?filter[email][_eq]=${encodeURIComponent(email)}&fields=message`);
    expect(rows.map((r) => r.message.length)).toEqual([max]);
  });

  it('sends nothing on Enter before its script has come, and keeps what was typed out of the address', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const script = await holdScripts(page, '**/_astro/ContactForm.*.js');
    await page.goto('/privacy-policy', { waitUntil: 'domcontentloaded' });
    const form = page.locator('.questions');
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel('Имя').fill('Рано нажала');
    await form.getByLabel('Email').fill('early@example.com');
    expect(await notHydrated(page, '.questions .contact-form')).toBe(true);
    await form.getByLabel('Email').press('Enter');
    await script.release();
    await hydrated(page, '.questions .contact-form');
    // Still the page as opened, with what was typed: no submission went anywhere.
    expect(new URL(page.url()).search).toBe('');
    expect(await form.getByLabel('Имя').inputValue()).toBe('Рано нажала');
    expect(await form.locator('form').getAttribute('method')).toBe('post');
  });
});

describe('with scripts off', () => {
  const scriptless = { context: { javaScriptEnabled: false } };

  async function samplePages(): Promise<string[]> {
    const api = await adminApi();
    const [category] = await api.get<{ slug: string }[]>('/items/categories?fields=slug&sort=name&limit=1');
    const [tag] = await api.get<{ slug: string }[]>('/items/tags?fields=slug&sort=name&limit=1');
    return ['/', '/about', `/categories/${category.slug}`, `/categories/${category.slug}/new`, `/tag/${tag.slug}`];
  }

  it('shows no button that would do nothing', async ({ browsers }) => {
    for (const width of ['desktop', 'mobile'] as const) {
      const { page } = await browsers.visitor({ width, ...scriptless });
      for (const path of await samplePages()) {
        await page.goto(path);
        const shown: string[] = [];
        for (const button of await page.getByRole('button').all()) {
          if (await button.isVisible()) shown.push(await button.innerText() || (await button.getAttribute('aria-label') ?? ''));
        }
        expect(shown, `${path} at ${width}`).toEqual([]);
      }
    }
  });

  it('shows every footer tag', async ({ browsers }) => {
    const api = await adminApi();
    const tags = await api.get<{ name: string }[]>('/items/tags?fields=name&sort=name&limit=-1');
    const { page } = await browsers.visitor(scriptless);
    await page.goto('/');
    expect(await page.locator('footer .footer-tags__list a:visible').allInnerTexts()).toEqual(tags.map((t) => t.name));
  });

  it('offers no questions form, saying why, and puts nothing in an address', async ({ browsers }) => {
    const { page } = await browsers.visitor(scriptless);
    await page.goto('/about');
    const questions = page.locator('.questions');
    // Playwright's text search skips <noscript>, where the note is: found by its place.
    const note = questions.locator('.questions__noscript');
    expect(await note.isVisible()).toBe(true);
    expect(await note.innerText()).toBe('Чтобы отправить вопрос, включите JavaScript в браузере.');
    expect(await questions.getByLabel('Имя').isVisible()).toBe(false);
    expect(await questions.locator('form').getAttribute('method')).toBe('post');
  });

  it('leads a phone from the header to the footer\'s categories', async ({ browsers }) => {
    const api = await adminApi();
    const categories = await api.get<{ name: string; slug: string }[]>('/items/categories?fields=name,slug&limit=-1');
    const { page } = await browsers.visitor({ width: 'mobile', ...scriptless });
    await page.goto('/about');
    await page.getByRole('banner').getByRole('link', { name: 'Каталог' }).click();
    await page.waitForURL((url) => url.hash === '#footer-catalogue');
    for (const c of categories) {
      const link = page.locator('footer').getByRole('link', { name: c.name, exact: true });
      // The page scrolls there smoothly: polled until it has arrived.
      const inView = async () => {
        const box = await link.boundingBox();
        return !!box && box.y >= 0 && box.y + box.height <= VIEWPORTS.mobile.height;
      };
      await expect.poll(inView, { message: c.name }).toBe(true);
      expect(await link.getAttribute('href')).toBe(`/categories/${c.slug}`);
    }
  });
});

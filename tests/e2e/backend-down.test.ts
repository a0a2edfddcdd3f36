/**
 * Directus down: the site server keeps serving the static pages and answers /api with a 502
 * (static-server.ts). The islands then say they could not load, never that there is nothing, and
 * load once the backend answers again. The e2e backend is shared by every test file, so its
 * answers are replaced in this page alone rather than the process stopped.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from './support/test.ts';
import { BAD_GATEWAY_ANSWER } from '../../scripts/lib/static-server.ts';
import { STUB_POSTER } from '../../src/lib/assets.ts';
import { publishedTitles } from './support/account.ts';
import { hydrated } from './support/site.ts';

const API = '**/api/**';

/** Every /api call of the page answered as the site server answers while Directus is down. */
const backendDown = (page: Page) => page.route(API, (route) =>
  route.fulfill({ status: 502, contentType: 'application/json; charset=utf-8', body: JSON.stringify(BAD_GATEWAY_ANSWER) }));

describe('Directus down while people read the site', () => {
  it('the title page is shown, its islands say what failed, and load on retry once the backend is back', async ({ signedIn }) => {
    const [title] = await publishedTitles(1);
    const { page } = signedIn;
    await backendDown(page);
    await page.goto(`/${title!.slug}`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain(title!.name);
    const reviews = page.getByRole('region', { name: /^Отзывы/ });
    await reviews.scrollIntoViewIfNeeded();
    await hydrated(page, '.reviews');
    await expect.poll(() => reviews.getByRole('alert').innerText()).toContain('Не удалось загрузить отзывы.');
    expect(await reviews.innerText()).not.toContain('Отзывов пока нет');

    await page.unroute(API);
    // The live feed reads again by itself when its socket comes back, which may already have replaced the
    // button: the press is made in the page at once, or not at all if the list is there.
    await reviews.evaluate((region) => region.querySelector<HTMLButtonElement>('button.list-status__retry')?.click());
    await expect.poll(() => reviews.getByRole('heading', { level: 2 }).innerText()).toMatch(/·/);
    expect(await reviews.getByRole('alert').count()).toBe(0);
  });

  it('cards whose posters cannot load show the stub poster, not the browser\'s broken picture', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    await backendDown(page);
    await page.goto('/');
    const poster = page.locator('.film-card__poster img').first();
    // The picture's load ended in failure: it has no pixels of its own.
    await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 0)).toBe(true);
    const drawn = await poster.evaluate((img) => {
      const after = getComputedStyle(img, '::after');
      return { image: after.backgroundImage, width: after.width, box: img.getBoundingClientRect().width };
    });
    expect(drawn.image).toContain(STUB_POSTER);
    expect(parseFloat(drawn.width)).toBeCloseTo(drawn.box, 0);
  });
});

/** The harness works end to end: Directus seeded, site built, served, opened in Chromium. */
import { describe, expect, it } from './support/test.ts';
import { demoPerson } from './support/people.ts';

describe('smoke', () => {
  it('opens the home page built from the demo catalogue', async ({ page }) => {
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    expect(await page.locator('body').innerText()).toContain('Дорамы онлайн');
  });

  it('answers /not-found with status 404 and Страница не найдена', async ({ page }) => {
    const res = await page.goto('/not-found');
    expect(res?.status()).toBe(404);
    expect(await page.locator('body').innerText()).toContain('Страница не найдена');
    expect(await page.getByRole('main').getByRole('link', { name: 'На главную', exact: true }).getAttribute('href')).toBe('/');
  });

  it('reaches Directus through the same origin from the page', async ({ page }) => {
    await page.goto('/');
    const status = await page.evaluate(async () => (await fetch('/api/server/ping')).status);
    expect(status).toBe(200);
  });

  it('signs a person of the demo in from the first page: their own profile names them', async ({ browsers }) => {
    const { page } = await browsers.as(await demoPerson('sakura_fan'));
    await page.goto('/profile');
    await page.getByRole('complementary', { name: 'Личный кабинет' }).getByText('sakura_fan', { exact: true }).waitFor();
  });
});

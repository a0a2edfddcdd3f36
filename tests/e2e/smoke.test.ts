/** The harness works end to end: Directus seeded, site built, served, opened in Chromium. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('smoke', () => {
  it('opens the home page built from the demo catalogue', async () => {
    const { context, page } = await newPage(browser);
    try {
      const res = await page.goto('/');
      expect(res?.status()).toBe(200);
      await expect.poll(() => page.locator('body').innerText()).toContain('Дорамы онлайн');
    } finally {
      await context.close();
    }
  });

  it('answers /not-found with status 404 and Страница не найдена', async () => {
    const { context, page } = await newPage(browser);
    try {
      const res = await page.goto('/not-found');
      expect(res?.status()).toBe(404);
      expect(await page.locator('body').innerText()).toContain('Страница не найдена');
      expect(await page.getByRole('main').getByRole('link', { name: 'На главную', exact: true }).getAttribute('href')).toBe('/');
    } finally {
      await context.close();
    }
  });

  it('reaches Directus through the same origin from the page', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/');
      const status = await page.evaluate(async () => (await fetch('/api/server/ping')).status);
      expect(status).toBe(200);
    } finally {
      await context.close();
    }
  });
});

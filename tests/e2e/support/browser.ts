/** Playwright on Debian's Chromium (design.md, Tests): one browser per test file, a fresh context per test. */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, ensureChromium } from '../../../scripts/lib/chromium.ts';

export const siteUrl = () => inject('siteUrl');

/** The two widths every screen is checked at (issue 3). */
export const VIEWPORTS = { mobile: { width: 375, height: 812 }, desktop: { width: 1280, height: 900 } } as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: ensureChromium(), args: [...CHROMIUM_ARGS], headless: true, timeout: 60_000 });
}

/** A context on the site: relative `page.goto('/x')` works, Russian locale, desktop width unless told. */
export function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL: siteUrl(), locale: 'ru-RU', viewport: VIEWPORTS.desktop, ...options });
}

/** A page in a fresh context; close the context when done. */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  return { context, page };
}

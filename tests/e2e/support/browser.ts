/** Playwright on Debian's Chromium: one browser per test file, a fresh context per test (the fixtures of test.ts). */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
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

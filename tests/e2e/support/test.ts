/**
 * The browser suite's `test`: vitest's own, extended with fixtures that open what a test asks for
 * and close it after the test, so tests hold no cleanup of their own.
 *
 * - `browser`: one Chromium for the test file, launched for its first test that needs it.
 * - `browsers`: opens visitors (`visitor()`), signed-in people (`as(person)`) and more of them at
 *   once; each is its own context, closed after the test, its page errors checked (printed instead
 *   when the test failed).
 * - `visitor`, `page`, `context`: a visitor who accepted cookies earlier, at desktop width.
 * - `adminApp`: a page for Directus's admin app, wide enough for its layout (a screenshot of it
 *   in the temp folder, admin-app-failed.png, when the test failed).
 * - `person`: a new account (User role); `signedIn`: their browser, signed in from its first page.
 */
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { test as base } from 'vitest';
import { launchBrowser } from './browser.ts';
import { newPerson, signedIn, type Person } from './people.ts';
import { closeVisitors, visitor, visitorOf, type Visitor, type VisitorOptions } from './site.ts';

/** The admin app lays out its side navigation and forms for a wide screen. */
const ADMIN_APP_VIEWPORT = { width: 1400, height: 900 };

export interface Browsers {
  /** A visitor who accepted cookies earlier (unless told), at desktop width (unless told). */
  visitor(options?: VisitorOptions): Promise<Visitor>;
  /** The person's browser, signed in from its first page on. */
  as(person: Person, options?: VisitorOptions): Promise<Visitor>;
  /** Another tab of an open context, its page errors checked like the first one's. */
  tab(context: BrowserContext): Promise<Visitor>;
}

export const test = base
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('browsers', async ({ browser, task }, { onCleanup }): Promise<Browsers> => {
    const open: Visitor[] = [];
    onCleanup(() => closeVisitors(open, task.result?.state === 'fail'));
    const opened = (v: Visitor) => (open.push(v), v);
    return {
      visitor: async (options = {}) => opened(await visitor(browser, { acceptCookies: true, ...options })),
      as: async (person, options = {}) => opened(await signedIn(browser, person, options)),
      tab: async (context) => opened(await visitorOf(context)),
    };
  })
  .extend('adminApp', async ({ browser, task }, { onCleanup }) => {
    // Directus's own app, not the site: its page errors are not ours to check.
    const context = await browser.newContext({ locale: 'ru-RU', viewport: ADMIN_APP_VIEWPORT });
    const page = await context.newPage();
    onCleanup(async () => {
      if (task.result?.state === 'fail') await page.screenshot({ path: path.join(os.tmpdir(), 'admin-app-failed.png') }).catch(() => {});
      await context.close();
    });
    return page;
  })
  .extend('visitor', ({ browsers }) => browsers.visitor())
  .extend('page', ({ visitor }) => visitor.page)
  .extend('context', ({ visitor }) => visitor.context)
  .extend('person', () => newPerson())
  .extend('signedIn', ({ browsers, person }) => browsers.as(person));

export const it = test;
export * from 'vitest';

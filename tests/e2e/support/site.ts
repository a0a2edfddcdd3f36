/**
 * Helpers for the visitor tests: a page in a chosen theme and width that records uncaught page
 * errors, waiting for an island to hydrate, the Directus admin API of the e2e backend, and the pages
 * of content a test made rendered into the served build.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page, Route } from 'playwright-core';
import { expect, inject, vi } from 'vitest';
import { AdminApi } from '../../../directus/apply/admin-api.ts';
import { E2E_ADMIN } from '../global-setup.ts';
import { VIEWPORTS, newContext } from './browser.ts';
import { SESSION_KEY } from '../../../src/features/account/session-key.ts';
import type { CatalogueChanges } from '../../../src/lib/directus/catalogue.ts';
import { buildSite } from '../../../scripts/site-build/build.ts';

/**
 * `expect.poll` waits 1 s by default: too little for an island that hydrates when the browser is
 * idle on a busy two-core machine. Call once at the top of a test file.
 */
export function patientPolls(timeout = 10_000): void {
  vi.setConfig({ expect: { poll: { timeout, interval: 50 } } });
}

export type ThemeName = 'light-theme' | 'dark-theme';
export type Width = keyof typeof VIEWPORTS;

export interface VisitorOptions {
  /** Stored before any page script runs; nothing stored (the default look) when omitted. */
  theme?: ThemeName;
  width?: Width;
  /** Pretend the cookie notice was accepted on an earlier visit, so it covers nothing. */
  acceptCookies?: boolean;
  /** More of the context's options: scripts off, a restored storage state, another viewport. */
  context?: BrowserContextOptions;
}

export interface Visitor {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors thrown in the page, and scripts its policy refused, since the last `clearErrors()`. */
  errors: string[];
  clearErrors(): void;
  /** Console errors, failed requests and 5xx answers: printed only when a test fails. */
  trail: string[];
}

/** What a page threw: Playwright hands over the value itself when it is not an Error (a rejected promise's undefined, say). */
const thrown = (err: unknown) => (err instanceof Error ? err.message : `a non-Error: ${JSON.stringify(err) ?? String(err)}`);

/** A fresh visitor: its own context (storage), one page, page errors collected. */
export async function visitor(browser: Browser, options: VisitorOptions = {}): Promise<Visitor> {
  const context = await newContext(browser, { viewport: VIEWPORTS[options.width ?? 'desktop'], ...options.context });
  const init: Record<string, string> = {};
  if (options.theme) init.theme = options.theme;
  if (options.acceptCookies) init.cookiesAccepted = 'true';
  if (Object.keys(init).length) {
    // Only on the first document of the context, so a test can still change what is stored.
    await context.addInitScript((values: Record<string, string>) => {
      if (sessionStorage.getItem('__e2e_seeded')) return;
      sessionStorage.setItem('__e2e_seeded', '1');
      for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v);
    }, init);
  }
  return visitorOf(context);
}

/** A new page of the context, its uncaught errors collected and its troubles noted. */
export async function visitorOf(context: BrowserContext): Promise<Visitor> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err: unknown) => errors.push(`${page.url()}: ${thrown(err)}`));
  const trail: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    trail.push(`console: ${m.text()}`);
    // A script of the site's own that its page's policy refused is a broken page.
    if (m.text().includes('Content Security Policy')) errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('requestfailed', (r) => void trail.push(`failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => void (r.status() >= 500 && trail.push(`${r.status()}: ${r.request().method()} ${r.url()}`)));
  return { context, page, errors, clearErrors: () => void errors.splice(0), trail };
}

/** What a visitor's page showed and what went wrong on its way, for a failed test's log. */
export async function describeVisitor(v: Visitor): Promise<string> {
  const text = await v.page.locator('main').innerText({ timeout: 1000 }).catch(() => '(no main)');
  return [`page ${v.page.url()}: ${text.replace(/\s+/g, ' ').slice(0, 400)}`, ...v.errors, ...v.trail.slice(-20)].join('\n  ');
}

/** Closes the visitors after a test; when it failed, first prints what their pages showed, else checks none threw. */
export async function closeVisitors(open: Visitor[], failed: boolean): Promise<void> {
  const visitors = open.splice(0);
  if (failed) for (const v of visitors) console.error(`[e2e] after the failure, ${await describeVisitor(v)}`);
  await Promise.all(visitors.map((v) => v.context.close()));
  if (!failed) expect(visitors.flatMap((v) => v.errors), 'uncaught page errors').toEqual([]);
}

/**
 * Resolves once the element is in the page and the island around it (if any) has hydrated, or is
 * final as the build rendered it: one for signed-in people (`client:signed-in`) on a visitor's page.
 */
export async function hydrated(page: Page, selector: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction(([sel, sessionKey]) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    const island = el.closest('astro-island');
    const forVisitorAsBuilt = island?.getAttribute('client') === 'signed-in' && localStorage.getItem(sessionKey) === null;
    return !island || !island.hasAttribute('ssr') || forVisitorAsBuilt;
  }, [selector, SESSION_KEY], { timeout });
}

/** Every island of the page that hydrates on load or idle has hydrated (visible ones may wait). */
export async function idleIslandsHydrated(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island')]
      .filter((i) => ['load', 'idle'].includes(i.getAttribute('client') ?? ''))
      .every((i) => !i.hasAttribute('ssr')), undefined, { timeout });
}

let admin: Promise<AdminApi> | undefined;

/** The e2e backend as its administrator (credentials of tests/e2e/global-setup.ts). */
export function adminApi(): Promise<AdminApi> {
  admin ??= AdminApi.login(inject('e2eDirectusUrl'), E2E_ADMIN.email, E2E_ADMIN.password);
  return admin;
}

/**
 * Renders into the served build what a test made, changed or deleted, as an editor's save does: told the
 * titles and people (`changed`), only they are read again and their pages put in place; without, the
 * whole catalogue is read (a banner, a genre), and either way only pages whose data changed are rendered.
 * Seconds, not the minutes of the whole build; a test that made content renders again once it is deleted.
 */
export async function renderChanges(changed?: CatalogueChanges): Promise<void> {
  const { distDir, cacheDir } = inject('e2eSiteBuild');
  await buildSite({ directusUrl: inject('e2eDirectusUrl'), outDir: distDir, cacheDir, ...(changed ? { changed, inPlace: true } : {}) });
}

/** A published title's row by slug, with the fields asked. */
export async function titleBySlug<T = Record<string, unknown>>(slug: string, fields = 'id,views'): Promise<T> {
  const api = await adminApi();
  const rows = await api.get<T[]>(`/items/titles?filter[slug][_eq]=${encodeURIComponent(slug)}&fields=${fields}&limit=1`);
  if (!rows[0]) throw new Error(`No title ${slug}`);
  return rows[0];
}

/** The served HTML (or any text) of a site path, with its status, as a crawler gets it. */
export async function fetchText(path: string): Promise<{ status: number; text: string; type: string }> {
  const res = await fetch(new URL(path, inject('siteUrl')));
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
}

/**
 * Scrolls down the page slowly enough for the islands that hydrate when visible to see
 * themselves (the page may grow as they render), waits until every island that is shown has
 * hydrated (one in a hidden tab never does, nor one for signed-in people on a visitor's page),
 * bringing any it missed into view, then goes back to the top and waits for requests to settle.
 */
export async function everyIslandHydrated(page: Page, timeout = 30_000): Promise<void> {
  await page.evaluate(async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 120));
    const atBottom = () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    // Bounded, in case a page ever grows as fast as it is scrolled.
    for (let step = 0; step < 200 && !atBottom(); step++) {
      window.scrollBy({ top: window.innerHeight * 0.8, behavior: 'instant' });
      await pause();
    }
    await pause();
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  // An island that hydrates when seen can be scrolled past between two frames of a busy machine and never
  // seen: each poll brings the first one still waiting into view. The island itself has no box (it is
  // display: contents, so scrolling to it moves nothing): its first child with one is scrolled to.
  const waitingIslands = (sessionKey: string) => {
    const visitor = localStorage.getItem(sessionKey) === null;
    const waiting = [...document.querySelectorAll('astro-island[ssr]')]
      .filter((i) => i.parentElement?.checkVisibility() && !(visitor && i.getAttribute('client') === 'signed-in'));
    const first = waiting[0];
    const boxed = first && [...first.children].find((c) => c.getClientRects().length > 0);
    (boxed ?? first)?.scrollIntoView({ block: 'center', behavior: 'instant' });
    return waiting.map((i) => i.getAttribute('component-url'));
  };
  // Polled from here rather than by a page-side predicate given as text: the page's policy forbids eval,
  // which Chromium lets through only on the first check. A failure lists the islands still waiting.
  await expect.poll(() => page.evaluate(waitingIslands, SESSION_KEY), { timeout, interval: 250 }).toEqual([]);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.waitForLoadState('networkidle');
}

/**
 * Holds the page's scripts (or those matching `pattern`) back, as a slow connection would, so
 * their islands stay as the server rendered them; `release` lets them through and they hydrate.
 */
export async function holdScripts(page: Page, pattern = '**/_astro/**/*.js'): Promise<{ release(): Promise<void> }> {
  const held: Route[] = [];
  let holding = true;
  const hold = (route: Route) => (holding ? void held.push(route) : route.fallback());
  await page.route(pattern, hold);
  return {
    async release() {
      holding = false;
      await page.unroute(pattern, hold);
      await Promise.all(held.splice(0).map((route) => route.fallback()));
    },
  };
}

/** Whether the island holding `selector` is still as the server rendered it. */
export function notHydrated(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).first().evaluate((el) => el.closest('astro-island')?.hasAttribute('ssr') ?? false);
}

/**
 * Picks a radio button as a person does, and waits until the page shows it picked: a controlled
 * input of a form that is re-rendering (an availability answer landing) shows the new state a
 * render later, which Playwright's `check()` does not wait for. A click that a render swallowed is
 * made again (a second click on a picked radio changes nothing), as a person would.
 */
export async function pick(radio: Locator): Promise<void> {
  await expect.poll(async () => {
    if (!(await radio.isChecked())) await radio.click();
    return radio.isChecked();
  }, { timeout: 10_000, interval: 250 }).toBe(true);
}

/**
 * Buttons, links and fields on screen whose visible box meets the cookie notice's; the notice's own
 * controls aside. A control's box is cut to every scrolling or clipping box around it first: a chat
 * line scrolled out of its list's view lies outside the list, where nobody can see or touch it.
 */
export function controlsUnderNotice(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const notice = document.querySelector('.cookie-notice');
    if (!notice) return ['(no notice)'];
    const n = notice.getBoundingClientRect();
    const visibleBox = (el: HTMLElement) => {
      let { left, top, right, bottom } = el.getBoundingClientRect();
      for (let box = el.parentElement; box && box !== document.documentElement; box = box.parentElement) {
        const s = getComputedStyle(box);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const c = box.getBoundingClientRect();
        left = Math.max(left, c.left); top = Math.max(top, c.top); right = Math.min(right, c.right); bottom = Math.min(bottom, c.bottom);
      }
      return { left, top, right, bottom };
    };
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])');
    return [...controls].filter((el) => {
      if (notice.contains(el)) return false;
      const s = getComputedStyle(el);
      if (s.visibility === 'hidden' || s.display === 'none' || Number(s.opacity) === 0) return false;
      const b = visibleBox(el);
      if (b.right <= b.left || b.bottom <= b.top || b.bottom <= 0 || b.top >= innerHeight || b.right <= 0 || b.left >= innerWidth) return false;
      return b.left < n.right && b.right > n.left && b.top < n.bottom && b.bottom > n.top;
    }).map((el) => `${el.tagName.toLowerCase()} «${(el.textContent ?? '').trim().slice(0, 30) || el.getAttribute('aria-label') || el.className}»`);
  });
}

/**
 * Where the keyboard's focus lands and what it is called, on a 360 px phone and on /messages: a focused
 * element is never under the sticky header, going up with Shift+Tab; Escape in
 * the emoji panel gives the focus back to its button; the chat has a skip button to its message box.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from './support/test.ts';
import { newPerson } from './support/people.ts';
import { hydrated, idleIslandsHydrated, patientPolls } from './support/site.ts';

patientPolls(20_000);

/** A 360 px phone, animations (and smooth scrolling) off so each focus move is where it ends. */
const PHONE_360 = {
  context: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' as const },
};

/**
 * The focused element of the page's main part or footer, when the sticky header covers any of it: its
 * text; null when nothing does (or the focus is elsewhere).
 */
function focusObscured(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || !focused.closest('.site-main, footer')) return null;
    const r = focused.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return null;
    const covers = [...document.querySelectorAll<HTMLElement>('header.header')]
      .filter((f) => {
        const s = getComputedStyle(f);
        if (s.visibility === 'hidden' || s.display === 'none' || Number(s.opacity) === 0) return false;
        const b = f.getBoundingClientRect();
        return b.left < r.right && b.right > r.left && b.top < r.bottom && b.bottom > r.top;
      });
    if (!covers.length) return null;
    const name = (focused.getAttribute('aria-label') ?? focused.innerText).trim().slice(0, 40);
    return `«${name}» at ${Math.round(r.top)}–${Math.round(r.bottom)} px under ${covers.map((c) => c.className).join(', ')}`;
  });
}

/** Presses the key `times` times and gathers every stop that something covered. */
async function walk(page: Page, key: 'Tab' | 'Shift+Tab', times: number): Promise<string[]> {
  const obscured: string[] = [];
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(key);
    const seen = await focusObscured(page);
    if (seen) obscured.push(seen);
  }
  return obscured;
}

const CATEGORY = '/categories/doramy-onlayn';

describe('keyboard focus on a 360 px phone', () => {
  it('is never under the sticky header going up with Shift+Tab from the footer\'s last link', async ({ browsers }) => {
    const { page } = await browsers.visitor(PHONE_360);
    await page.goto(CATEGORY);
    await idleIslandsHydrated(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.locator('footer a').last().focus();
    expect(await walk(page, 'Shift+Tab', 40)).toEqual([]);
  });
});

describe('the chat from the keyboard', () => {
  it('gives the focus back to «Эмодзи» when Escape closes the emoji panel', async ({ browsers }) => {
    const { page } = await browsers.as(await newPerson());
    await page.goto('/messages');
    await hydrated(page, '.messages-screen');
    const button = page.locator('.messages-screen').getByRole('button', { name: 'Эмодзи' });
    await button.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('emoji-panel');
    await panel.getByRole('button').first().waitFor();
    await page.keyboard.press('Tab');
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('skips from the chat\'s heading past the messages to the message box with «Перейти к вводу сообщения»', async ({ browsers }) => {
    const { page } = await browsers.as(await newPerson());
    await page.goto('/messages');
    await hydrated(page, '.messages-screen');
    const pane = page.locator('.messages-screen__pane');
    await pane.getByRole('textbox', { name: 'Сообщение' }).waitFor();
    // From the open chat's heading the next Tab reaches the skip button, shown where it is.
    await pane.locator('.messages-screen__title').evaluate((el) => {
      el.setAttribute('tabindex', '-1');
      el.focus();
    });
    await page.keyboard.press('Tab');
    const skip = pane.getByRole('button', { name: 'Перейти к вводу сообщения' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box!.width).toBeGreaterThan(100);
    expect(box!.height).toBeGreaterThan(20);
    await page.keyboard.press('Enter');
    expect(await pane.getByRole('textbox', { name: 'Сообщение' }).evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

/**
 * Accessibility of every page type and of the frame's overlays, in the light and the dark look:
 * axe-core finds no serious or critical violation (contrast, names of controls, labels,
 * landmarks, lists, ARIA). Animations are off (reduced motion) so colours are judged at rest.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { blockingViolations } from './support/axe.ts';
import { everyIslandHydrated, idleIslandsHydrated, patientPolls, visitor, type ThemeName, type Visitor, type VisitorOptions } from './support/site.ts';

patientPolls();

const TITLE = 'aromat-poslednego-leta';

/** One page of every type (spec section 2). */
const PAGES = [
  '/',
  `/${TITLE}`,
  `/${TITLE}?tab=seasons`,
  `/${TITLE}/actors`,
  '/actors/kim-seo-yun',
  '/categories/doramy-onlayn',
  '/categories/doramy-onlayn/new',
  '/categories/doramy-onlayn/filter',
  '/tag/devushki',
  '/updates',
  '/about',
  '/login',
  '/reset-password',
  '/profile',
  '/messages',
  '/not-found',
];

const THEMES: ThemeName[] = ['light-theme', 'dark-theme'];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A visitor in the given look with animations off; the caller closes its context. */
async function open(theme: ThemeName, options: VisitorOptions = {}): Promise<Visitor> {
  const v = await visitor(browser, { theme, acceptCookies: true, ...options });
  await v.page.emulateMedia({ reducedMotion: 'reduce' });
  return v;
}

async function withVisitor(theme: ThemeName, options: VisitorOptions, run: (page: Page) => Promise<void>): Promise<void> {
  const v = await open(theme, options);
  try {
    await run(v.page);
  } finally {
    await v.context.close();
  }
}

for (const theme of THEMES) {
  describe(`axe in the ${theme}`, () => {
    let shared: Visitor;

    beforeAll(async () => {
      shared = await open(theme);
    });

    afterAll(async () => {
      await shared?.context.close();
    });

    for (const path of PAGES) {
      it(`finds nothing serious on ${path}`, async () => {
        const { page } = shared;
        await page.goto(path);
        await everyIslandHydrated(page);
        expect(await blockingViolations(page), `${path} in the ${theme}`).toEqual([]);
      });
    }

    it('finds nothing serious with the search modal open and showing results', async () => {
      await withVisitor(theme, {}, async (page) => {
        await page.goto('/');
        await idleIslandsHydrated(page);
        await page.locator('header button[data-open="search"]').click();
        const dialog = page.getByRole('dialog', { name: 'Поиск' });
        await expect.poll(() => dialog.locator('.film-card').count()).toBeGreaterThan(0);
        expect(await blockingViolations(page), 'popular titles').toEqual([]);
        await dialog.getByPlaceholder('Поиск..').fill('аромат');
        await expect.poll(() => dialog.innerText()).toContain('Найдено:');
        await page.waitForLoadState('networkidle');
        expect(await blockingViolations(page), 'found titles').toEqual([]);
      });
    });

    it('finds nothing serious in the contact modal: the form, a refusal and the thanks', async () => {
      await withVisitor(theme, {}, async (page) => {
        await page.goto('/');
        await idleIslandsHydrated(page);
        await page.locator('footer').getByRole('button', { name: 'Связаться с нами' }).click();
        const dialog = page.getByRole('dialog', { name: 'Связаться с нами' });
        await expect.poll(() => dialog.isVisible()).toBe(true);
        expect(await blockingViolations(page), 'the form').toEqual([]);
        // Sent empty, the backend refuses it and the form says what is missing.
        await dialog.getByRole('button', { name: 'Отправить' }).click();
        await expect.poll(() => dialog.getByRole('alert').count()).toBe(1);
        expect(await blockingViolations(page), 'the refusal').toEqual([]);
        await dialog.getByLabel('Имя').fill('Проверка доступности');
        await dialog.getByLabel('Email').fill(`a11y-${theme}@example.com`);
        await dialog.getByLabel('Сообщение').fill('Проверяем, как читается форма.');
        await dialog.getByRole('button', { name: 'Отправить' }).click();
        await expect.poll(() => dialog.innerText()).toContain('Спасибо за обращение!');
        expect(await blockingViolations(page), 'the thank-you').toEqual([]);
      });
    });

    it('finds nothing serious with the mobile menu open at 375 px', async () => {
      await withVisitor(theme, { width: 'mobile' }, async (page) => {
        await page.goto('/');
        await idleIslandsHydrated(page);
        await page.getByRole('button', { name: 'Открыть меню' }).click();
        const menu = page.getByRole('dialog', { name: 'Меню' });
        await expect.poll(() => menu.isVisible()).toBe(true);
        await menu.locator('details summary').first().click();
        expect(await blockingViolations(page)).toEqual([]);
      });
    });

    it('finds nothing serious on /login with each form showing its errors', async () => {
      await withVisitor(theme, {}, async (page) => {
        await page.goto('/login');
        await everyIslandHydrated(page);
        const signIn = page.getByRole('form', { name: 'Вход' });
        await expect.poll(() => signIn.getByRole('button', { name: 'Войти', exact: true }).isEnabled()).toBe(true);
        await signIn.getByRole('button', { name: 'Войти', exact: true }).click();
        await expect.poll(() => signIn.getByRole('alert').count()).toBe(1);
        expect(await blockingViolations(page), 'sign-in refused').toEqual([]);

        await page.getByRole('tab', { name: 'Регистрация' }).click();
        const register = page.getByRole('form', { name: 'Регистрация' });
        await register.getByLabel('Дата рождения').fill('31021999');
        await register.getByLabel('Пароль', { exact: true }).fill('short');
        await register.getByLabel('Повторите пароль').fill('shorter');
        await register.getByLabel('Мне исполнилось 18 лет').check();
        await register.getByRole('button', { name: 'Зарегистрироваться', exact: true }).click();
        await expect.poll(() => register.getByRole('alert').count()).toBe(1);
        expect(await blockingViolations(page), 'registration refused').toEqual([]);

        await page.getByRole('tab', { name: 'Вход' }).click();
        await signIn.getByRole('button', { name: 'Забыли пароль?' }).click();
        const forgot = page.getByRole('form', { name: 'Восстановление пароля' });
        await forgot.getByRole('button', { name: 'Отправить ссылку' }).click();
        await expect.poll(() => forgot.getByRole('alert').count()).toBe(1);
        expect(await blockingViolations(page), 'password reset request refused').toEqual([]);
      });
    });

    it('finds nothing serious on /reset-password with the passwords differing, and with a dead link', async () => {
      await withVisitor(theme, { width: 'mobile' }, async (page) => {
        await page.goto('/reset-password?token=not-a-real-one');
        await everyIslandHydrated(page);
        const form = page.getByRole('form', { name: 'Новый пароль' });
        await form.getByLabel('Новый пароль').fill('a-new-password');
        await form.getByLabel('Повторите пароль').fill('a-new-passw0rd');
        await expect.poll(() => form.getByRole('button', { name: 'Сохранить пароль' }).isDisabled()).toBe(true);
        expect(await blockingViolations(page), 'passwords differ').toEqual([]);
        await form.getByLabel('Повторите пароль').fill('a-new-password');
        await form.getByRole('button', { name: 'Сохранить пароль' }).click();
        await expect.poll(() => page.getByRole('link', { name: 'Запросить новую ссылку' }).isVisible()).toBe(true);
        expect(await blockingViolations(page), 'dead link').toEqual([]);
      });
    });

    it('finds nothing serious with the cookie notice shown', async () => {
      await withVisitor(theme, { acceptCookies: false }, async (page) => {
        await page.goto('/updates');
        const notice = page.getByRole('region', { name: 'Уведомление о cookie' });
        await expect.poll(() => notice.isVisible()).toBe(true);
        expect(await blockingViolations(page)).toEqual([]);
      });
    });
  });
}

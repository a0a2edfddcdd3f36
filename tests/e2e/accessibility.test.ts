/**
 * Accessibility of every page type and of the frame's overlays, in the light and the dark look:
 * axe-core finds no serious or critical violation (contrast, names of controls, labels,
 * landmarks, lists, ARIA). Animations are off (reduced motion) so colours are judged at rest.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it, type Browsers } from './support/test.ts';
import sharp from 'sharp';
import { AdminApi } from '../../directus/apply/admin-api.ts';
import { blockingViolations } from './support/axe.ts';
import { adminApi, everyIslandHydrated, idleIslandsHydrated, patientPolls, type ThemeName, type Visitor, type VisitorOptions } from './support/site.ts';
import { MARK_TYPES, ROLES } from '../../shared/rules.ts';
import { apiOf, publishedTitles } from './support/account.ts';
import { newPerson, type Person } from './support/people.ts';
import { TITLES } from '../../directus/seed/data/titles.ts';

patientPolls();

const TITLE = 'aromat-poslednego-leta';

/** One page of every type. */
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
  '/messages',
  '/profile/sakura_fan',
  '/not-found',
];

const THEMES: ThemeName[] = ['light-theme', 'dark-theme'];

/** Animations off, so colours are judged at rest. */
const STILL = { reducedMotion: 'reduce' } as const;

/** A visitor in the given look with animations off. */
function open(browsers: Browsers, theme: ThemeName, options: VisitorOptions = {}): Promise<Visitor> {
  return browsers.visitor({ theme, ...options, context: STILL });
}

for (const theme of THEMES) {
  describe(`axe in the ${theme}`, () => {
    for (const path of PAGES) {
      it(`finds nothing serious on ${path}`, async ({ browsers }) => {
        const { page } = await open(browsers, theme);
        await page.goto(path);
        await everyIslandHydrated(page);
        expect(await blockingViolations(page), `${path} in the ${theme}`).toEqual([]);
      });
    }

    it('finds nothing serious with the search modal open and showing results', async ({ browsers }) => {
      const { page } = await open(browsers, theme);
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

    it('finds nothing serious in the contact modal: the form, a refusal and the thanks', async ({ browsers }) => {
      const { page } = await open(browsers, theme);
      await page.goto('/');
      await idleIslandsHydrated(page);
      await page.locator('footer').getByRole('button', { name: 'Связаться с нами' }).click();
      const dialog = page.getByRole('dialog', { name: 'Связаться с нами' });
      await dialog.getByRole('button', { name: 'Отправить' }).waitFor();
      expect(await blockingViolations(page), 'the form').toEqual([]);
      // Sent empty, the backend refuses it and the field it names says what is missing.
      await dialog.getByRole('button', { name: 'Отправить' }).click();
      await expect.poll(() => dialog.getByLabel('Имя').getAttribute('aria-invalid')).toBe('true');
      expect(await blockingViolations(page), 'the refusal').toEqual([]);
      await dialog.getByLabel('Имя').fill('Проверка доступности');
      await dialog.getByLabel('Email').fill(`a11y-${theme}@example.com`);
      await dialog.getByLabel('Сообщение').fill('Проверяем, как читается форма.');
      await dialog.getByRole('button', { name: 'Отправить' }).click();
      await expect.poll(() => dialog.innerText()).toContain('Спасибо за обращение!');
      expect(await blockingViolations(page), 'the thank-you').toEqual([]);
    });

    it('finds nothing serious in the filter screen with its genres\' list open and two ticked', async ({ browsers }) => {
      const { page } = await open(browsers, theme);
      await page.goto('/categories/doramy-onlayn/filter');
      await everyIslandHydrated(page);
      await page.getByRole('button', { name: /^Жанры/ }).click();
      const checkboxes = page.getByRole('group', { name: 'Жанры' }).getByRole('checkbox');
      await checkboxes.nth(0).check();
      await checkboxes.nth(1).check();
      expect(await blockingViolations(page)).toEqual([]);
    });

    it('finds nothing serious with the mobile menu open at 375 px', async ({ browsers }) => {
      const { page } = await open(browsers, theme, { width: 'mobile' });
      await page.goto('/');
      await idleIslandsHydrated(page);
      await page.getByRole('button', { name: 'Открыть меню' }).click();
      const menu = page.getByRole('dialog', { name: 'Меню' });
      await menu.waitFor();
      await menu.locator('details summary').first().click();
      expect(await blockingViolations(page)).toEqual([]);
    });

    it('finds nothing serious on one’s own profile: the post box, a post with pictures and comments, a reply, deletion and the picture viewer', async ({ browsers }) => {
      const me = await newPerson();
      const api = await AdminApi.login(inject('e2eDirectusUrl'), me.email, me.password);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3b6cff' } }).png().toBuffer())], { type: 'image/png' }), 'kadr.png');
      const file = await api.post<{ id: string }>('/files', form);
      const post = await api.post<{ id: number }>('/items/posts', { text: 'Пост для проверки доступности', images: [{ directus_files_id: file.id }] });
      await api.post('/items/comments', { text: 'Комментарий к посту', post: post.id });
      const { page } = await browsers.as(me, { theme, context: STILL });
      await page.goto(`/profile/${me.login}`);
      await page.getByRole('textbox', { name: 'Новая запись' }).waitFor();
      await everyIslandHydrated(page);
      expect(await blockingViolations(page), 'the page').toEqual([]);
      await page.getByRole('button', { name: 'Ответить' }).click();
      expect(await blockingViolations(page), 'replying').toEqual([]);
      await page.getByRole('button', { name: 'Удалить' }).click();
      await page.getByRole('dialog', { name: 'Удалить запись?' }).waitFor();
      expect(await blockingViolations(page), 'the confirmation').toEqual([]);
      await page.getByRole('button', { name: 'Отмена' }).click();
      await page.getByRole('button', { name: /^Фото 1 из 1/ }).click();
      await page.getByRole('dialog', { name: 'Фото 1 из 1' }).locator('img').waitFor();
      expect(await blockingViolations(page), 'the viewer').toEqual([]);
    });

    it('finds nothing serious on /login with each form showing its errors', async ({ browsers }) => {
      const { page } = await open(browsers, theme);
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

    it('finds nothing serious on /reset-password with the passwords differing, and with a dead link', async ({ browsers }) => {
      const { page } = await open(browsers, theme, { width: 'mobile' });
      await page.goto('/reset-password?token=not-a-real-one');
      await everyIslandHydrated(page);
      const form = page.getByRole('form', { name: 'Новый пароль' });
      await form.getByLabel('Новый пароль').fill('a-new-password');
      await form.getByLabel('Повторите пароль').fill('a-new-passw0rd');
      await expect.poll(() => form.getByRole('button', { name: 'Сохранить пароль' }).isDisabled()).toBe(true);
      expect(await blockingViolations(page), 'passwords differ').toEqual([]);
      await form.getByLabel('Повторите пароль').fill('a-new-password');
      await form.getByRole('button', { name: 'Сохранить пароль' }).click();
      await page.getByRole('link', { name: 'Запросить новую ссылку' }).waitFor();
      expect(await blockingViolations(page), 'dead link').toEqual([]);
    });

    it('finds nothing serious with the cookie notice shown', async ({ browsers }) => {
      const { page } = await open(browsers, theme, { acceptCookies: false });
      await page.goto('/updates');
      const notice = page.getByRole('region', { name: 'Уведомление о cookie' });
      await notice.waitFor();
      expect(await blockingViolations(page)).toEqual([]);
    });
  });
}

/** The own account's screens, signed in, with lists filled (one left empty) and decorations worn. */
const OWN_PAGES = [
  '/profile',
  '/profile?tab=customization',
  '/profile?tab=favorites',
  '/profile?tab=watched',
  '/profile?tab=favorite-actors',
  '/profile?tab=settings',
  '/profile/edit',
];

describe('axe on the own account', () => {
  let person: Person;

  beforeAll(async () => {
    person = await newPerson({ role: ROLES.premiumPlus, extra: { aboutMe: 'Смотрю дорамы по вечерам.' } });
    const api = await apiOf(person);
    const titles = await publishedTitles(MARK_TYPES.length);
    // Every list but Смотрел has a card; Смотрел shows its empty text.
    for (const [i, type] of MARK_TYPES.entries()) if (type !== 'Смотрел') await api.post('/items/favorites', { type, title: titles[i].id });
    const [actor] = await (await adminApi()).get<{ id: number }[]>('/items/actors?fields=id&sort=id&limit=1');
    await api.post('/items/favoriteActors', { actor: actor.id });
    const shop = await (await adminApi()).get<{ id: number; type: string }[]>('/items/shop?fields=id,type&filter[status][_eq]=published&sort=sort');
    const first = (type: string) => shop.find((i) => i.type === type)?.id;
    await (await adminApi()).patch(`/users/${person.id}`, { nameColor: first('nameColor'), frame: first('frame'), background: first('background') });
  });

  for (const theme of THEMES) {
    it(`finds nothing serious on every screen, the deletion dialog and the edit form's refusals in the ${theme}`, async ({ browsers }) => {
      const { page } = await browsers.as(person, { theme, context: STILL });
      const settled = async () => {
        await page.locator('.account-main').waitFor();
        await page.waitForLoadState('networkidle');
        await page.locator('.account-main [role="status"]', { hasText: 'Загружаем' }).first().waitFor({ state: 'detached' });
      };
      for (const path of OWN_PAGES) {
        await page.goto(path);
        await settled();
        expect(await blockingViolations(page), `${path} in the ${theme}`).toEqual([]);
      }

      await page.goto('/profile?tab=customization');
      await settled();
      for (const type of ['frame', 'background']) {
        await page.locator(`details[data-decor="${type}"] summary`).click();
        await page.waitForLoadState('networkidle');
        expect(await blockingViolations(page), `the ${type} block in the ${theme}`).toEqual([]);
      }

      await page.getByRole('button', { name: 'Удалить профиль' }).click();
      const dialog = page.getByRole('dialog', { name: 'Удалить профиль' });
      await dialog.getByRole('button', { name: 'Удалить навсегда' }).click();
      await expect.poll(() => dialog.getByRole('alert').count()).toBe(1);
      expect(await blockingViolations(page), `the deletion dialog in the ${theme}`).toEqual([]);

      await page.goto('/profile/edit');
      await settled();
      await page.getByLabel('Дата рождения').fill('31.02.2001');
      await page.getByLabel('Новый пароль').fill('one-password');
      await page.getByLabel('Повторите пароль').fill('another-password');
      await page.getByLabel('О себе').click();
      await expect.poll(() => page.locator('form [role="alert"]').count()).toBe(2);
      expect(await blockingViolations(page), `the edit form's refusals in the ${theme}`).toEqual([]);
    });
  }
});

/** A click where a person points at the poster, which the card's stretched link covers. */
async function clickPoster(page: Page, card: Locator): Promise<void> {
  const poster = card.locator('.film-card__poster');
  await poster.scrollIntoViewIfNeeded();
  const box = (await poster.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

describe('film cards', () => {
  it('have one link each, named by the title alone, that opens the title from anywhere on the card', async ({ browsers }) => {
    const { page } = await open(browsers, 'light-theme');
    await page.goto('/');
    const cards = page.locator('main .film-card');
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    const hrefs = await Promise.all((await cards.all()).map((card) => card.getByRole('link').evaluateAll((els) => els.map((el) => el.getAttribute('href')!))));
    expect(hrefs.filter((links) => links.length !== 1), 'cards without exactly one link').toEqual([]);
    // The names as the catalogue holds them: tests before this one may have added titles of their own.
    const slugs = [...new Set(hrefs.map(([href]) => href.slice(1)))];
    const titles = await (await adminApi()).get<{ slug: string; name: string }[]>(`/items/titles?filter[slug][_in]=${slugs.join(',')}&fields=slug,name&limit=-1`);
    const nameOf = new Map(titles.map((t) => [`/${t.slug}`, t.name]));
    const unnamed: string[] = [];
    for (const [i, card] of (await cards.all()).entries()) {
      const name = nameOf.get(hrefs[i][0]) ?? '';
      if ((await card.getByRole('link', { name, exact: true }).count()) !== 1) unnamed.push(`${hrefs[i][0]}: ${await card.getByRole('link').innerText()}`);
    }
    expect(unnamed, 'cards whose link is not named by the title alone').toEqual([]);

    // The focus ring goes round the whole card, drawn by the link's ::after that covers it.
    const first = cards.first();
    const link = first.getByRole('link');
    await link.focus();
    const ring = await link.evaluate((el) => {
      const after = getComputedStyle(el, '::after');
      return { style: after.outlineStyle, width: parseFloat(after.width), height: parseFloat(after.height) };
    });
    const box = (await first.boundingBox())!;
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeCloseTo(box.width, 0);
    expect(ring.height).toBeCloseTo(box.height, 0);

    const [href] = hrefs[0];
    await clickPoster(page, first);
    await page.waitForURL((url) => url.pathname === href);
    expect(await page.locator('main h1').innerText()).toBe(nameOf.get(href));
  });

  it('in the search modal, name the link by the title and open it, closing the modal, from the poster', async ({ browsers }) => {
    const title = TITLES.find((t) => t.slug === TITLE)!;
    const { page } = await open(browsers, 'light-theme');
    await page.goto('/');
    await idleIslandsHydrated(page);
    await page.locator('header button[data-open="search"]').click();
    const dialog = page.getByRole('dialog', { name: 'Поиск' });
    await dialog.getByPlaceholder('Поиск..').fill(title.name);
    const card = dialog.locator('.film-card').filter({ has: page.locator(`a[href="/${title.slug}"]`) }).first();
    await card.waitFor();
    expect(await card.getByRole('link', { name: title.name, exact: true }).count()).toBe(1);
    await clickPoster(page, card);
    await page.waitForURL((url) => url.pathname === `/${title.slug}`);
    expect(await page.locator('main h1').innerText()).toBe(title.name);
    expect(await page.locator('dialog[open]').count()).toBe(0);
  });
});

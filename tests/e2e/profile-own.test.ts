/**
 * The own account at /profile, in Chromium against the built site and the seeded backend: the
 * sidebar and every tab by its address, customisation refused without a plan and saved with one,
 * the mark lists and favourite actors with removal and paging, sign out that ends access at once,
 * and deleting the profile confirmed by the password.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from './support/test.ts';
import type { Browsers } from './support/test.ts';
import { ACCOUNT_MESSAGES, MARK_TYPES, ROLES } from '../../shared/rules.ts';
import { PROFILE_TABS, UNKNOWN_TAB, tabHref } from '../../src/lib/profile-tabs.ts';
import { apiOf, meStatusWith, profileRow, publishedTitles, storedAccessToken } from './support/account.ts';
import { newPerson, type Person } from './support/people.ts';
import { adminApi, patientPolls } from './support/site.ts';

patientPolls(20_000);


const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Личный кабинет' });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Меню профиля' });
const pane = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });
const query = (page: Page) => new URL(page.url()).search;

async function openProfile(browsers: Browsers, person: Person, path = '/profile', options = {}): Promise<Page> {
  const { page } = await browsers.as(person, options);
  await page.goto(path);
  await sidebar(page).waitFor();
  return page;
}

interface ShopRow { id: number; name: string; type: string; nameColor: string | null; frameProfile: string | null; backgroundFile: string | null }
const shopItems = async () => (await adminApi()).get<ShopRow[]>('/items/shop?filter[status][_eq]=published&fields=id,name,type,nameColor,frameProfile,backgroundFile&sort=sort');

/** rgb(r, g, b) of a #rrggbb colour, as computed styles give it. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

describe('the own profile', () => {
  it('sends a visitor to sign in, to come back afterwards', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/profile');
  });

  it('shows the person in the sidebar and their details, with Messages and no made-up unread count', async ({ browsers }) => {
    const person = await newPerson({ extra: { aboutMe: 'Смотрю исторические дорамы по вечерам.' } });
    const page = await openProfile(browsers, person);
    const side = sidebar(page);
    await expect.poll(() => side.innerText()).toContain(person.login);
    expect(await side.innerText()).toContain('Тест Зритель');
    expect(await side.getByRole('link', { name: 'Редактировать профиль' }).getAttribute('href')).toBe('/profile/edit');
    const messages = menu(page).getByRole('link', { name: 'Сообщения' });
    expect(await messages.getAttribute('href')).toBe('/messages');
    expect((await messages.innerText()).trim()).toBe('Сообщения');
    expect(await menu(page).getByRole('link', { name: 'Профиль' }).getAttribute('aria-current')).toBe('true');

    const details = pane(page, 'Профиль');
    const shown = await details.innerText();
    for (const value of [person.login, person.email, 'Тест', 'Зритель', '17.05.1995', 'Женский', 'Смотрю исторические дорамы по вечерам.']) {
      expect(shown).toContain(value);
    }
    // A plain account has no plan: no paid-until, an offer of the plans instead.
    expect(shown).not.toContain('Оплачена до');
    expect(await details.getByRole('link', { name: 'Выбрать тариф' }).getAttribute('href')).toBe('/profile/tariff');
  });

  it('shows the plan and the day it is paid until', async ({ browsers }) => {
    const paidUntil = new Date(Date.UTC(2031, 2, 9, 12)).toISOString();
    const person = await newPerson({ role: ROLES.premiumPlus, extra: { plan: 2, paidUntil } });
    const plan = await (await adminApi()).get<{ name: string }>('/items/plans/2?fields=name');
    const page = await openProfile(browsers, person);
    await expect.poll(() => pane(page, 'Профиль').innerText()).toContain(plan.name);
    expect(await pane(page, 'Профиль').innerText()).toContain('09.03.2031');
  });

  it('opens every tab from its section, keeps it in ?tab= and follows back; an unknown tab says so', async ({ browsers }) => {
    const page = await openProfile(browsers, await newPerson());
    for (const tab of PROFILE_TABS) {
      const section = tab.section === 'profile' ? 'Профиль' : 'Избранное';
      await menu(page).getByRole('link', { name: section }).click();
      await page.getByRole('navigation', { name: tab.section === 'profile' ? 'Вкладки профиля' : 'Вкладки избранного' })
        .getByRole('link', { name: tab.label, exact: true }).click();
      expect(page.url()).toMatch(new RegExp(`${tabHref(tab).replace('?', '\\?')}$`));
      await pane(page, tab.label).waitFor();
      expect(await menu(page).getByRole('link', { name: section }).getAttribute('aria-current')).toBe('true');
    }
    await page.goBack();
    await pane(page, 'Избранное').waitFor();
    expect(query(page)).toBe('?tab=favorites');

    // Each tab by its address, as a bookmark opens it.
    for (const tab of PROFILE_TABS) {
      await page.goto(tabHref(tab));
      await pane(page, tab.label).waitFor();
    }

    await page.goto('/profile?tab=settings');
    await expect.poll(() => page.locator('.account-main').innerText()).toContain(UNKNOWN_TAB);
    expect(await page.locator('.account-main').getByRole('region').count()).toBe(0);
    await page.getByRole('link', { name: 'Открыть профиль' }).click();
    await pane(page, 'Профиль').waitFor();
    expect(query(page)).toBe('');
  });
});

describe('on a phone', () => {
  it('fits every tab and the edit screen into 375 px, in both looks', async ({ browsers }) => {
    const person = await newPerson({ extra: { aboutMe: 'Очень-очень-длинное-слово-без-пробелов-которое-не-должно-раздвигать-страницу' } });
    for (const theme of ['light-theme', 'dark-theme'] as const) {
      const { page } = await browsers.as(person, { width: 'mobile', theme });
      for (const path of [...PROFILE_TABS.map(tabHref), '/profile?tab=settings', '/profile/edit']) {
        await page.goto(path);
        await page.locator('.account-main').waitFor();
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} in the ${theme}: wider than the screen by`).toBeLessThanOrEqual(0);
      }
    }
  });
});

describe('customisation', () => {
  const block = (page: Page, type: string) => page.locator(`details[data-decor="${type}"]`);
  const openBlock = async (page: Page, type: string): Promise<Locator> => {
    const b = block(page, type);
    if (!(await b.evaluate((el) => (el as HTMLDetailsElement).open))) await b.locator('summary').click();
    return b;
  };

  it('asks a plain user to subscribe in every block, offers no save, and stores nothing', async ({ browsers }) => {
    const person = await newPerson();
    const page = await openProfile(browsers, person, '/profile?tab=customization');
    for (const type of ['nameColor', 'frame', 'background']) {
      const b = await openBlock(page, type);
      await expect.poll(() => b.innerText()).toContain('Нужна подписка');
      // Frame and background come with Премиум+ only: the plans open on it.
      expect(await b.getByRole('link', { name: 'Купить подписку' }).getAttribute('href')).toBe(type === 'nameColor' ? '/profile/tariff' : '/profile/tariff?plan=2');
      expect(await b.getByRole('button', { name: 'Сохранить' }).count()).toBe(0);
      // The items can still be tried on in the preview.
      expect(await b.getByRole('radio').count()).toBeGreaterThan(0);
    }
    expect(await profileRow(person.id, 'nameColor,frame,background')).toEqual({ nameColor: null, frame: null, background: null });
  });

  it('saves a name colour for Premium and shows it in the sidebar; frame and background ask for Premium+ in the spec\'s words', async ({ browsers }) => {
    const person = await newPerson({ role: ROLES.premium });
    const colour = (await shopItems()).find((i) => i.type === 'nameColor' && i.nameColor?.startsWith('#'))!;
    const page = await openProfile(browsers, person, '/profile?tab=customization');
    const b = await openBlock(page, 'nameColor');
    await b.getByRole('radio', { name: colour.name }).check();
    await b.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => b.getByRole('status').innerText()).toBe('Сохранено');
    expect((await profileRow<{ nameColor: number }>(person.id, 'nameColor')).nameColor).toBe(colour.id);
    const login = sidebar(page).getByText(person.login, { exact: true });
    await expect.poll(() => login.evaluate((el) => getComputedStyle(el).color)).toBe(rgb(colour.nameColor!));
    expect(await b.locator('summary').innerText()).toContain(colour.name);

    // They pay already: the same prompt, told which plan has it and opening on that plan.
    for (const type of ['frame', 'background']) {
      const locked = await openBlock(page, type);
      await expect.poll(() => locked.innerText()).toContain('Нужна подписка');
      expect(await locked.innerText()).toContain('У вас «Премиум»: перейдите на «Премиум+»');
      expect(await locked.getByRole('link', { name: 'Купить подписку' }).getAttribute('href')).toBe('/profile/tariff?plan=2');
      expect(await locked.getByRole('button', { name: 'Сохранить' }).count()).toBe(0);
    }
  });

  it('saves a frame and a background for Premium+, shows them in the sidebar, and takes them off', async ({ browsers }) => {
    const person = await newPerson({ role: ROLES.premiumPlus });
    const items = await shopItems();
    const frame = items.find((i) => i.type === 'frame')!;
    const background = items.find((i) => i.type === 'background')!;
    const page = await openProfile(browsers, person, '/profile?tab=customization');
    const card = page.getByTestId('account-card');

    const f = await openBlock(page, 'frame');
    await f.getByRole('radio', { name: frame.name }).check();
    await f.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => card.locator('.avatar__frame').getAttribute('src')).toContain(frame.frameProfile!);

    const w = await openBlock(page, 'background');
    await w.getByRole('radio', { name: background.name }).check();
    await w.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => card.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(background.backgroundFile!);
    expect(await profileRow(person.id, 'frame,background')).toEqual({ frame: frame.id, background: background.id });

    await w.getByRole('button', { name: 'Снять' }).click();
    await expect.poll(() => card.evaluate((el) => getComputedStyle(el).backgroundImage)).not.toContain(background.backgroundFile!);
    const f2 = await openBlock(page, 'frame');
    await f2.getByRole('button', { name: 'Снять' }).click();
    await card.locator('.avatar__frame').first().waitFor({ state: 'detached' });
    expect(await profileRow(person.id, 'frame,background')).toEqual({ frame: null, background: null });
  });

  it('shows the backend\'s refusal when the plan ended while the screen was open, and stores nothing', async ({ browsers }) => {
    const person = await newPerson({ role: ROLES.premium });
    const colour = (await shopItems()).find((i) => i.type === 'nameColor')!;
    const page = await openProfile(browsers, person, '/profile?tab=customization');
    const b = await openBlock(page, 'nameColor');
    await b.getByRole('button', { name: 'Сохранить' }).waitFor();
    const token = await storedAccessToken(page);
    await (await adminApi()).patch(`/users/${person.id}`, { role: ROLES.user });
    // The backend knows the role from the access token: wait for the page's next refresh.
    await expect.poll(() => storedAccessToken(page), { timeout: 60_000 }).not.toBe(token);
    await b.getByRole('radio', { name: colour.name }).check();
    await b.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => b.getByRole('alert').innerText()).toBe('Цвет ника доступен с подпиской');
    expect((await profileRow(person.id, 'nameColor')).nameColor).toBeNull();
  });
});

describe('lists', () => {
  const markTabs = PROFILE_TABS.filter((t) => t.mark);
  const names = (where: Locator) => where.locator('.film-card__link').allInnerTexts();

  it('lists each kind of mark, newest first, and takes one off at once', async ({ browsers }) => {
    const person = await newPerson();
    const titles = await publishedTitles(MARK_TYPES.length + 1);
    const api = await apiOf(person);
    // Two in Избранное, one in each other list; the second Избранное is the newest.
    const marks: { type: string; title: (typeof titles)[number] }[] = MARK_TYPES.map((type, i) => ({ type, title: titles[i] }));
    marks.push({ type: MARK_TYPES[0], title: titles[MARK_TYPES.length] });
    const created = new Map<string, number>();
    for (const m of marks) created.set(`${m.type}/${m.title.id}`, (await api.post<{ id: number }>('/items/favorites', { type: m.type, title: m.title.id })).id);

    const page = await openProfile(browsers, person, '/profile?tab=favorites');
    for (const tab of markTabs) {
      await page.getByRole('navigation', { name: 'Вкладки избранного' }).getByRole('link', { name: tab.label, exact: true }).click();
      const list = pane(page, tab.label);
      const expected = marks.filter((m) => m.type === tab.mark).map((m) => m.title.name).reverse();
      await expect.poll(() => names(list)).toEqual(expected);
      expect(await list.getByRole('heading').innerText()).toContain(String(expected.length));

      const first = marks.filter((m) => m.type === tab.mark).at(-1)!;
      await list.getByRole('button', { name: `Убрать «${first.title.name}» из списка «${tab.mark}»` }).click();
      await expect.poll(() => names(list)).toEqual(expected.slice(1));
      const gone = await (await adminApi()).get<unknown[]>(`/items/favorites?filter[id][_eq]=${created.get(`${tab.mark}/${first.title.id}`)}`);
      expect(gone).toEqual([]);
      if (expected.length === 1) {
        await expect.poll(() => list.locator('.list-status').innerText()).toMatch(/^(В избранном|Здесь будут)/);
        expect(await list.getByRole('alert').count()).toBe(0);
      }
    }
    // Избранное kept its older mark.
    await page.goto('/profile?tab=favorites');
    await expect.poll(() => names(pane(page, 'Избранное'))).toEqual([titles[0].name]);
  });

  it('pages a long list with "Показать еще" after a removal without skipping or repeating a title', async ({ browsers }) => {
    const person = await newPerson();
    const titles = await publishedTitles(23);
    const api = await apiOf(person);
    await api.post('/items/favorites', titles.map((t) => ({ type: 'Смотрел', title: t.id })));
    const newestFirst = titles.map((t) => t.name).reverse();

    const page = await openProfile(browsers, person, '/profile?tab=watched');
    const list = pane(page, 'Смотрел');
    await expect.poll(() => names(list)).toHaveLength(20);
    await list.getByRole('button', { name: `Убрать «${newestFirst[0]}» из списка «Смотрел»` }).click();
    await expect.poll(() => names(list)).toHaveLength(19);
    expect(await list.getByRole('heading').innerText()).toContain('22');
    await list.getByRole('button', { name: 'Показать еще' }).click();
    await expect.poll(() => names(list)).toEqual(newestFirst.slice(1));
    expect(await list.getByRole('button', { name: 'Показать еще' }).count()).toBe(0);
  });

  it('says a list failed to load, never that it is empty, and loads it on retry', async ({ browsers }) => {
    const person = await newPerson();
    const [title] = await publishedTitles(1);
    await (await apiOf(person)).post('/items/favorites', { type: 'Смотрю', title: title.id });
    const { page } = await browsers.as(person);
    await page.route('**/api/items/favorites?**', (route) => route.abort('failed'));
    await page.goto('/profile?tab=watching');
    const list = pane(page, 'Смотрю');
    await expect.poll(() => list.getByRole('alert').innerText()).toContain('Не удалось загрузить');
    expect(await list.innerText()).not.toContain('Здесь будут');
    await page.unroute('**/api/items/favorites?**');
    await list.getByRole('button', { name: 'Повторить' }).click();
    await expect.poll(() => names(list)).toEqual([title.name]);
  });

  it('says the profile could not be read on the account screens and the tariff screen, and shows them on retry', async ({ browsers }) => {
    const { page } = await browsers.as(await newPerson());
    const ownProfile = '**/api/users/me?**';
    const screens: [string, () => Promise<void>][] = [
      ['/profile', () => sidebar(page).waitFor()],
      ['/profile/tariff', () => page.getByRole('button', { name: 'Оплатить' }).waitFor()],
    ];
    for (const [path, shown] of screens) {
      await page.route(ownProfile, (route) => (route.request().method() === 'GET' ? route.abort('internetdisconnected') : route.fallback()));
      await page.goto(path);
      const alert = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить профиль.' });
      await alert.waitFor();
      await page.unroute(ownProfile);
      await alert.getByRole('button', { name: 'Повторить' }).click();
      await shown();
      expect(await alert.count()).toBe(0);
    }
  });

  it('shows favourite actors linking to their pages, takes one off, and says when there are none', async ({ browsers }) => {
    const person = await newPerson();
    const actors = await (await adminApi()).get<{ id: number; slug: string; nameRu: string }[]>('/items/actors?fields=id,slug,nameRu&sort=id&limit=2');
    const api = await apiOf(person);
    for (const a of actors) await api.post('/items/favoriteActors', { actor: a.id });

    const page = await openProfile(browsers, person, '/profile?tab=favorite-actors');
    const list = pane(page, 'Избранные актёры');
    const links = list.getByRole('link');
    await expect.poll(() => links.allInnerTexts()).toHaveLength(2);
    // Newest first: the second actor was favourited last.
    expect(await links.first().getAttribute('href')).toBe(`/actors/${actors[1].slug}`);
    expect(await links.first().innerText()).toContain(actors[1].nameRu);

    for (const a of [...actors].reverse()) {
      await list.getByRole('button', { name: `Убрать «${a.nameRu}» из избранных актёров` }).click();
      await list.getByText(a.nameRu).first().waitFor({ state: 'detached' });
    }
    await expect.poll(() => list.locator('.list-status').innerText()).toBe('Нет любимых актеров');
    expect(await (await adminApi()).get<unknown[]>(`/items/favoriteActors?filter[user][_eq]=${person.id}`)).toEqual([]);
  });
});

describe('leaving', () => {
  it('signs out, and the old session stops working on the backend at once', async ({ browsers }) => {
    const person = await newPerson();
    const page = await openProfile(browsers, person);
    const token = (await storedAccessToken(page))!;
    const refresh = await page.evaluate(() => (JSON.parse(localStorage.getItem('session')!) as { refresh_token: string }).refresh_token);
    expect(await meStatusWith(token)).toBe(200);

    await menu(page).getByRole('button', { name: 'Выйти' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedAccessToken(page)).toBeNull();
    await page.getByRole('banner').getByRole('link', { name: 'Войти' }).waitFor();
    await expect.poll(() => meStatusWith(token)).toBe(401);
    const refreshed = await fetch(`${inject('e2eDirectusUrl')}/auth/refresh`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh_token: refresh, mode: 'json' }),
    });
    expect(refreshed.status).toBe(401);
  });

  it('deletes the profile only with the right password, then signs out and goes home', async ({ browsers }) => {
    const person = await newPerson();
    const [title] = await publishedTitles(1);
    await (await apiOf(person)).post('/items/favorites', { type: 'Смотрю', title: title.id });
    const page = await openProfile(browsers, person);
    const token = (await storedAccessToken(page))!;

    await menu(page).getByRole('button', { name: 'Удалить профиль' }).click();
    const dialog = page.getByRole('dialog', { name: 'Удалить профиль' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('ответы других людей останутся под надписью «Комментарий удалён»');
    await dialog.getByLabel('Пароль для подтверждения').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Удалить навсегда' }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toBe(ACCOUNT_MESSAGES.wrongPassword);
    expect((await profileRow(person.id, 'id')).id).toBe(person.id);
    expect(await meStatusWith(token)).toBe(200);

    await dialog.getByLabel('Пароль для подтверждения').fill(person.password);
    await dialog.getByRole('button', { name: 'Удалить навсегда' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedAccessToken(page)).toBeNull();
    const left = await (await adminApi()).get<unknown[]>(`/users?filter[id][_eq]=${person.id}&fields=id`);
    expect(left).toEqual([]);
    expect(await (await adminApi()).get<unknown[]>(`/items/favorites?filter[user_created][_eq]=${person.id}`)).toEqual([]);
    expect(await meStatusWith(token)).toBe(401);
  });
});

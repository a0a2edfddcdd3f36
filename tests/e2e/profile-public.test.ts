/**
 * Another person's profile at /profile/{login}, in Chromium against the built site and a real
 * Directus: what a visitor and a signed-in person see (age and date from the date of birth,
 * the name colour, frame and wallpaper the person wears), the 404 page for an unknown login,
 * and writing to the person: one private chat whichever of the two started it, then the chat.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from './support/test.ts';
import { AdminApi } from '../../directus/apply/admin-api.ts';
import { ROLES } from '../../shared/rules.ts';
import { isoToDisplay } from '../../shared/dob.ts';
import { ageOn } from '../../src/lib/people.ts';
import { countRu, YEAR_FORMS } from '../../src/lib/plural.ts';
import { chatsBetween, newPerson } from './support/people.ts';
import { adminApi, hydrated, patientPolls } from './support/site.ts';

patientPolls();


interface ShopItem { id: number; type: string; nameColor: string | null; frameProfile: string | null; backgroundFile: string | null }

/** A published shop item of the type; a solid name colour, so the test can read it back from the page. */
async function shopItem(type: 'nameColor' | 'frame' | 'background'): Promise<ShopItem> {
  const api = await adminApi();
  const items = await api.get<ShopItem[]>(`/items/shop?filter[type][_eq]=${type}&filter[status][_eq]=published&fields=id,type,nameColor,frameProfile,backgroundFile&sort=id`);
  const item = type === 'nameColor' ? items.find((i) => i.nameColor?.startsWith('#')) : items[0];
  if (!item) throw new Error(`No ${type} in the shop`);
  return item;
}

/** '#00a86b' as the browser writes a computed colour. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

async function openProfile(page: Page, login: string): Promise<void> {
  await page.goto(`/profile/${login}`);
  await hydrated(page, '.public-profile');
  await expect.poll(() => page.locator('main h1').innerText()).toBe(login);
}

async function messagesOf(chatId: number): Promise<{ text: string; user_created: string }[]> {
  const api = await adminApi();
  return api.get(`/items/messages?fields=text,user_created&sort=id&filter[privateChat][_eq]=${chatId}`);
}

const chatIdOf = (page: Page) => Number(new URL(page.url()).searchParams.get('id'));

describe('another person’s profile', () => {
  it('shows a visitor who the person is, in the decorations they wear, and asks them to sign in to write', async ({ browsers }) => {
    const [nameColor, frame, background] = await Promise.all([shopItem('nameColor'), shopItem('frame'), shopItem('background')]);
    const dob = '1990-02-03';
    const about = 'Люблю <b>исторические</b> дорамы\nи зелёный чай.';
    const person = await newPerson({
      role: ROLES.premiumPlus,
      extra: { dob, gender: 'Мужской', first_name: 'Игорь', last_name: 'Петров', aboutMe: about, nameColor: nameColor.id, frame: frame.id, background: background.id },
    });
    const { page } = await browsers.visitor({ width: 'mobile' });
    await openProfile(page, person.login);
    const main = page.getByRole('main');
    await expect.poll(() => main.innerText()).toContain('Игорь Петров');

    const facts = await page.locator('.profile-card__facts').innerText();
    expect(facts).toContain(countRu(ageOn(dob)!, YEAR_FORMS));
    expect(facts).toContain(isoToDisplay(dob));
    expect(facts).toContain('Мужской');
    // User text is text: the tags show as typed, nothing is made bold.
    expect(await page.locator('.profile-panel__about').innerText()).toBe(about);
    expect(await page.locator('.profile-panel__about b').count()).toBe(0);

    const name = page.locator('h1 .person-name');
    expect(await name.evaluate((el) => getComputedStyle(el).color)).toBe(rgb(nameColor.nameColor!));
    expect(await page.locator('.profile-card .avatar__frame').getAttribute('src')).toBe(`/api/assets/${frame.frameProfile}`);
    const wallpaper = `/api/assets/${background.backgroundFile}?key=banner`;
    expect(await page.locator('.profile-card__cover').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(wallpaper);
    // The pictures are served.
    await expect.poll(() => page.locator('.profile-card .avatar__frame').evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect((await page.request.get(wallpaper)).headers()['content-type']).toMatch(/^image\//);
    expect(await page.title()).toContain(person.login);

    const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' });
    expect(await crumbs.getByRole('link', { name: 'Главная' }).getAttribute('href')).toBe('/');
    expect(await crumbs.locator('[aria-current="page"]').innerText()).toBe(person.login);

    const signIn = main.getByRole('region', { name: 'Сообщение' }).getByRole('link', { name: 'Войдите', exact: true });
    expect(await signIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(`/profile/${person.login}`)}`);
    expect(await main.getByRole('textbox').count()).toBe(0);
    expect(await main.getByRole('button', { name: 'Отправить' }).count()).toBe(0);
  });

  it('shows a person without decorations plainly, with the message box for a signed-in reader', async ({ browsers }) => {
    const dob = '2001-12-31';
    const [person, reader] = await Promise.all([newPerson({ extra: { dob, aboutMe: null } }), newPerson()]);
    const v = await browsers.as(reader);
    const { page } = v;
    await openProfile(page, person.login);
    await expect.poll(() => page.getByRole('textbox', { name: `Сообщение для ${person.login}` }).count()).toBe(1);
    const facts = await page.locator('.profile-card__facts').innerText();
    expect(facts).toContain(countRu(ageOn(dob)!, YEAR_FORMS));
    expect(facts).toContain('31.12.2001');
    expect(await page.locator('.profile-card .avatar__frame').count()).toBe(0);
    expect(await page.locator('.profile-card__cover').evaluate((el) => el.style.backgroundImage)).toBe('');
    expect(await page.locator('h1 .person-name').getAttribute('style')).toBeNull();
    expect(await page.getByRole('main').innerText()).toContain('Пользователь пока ничего о себе не рассказал.');
    expect(v.errors).toEqual([]);
  });

  it('finds a person by their login in any letter case, and spells the address as they do', async ({ browsers }) => {
    const login = `Mi_${Date.now().toString(36)}`;
    // A decoy that starts and ends with the same letters must not be taken for them.
    const [person] = await Promise.all([newPerson({ login }), newPerson({ login: `${login}.${login}` })]);
    const { page } = await browsers.visitor();
    await page.goto(`/profile/${person.login.toUpperCase()}`);
    await hydrated(page, '.public-profile');
    await expect.poll(() => page.locator('main h1').innerText()).toBe(person.login);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/profile/${person.login}`);
  });

  it('answers an unknown login with the 404 page', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    await page.goto(`/profile/nikogo_net_${Date.now()}`);
    await page.waitForURL((url) => url.pathname === '/not-found');
    expect(await page.locator('main h1').innerText()).toBe('Страница не найдена');
    const res = await page.reload();
    expect(res?.status()).toBe(404);
  });
});

describe('writing to a person from their profile', () => {
  it('starts one private chat, sends the message, opens the chat, and reuses it for the next message', async ({ browsers }) => {
    const [writer, person] = await Promise.all([newPerson(), newPerson()]);
    const v = await browsers.as(writer);
    const { page } = v;
    await openProfile(page, person.login);
    const box = page.getByRole('textbox', { name: `Сообщение для ${person.login}` });
    const send = page.getByRole('button', { name: 'Отправить' });

    // Blank text is not sent: the button waits, and Enter does nothing.
    await box.waitFor();
    expect(await send.isDisabled()).toBe(true);
    await box.fill('   \n  ');
    expect(await send.isDisabled()).toBe(true);
    await box.press('Enter');

    await box.fill('Привет! Что посоветуешь посмотреть?');
    await send.click();
    await page.waitForURL((url) => url.pathname === '/messages' && url.searchParams.has('id'));
    const chatId = chatIdOf(page);
    expect(await chatsBetween(writer, person)).toEqual([{ id: chatId }]);
    // Only the real message arrived: the blank one never left the page.
    expect(await messagesOf(chatId)).toEqual([{ text: 'Привет! Что посоветуешь посмотреть?', user_created: writer.id }]);

    await openProfile(page, person.login);
    await page.getByRole('textbox', { name: `Сообщение для ${person.login}` }).fill('И ещё вопрос');
    await page.getByRole('textbox', { name: `Сообщение для ${person.login}` }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/messages' && url.searchParams.get('id') === String(chatId));
    expect(await chatsBetween(writer, person)).toEqual([{ id: chatId }]);
    expect((await messagesOf(chatId)).map((m) => m.text)).toEqual(['Привет! Что посоветуешь посмотреть?', 'И ещё вопрос']);
    expect(v.errors).toEqual([]);
  });

  it('writes into the chat the other person started', async ({ browsers }) => {
    const [writer, person] = await Promise.all([newPerson(), newPerson()]);
    const theirs = await AdminApi.login(inject('e2eDirectusUrl'), person.email, person.password);
    const started = await theirs.post<{ id: number }>('/items/chats', { user_invited: [{ directus_users_id: writer.id }] });
    const v = await browsers.as(writer);
    const { page } = v;
    await openProfile(page, person.login);
    await page.getByRole('textbox', { name: `Сообщение для ${person.login}` }).fill('Отвечаю тебе');
    await page.getByRole('button', { name: 'Отправить' }).click();
    await page.waitForURL((url) => url.pathname === '/messages' && url.searchParams.has('id'));
    expect(chatIdOf(page)).toBe(started.id);
    expect(await chatsBetween(writer, person)).toEqual([{ id: started.id }]);
    expect(await messagesOf(started.id)).toEqual([{ text: 'Отвечаю тебе', user_created: writer.id }]);
  });

  it('offers no message box on one’s own profile, but the way to edit it', async ({ browsers }) => {
    const me = await newPerson();
    const v = await browsers.as(me);
    const { page } = v;
    await openProfile(page, me.login);
    const main = page.getByRole('main');
    await expect.poll(() => main.getByRole('link', { name: 'Редактировать профиль' }).count()).toBe(1);
    expect(await main.getByRole('textbox', { name: `Сообщение для ${me.login}` }).count()).toBe(0);
  });

  it('says so when one’s own profile cannot be read, writes to nobody meanwhile, and shows the post box once read again', async ({ browsers }) => {
    const me = await newPerson();
    const v = await browsers.as(me);
    const { page } = v;
    const ownProfile = '**/api/users/me?**';
    await page.route(ownProfile, (route) => (route.request().method() === 'GET' ? route.abort('internetdisconnected') : route.fallback()));
    await openProfile(page, me.login);
    const main = page.getByRole('main');
    const alert = main.getByRole('alert');
    await expect.poll(() => alert.innerText()).toContain('Не удалось загрузить ваш профиль.');
    expect(await main.getByRole('textbox', { name: `Сообщение для ${me.login}` }).count()).toBe(0);
    expect(await main.getByRole('textbox', { name: 'Новая запись' }).count()).toBe(0);

    await page.unroute(ownProfile);
    await alert.getByRole('button', { name: 'Повторить' }).click();
    await main.getByRole('textbox', { name: 'Новая запись' }).waitFor();
    expect(await main.getByRole('link', { name: 'Редактировать профиль' }).count()).toBe(1);
    expect(await main.getByRole('alert').count()).toBe(0);
  });

  it('says so as well when the code that reads one’s own profile cannot load, and reloads to try again', async ({ browsers }) => {
    const me = await newPerson();
    const v = await browsers.as(me);
    const { page } = v;
    const store = '**/_astro/signed-in-viewer.*.js';
    await page.route(store, (route) => route.abort('internetdisconnected'));
    await openProfile(page, me.login);
    const main = page.getByRole('main');
    await expect.poll(() => main.getByRole('alert').innerText()).toContain('Не удалось загрузить ваш профиль.');
    expect(await main.getByRole('textbox', { name: `Сообщение для ${me.login}` }).count()).toBe(0);

    await page.unroute(store);
    const reloaded = page.waitForEvent('load');
    await main.getByRole('button', { name: 'Повторить' }).click();
    await reloaded;
    await main.getByRole('textbox', { name: 'Новая запись' }).waitFor();
  });
});

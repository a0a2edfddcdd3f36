/**
 * Paid plans in Chromium against the built site, the seeded backend and the local stand-in of the
 * payment gateway (a process of its own): buying through /profile/tariff and the gateway's page,
 * coming back to the invoice's state, what the plan unlocks, underpaid and cancelled invoices,
 * the end of a plan and its renewal, and episodes kept for subscribers.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from './support/test.ts';
import { ROLES } from '../../shared/rules.ts';
import { SUBSCRIPTION_DAYS } from '../../shared/plans.ts';
import { DAY_MS, dayOf } from '../../shared/subscription.ts';
import { apiOf, profileRow, storedAccessToken } from './support/account.ts';
import { newPerson, type Person } from './support/people.ts';
import { adminApi, controlsUnderNotice, patientPolls } from './support/site.ts';

patientPolls(20_000);


interface ShopRow { id: number; name: string; type: string; nameColor: string | null; frameProfile: string | null }
const shopItems = async () => (await adminApi()).get<ShopRow[]>('/items/shop?filter[status][_eq]=published&fields=id,name,type,nameColor,frameProfile&sort=sort');
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const planOf = (person: Person) => profileRow<{ role: string; plan: number | null; paidUntil: string | null }>(person.id, 'role,plan,paidUntil');

/** Chooses a plan on /profile/tariff and presses «Оплатить»: the browser lands on the gateway's page. */
async function checkout(page: Page, plan: 'Премиум' | 'Премиум+'): Promise<void> {
  await page.goto('/profile/tariff');
  await page.getByRole('radio', { name: plan, exact: true }).check();
  await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/pay/'));
}

/** Presses a button of the gateway's page and waits to be back on the site. */
async function onGateway(page: Page, button: 'Оплатить' | 'Оплатить не полностью' | 'Отменить'): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/profile/tariff' && url.searchParams.has('invoice'));
}

const invoiceState = (page: Page) => page.getByRole('region', { name: 'Оплата подписки' });

async function openBlock(page: Page, type: string) {
  const b = page.locator(`details[data-decor="${type}"]`);
  await b.waitFor();
  if (!(await b.evaluate((el) => (el as HTMLDetailsElement).open))) await b.locator('summary').click();
  return b;
}

describe('buying a plan', () => {
  it('sends a visitor to sign in and back to the plans', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    await page.goto('/profile/tariff');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/profile/tariff');
  });

  it('plan 1: the two plans, one method, «Оплатить», the gateway, back paid; then a GIF avatar and a name colour', async ({ person, signedIn }) => {
    const { page } = signedIn;
    await page.goto('/profile/tariff');
    const plans = page.getByRole('group', { name: 'Тариф' });
    await expect.poll(() => plans.getByRole('radio').count()).toBe(2);
    expect(await plans.innerText()).toContain('399 ₽');
    expect(await plans.innerText()).toContain('699 ₽');
    const methods = page.getByRole('group', { name: 'Способ оплаты' }).getByRole('radio');
    expect(await methods.count()).toBe(1);
    expect(await methods.isChecked()).toBe(true);
    expect(await page.getByTestId('tariff-outcome').innerText()).toContain(`на ${SUBSCRIPTION_DAYS} дн.`);

    await checkout(page, 'Премиум');
    await onGateway(page, 'Оплатить');
    await expect.poll(() => invoiceState(page).innerText()).toContain('Оплата прошла');
    const { paidUntil } = await planOf(person);
    expect(await invoiceState(page).innerText()).toContain(`«Премиум» оплачен до ${dayOf(new Date(paidUntil!))}`);
    expect(await planOf(person)).toMatchObject({ role: ROLES.premium, plan: 1 });

    // The plan is in force at once: the GIF avatar and the name colour are taken.
    await page.goto('/profile/edit');
    const gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 120, b: 200 } } }).gif().toBuffer();
    await page.locator('.avatar-upload input[type="file"]').setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: gif });
    await expect.poll(() => page.locator('.avatar-upload').getByRole('status').innerText()).toBe('Аватар обновлён');

    const colour = (await shopItems()).find((i) => i.type === 'nameColor' && i.nameColor?.startsWith('#'))!;
    await page.goto('/profile?tab=customization');
    const b = await openBlock(page, 'nameColor');
    await b.getByRole('radio', { name: colour.name }).check();
    await b.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => b.getByRole('status').innerText()).toBe('Сохранено');

    // The profile's plan line and history.
    await page.goto('/profile');
    const line = page.getByTestId('plan-line');
    // Whole days, rounded down: a moment after buying 30 days, 29 are left whole, beside the end day.
    await expect.poll(() => line.innerText()).toBe(`Премиум до ${dayOf(new Date(paidUntil!))} · осталось ${SUBSCRIPTION_DAYS - 1} дн.`);
    expect(await page.getByRole('link', { name: 'Продлить' }).getAttribute('href')).toBe('/profile/tariff?plan=1');
    const history = page.getByRole('region', { name: 'История платежей' });
    await expect.poll(() => history.locator('tbody tr').count()).toBe(1);
    expect(await history.locator('tbody tr').innerText()).toMatch(/Премиум\s+399 ₽\s+Оплачен/);
  });

  it('plan 2 after plan 1: the screen says the days left carry over, and frames unlock', async ({ browsers }) => {
    const person = await newPerson({ role: ROLES.premium, extra: { plan: 1, paidUntil: new Date(Date.now() + 10 * DAY_MS).toISOString() } });
    const { page } = await browsers.as(person);
    await page.goto('/profile/tariff');
    await page.getByRole('radio', { name: 'Премиум+', exact: true }).check();
    const note = await page.getByTestId('tariff-outcome').innerText();
    expect(note).toContain('оставшиеся дни не пропадут');
    expect(note).toContain('399 ₽ и 699 ₽');
    // 10 days of Премиум (a moment ago) are 5.7 days of Премиум+: whole days, each beside its end day.
    expect(note).toContain('осталось 9 дн. (до ');
    expect(note).toContain('это 5 дн. «Премиум+» (до ');
    expect(note).not.toMatch(/\d,\d/);

    await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/pay/'));
    await onGateway(page, 'Оплатить');
    await expect.poll(() => invoiceState(page).innerText()).toContain('Оплата прошла');
    expect(await planOf(person)).toMatchObject({ role: ROLES.premiumPlus, plan: 2 });

    const frame = (await shopItems()).find((i) => i.type === 'frame')!;
    await page.goto('/profile?tab=customization');
    const f = await openBlock(page, 'frame');
    await f.getByRole('radio', { name: frame.name }).check();
    await f.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => page.getByTestId('account-card').locator('.avatar__frame').getAttribute('src')).toContain(frame.frameProfile!);
  });

  it('plan 1 after plan 2: the screen says first that the frame and wallpaper come off, and they do', async ({ browsers }) => {
    const frame = (await shopItems()).find((i) => i.type === 'frame')!;
    const person = await newPerson({ role: ROLES.premiumPlus, extra: { plan: 2, paidUntil: new Date(Date.now() + 10 * DAY_MS).toISOString(), frame: frame.id } });
    const { page } = await browsers.as(person);
    await page.goto('/profile/tariff');
    await page.getByRole('radio', { name: 'Премиум', exact: true }).check();
    expect(await page.getByTestId('tariff-outcome').innerText()).toContain('оставшиеся дни не пропадут');
    const loses = page.getByTestId('tariff-loses');
    expect(await loses.innerText()).toContain('Рамка и обои профиля снимутся сразу после оплаты');
    expect(await loses.innerText()).toContain('рамка аватара в профиле');
    // Staying on Премиум+ takes nothing away: the warning goes.
    await page.getByRole('radio', { name: 'Премиум+', exact: true }).check();
    await loses.waitFor({ state: 'detached' });
    await page.getByRole('radio', { name: 'Премиум', exact: true }).check();

    await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/pay/'));
    await onGateway(page, 'Оплатить');
    await expect.poll(() => invoiceState(page).innerText()).toContain('Оплата прошла');
    expect(await profileRow(person.id, 'role,frame,keptDecorations')).toEqual({ role: ROLES.premium, frame: null, keptDecorations: { frame: frame.id } });
  });

  it('an underpaid invoice shows what is due and is finished by a top-up', async ({ person, signedIn }) => {
    const { page } = signedIn;
    await checkout(page, 'Премиум');
    await onGateway(page, 'Оплатить не полностью');
    await expect.poll(() => invoiceState(page).innerText()).toContain('Оплачено не полностью');
    expect(await page.getByTestId('invoice-due').innerText()).toBe('199,50 ₽');
    expect((await planOf(person)).plan).toBeNull();

    await invoiceState(page).getByRole('link', { name: 'Доплатить' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/pay/'));
    expect(await page.getByRole('status').innerText()).toBe('Оплачен не полностью');
    await onGateway(page, 'Оплатить');
    await expect.poll(() => invoiceState(page).innerText()).toContain('Оплата прошла');
    expect(await planOf(person)).toMatchObject({ role: ROLES.premium, plan: 1 });
  });

  it('a cancelled invoice grants nothing and says so', async ({ person, signedIn }) => {
    const { page } = signedIn;
    await checkout(page, 'Премиум+');
    await onGateway(page, 'Отменить');
    await expect.poll(() => invoiceState(page).innerText()).toContain('Счёт отменён');
    expect(await planOf(person)).toMatchObject({ role: ROLES.user, plan: null });
    await page.goto('/profile');
    const history = page.getByRole('region', { name: 'История платежей' });
    await expect.poll(() => history.innerText()).toContain('Отменён');
  });

  it('an invoice paid in part and then given up says how much arrived, not that nothing was charged', async ({ person, signedIn }) => {
    const { page } = signedIn;
    await checkout(page, 'Премиум');
    await onGateway(page, 'Оплатить не полностью');
    const due = invoiceState(page).getByTestId('invoice-due');
    await due.waitFor();
    const received = (await invoiceState(page).innerText()).match(/Получено (\S+ ₽)/)?.[1];
    expect(received, 'the part received').toBeTruthy();
    await invoiceState(page).getByRole('link', { name: 'Доплатить' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/pay/'));
    await onGateway(page, 'Отменить');
    await expect.poll(() => invoiceState(page).getByRole('heading').innerText()).toBe('Оплата не прошла');
    const said = await invoiceState(page).innerText();
    expect(said).toContain(`По счёту получено ${received}`);
    expect(said).not.toContain('Деньги не списаны');
    expect(await planOf(person)).toMatchObject({ role: ROLES.user, plan: null });
  });

  it('says «Произошла ошибка при создании платежа» when the invoice cannot be made', async ({ signedIn }) => {
    const { page } = signedIn;
    await page.goto('/profile/tariff');
    // The call never reaches the backend, as when the connection drops.
    await page.route('**/api/payment/buy', (route) => route.abort());
    await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Произошла ошибка при создании платежа');
    expect(new URL(page.url()).pathname).toBe('/profile/tariff');
  });
});

describe('the cookie notice on the account screens', () => {
  it('leaves the prices and every control free until it is accepted, at 375×812, 1366×900 and 1280×900', async ({ browsers }) => {
    const person = await newPerson();
    for (const size of [{ width: 375, height: 812 }, { width: 1366, height: 900 }, { width: 1280, height: 900 }]) {
      const { page } = await browsers.as(person, { acceptCookies: false });
      await page.setViewportSize(size);
      for (const path of ['/profile/tariff', '/profile', '/profile?tab=customization', '/messages']) {
        await page.goto(path);
        await page.getByRole('region', { name: 'Уведомление о cookie' }).waitFor();
        await page.locator('.account-main, .tariff, .messages-screen').first().waitFor();
        for (const at of ['top', 'end'] as const) {
          await page.evaluate((where) => window.scrollTo({ top: where === 'top' ? 0 : document.documentElement.scrollHeight, behavior: 'instant' }), at);
          expect(await controlsUnderNotice(page), `${path} at ${size.width}×${size.height}, ${at}`).toEqual([]);
        }
      }
      // Each price, brought to the bottom of the screen where the notice used to float, is what a finger there touches.
      await page.goto('/profile/tariff');
      const prices = page.locator('.plan-card__price');
      await expect.poll(() => prices.count()).toBe(2);
      for (const price of await prices.all()) {
        await price.evaluate((el) => el.scrollIntoView({ block: 'end' }));
        expect(await price.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
        }), `a price at ${size.width}×${size.height}`).toBe(true);
      }
    }
  });
});

describe('the session renewed by a payment', () => {
  it('reaches every part of the page: calls made with the old token are sent again with the new one, and the chat socket signs in anew', async ({ browsers }) => {
    const [person, friend] = await Promise.all([newPerson(), newPerson()]);
    const friendApi = await apiOf(friend);
    const chat = await friendApi.post<{ id: number }>('/items/chats?fields=id', { user_invited: [{ directus_users_id: person.id }] });
    await friendApi.post('/items/messages', { text: 'Поздравляю с подпиской!', privateChat: chat.id });
    const { page } = await browsers.as(person);
    await checkout(page, 'Премиум');

    // On the page the gateway sends the person back to, the chat list and the online count are asked
    // for with the token the page started with; their answers are held until the payment's renewal has
    // ended that token, so the backend refuses them as it would a call that was under way.
    const calls: { path: string; token: string; status: number }[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/site/chats' || path === '/api/site/online') {
        calls.push({ path, token: r.request().headers().authorization ?? '', status: r.status() });
      }
    });
    // Every token a refresh hands out (the payment's renewal; with short-lived tokens, maybe a routine one too).
    const issued: string[] = [];
    const renewed = Promise.withResolvers<void>();
    page.on('response', async (r) => {
      if (new URL(r.url()).pathname !== '/api/auth/refresh' || !r.ok()) return;
      issued.push(((await r.json()) as { data: { access_token: string } }).data.access_token);
      renewed.resolve();
    });
    const asked = { chats: Promise.withResolvers<void>(), online: Promise.withResolvers<void>() };
    await page.route(/\/api\/site\/(chats|online)$/, async (route) => {
      asked[route.request().url().endsWith('/chats') ? 'chats' : 'online'].resolve();
      await renewed.promise;
      await route.continue();
    });
    await page.route(/\/api\/payment\/invoices\//, async (route) => {
      await Promise.all([asked.chats.promise, asked.online.promise]);
      await route.continue();
    });
    const authFrames: string[] = [];
    page.on('websocket', (ws) => ws.on('framesent', (f) => {
      const message = JSON.parse(String(f.payload)) as { type?: string; access_token?: string };
      if (message.type === 'auth' && message.access_token) authFrames.push(message.access_token);
    }));

    await onGateway(page, 'Оплатить');
    await expect.poll(() => invoiceState(page).innerText()).toContain('Оплата прошла');
    await renewed.promise;

    await page.locator('button.chat-launcher').click();
    const win = page.getByRole('dialog', { name: 'Онлайн чат' });
    const list = win.locator('.chat-list');
    await expect.poll(() => list.innerText()).toMatch(/В сети: [1-9]/);
    await expect.poll(() => list.locator(`[data-chat-id="${chat.id}"]`).innerText()).toContain('Поздравляю с подпиской!');
    expect(await list.getByRole('alert').count()).toBe(0);

    // Each call refused with the old token was sent again with the new one, and answered.
    for (const path of ['/api/site/chats', '/api/site/online']) {
      const seen = calls.filter((c) => c.path === path);
      const refused = seen.findIndex((c) => c.status === 401);
      expect(refused, `${path}: held with the old token, so refused once`).toBeGreaterThanOrEqual(0);
      expect(seen[refused + 1]?.status, `${path}: sent again and answered`).toBe(200);
      expect(issued.map((t) => `Bearer ${t}`), `${path}: sent again with a renewed token`).toContain(seen[refused + 1].token);
      expect(seen.filter((c) => c.status === 401)).toHaveLength(1);
    }
    // The socket signed in again with the new token, and still brings the friend's messages.
    await expect.poll(() => authFrames.at(-1) !== undefined && authFrames.at(-1) === issued.at(-1)).toBe(true);
    expect(await storedAccessToken(page)).toBe(issued.at(-1));
    await friendApi.post('/items/messages', { text: 'Теперь с цветным ником', privateChat: chat.id });
    await expect.poll(() => list.locator(`[data-chat-id="${chat.id}"]`).innerText()).toContain('Теперь с цветным ником');
  });
});

describe('the end of a plan', () => {
  it('hides the decorations from others and tells the person; a renewal brings them back', async ({ browsers }) => {
    const colour = (await shopItems()).find((i) => i.type === 'nameColor' && i.nameColor?.startsWith('#'))!;
    const person = await newPerson({ role: ROLES.premiumPlus, extra: { plan: 2, paidUntil: new Date(Date.now() + 30 * DAY_MS).toISOString(), nameColor: colour.id } });
    const { page: watcher } = await browsers.visitor();
    const nameOnProfile = () => watcher.locator('.profile-card').getByText(person.login, { exact: true }).first();
    const colourAfterReload = async () => {
      await watcher.reload();
      return nameOnProfile().evaluate((el) => getComputedStyle(el).color);
    };
    await watcher.goto(`/profile/${person.login}`);
    await expect.poll(() => nameOnProfile().evaluate((el) => getComputedStyle(el).color)).toBe(rgb(colour.nameColor!));

    await (await adminApi()).patch(`/users/${person.id}`, { paidUntil: new Date(Date.now() - 1000).toISOString() });
    await expect.poll(async () => (await planOf(person)).role).toBe(ROLES.user);
    // Visitors' reads pass the site server's cache (5 s): the page is opened again until it shows the change.
    await expect.poll(() => colourAfterReload()).not.toBe(rgb(colour.nameColor!));

    const { page } = await browsers.as(person);
    await page.goto('/');
    const badge = page.locator('header .header__account [data-testid="alert-badge"]');
    await expect.poll(() => badge.locator('[aria-hidden="true"]').innerText()).toBe('1');
    await page.goto('/profile');
    await expect.poll(() => page.getByRole('list', { name: 'Напоминания о подписке' }).innerText()).toContain('Подписка «Премиум+» закончилась');
    await badge.first().waitFor({ state: 'detached' });
    await page.goto('/profile?tab=customization');
    const b = await openBlock(page, 'nameColor');
    await expect.poll(() => b.innerText()).toContain(`«${colour.name}» остаётся выбранным`);
    expect(await profileRow(person.id, 'nameColor,keptDecorations')).toEqual({ nameColor: null, keptDecorations: { nameColor: colour.id } });

    await checkout(page, 'Премиум+');
    await onGateway(page, 'Оплатить');
    await expect.poll(() => invoiceState(page).innerText()).toContain('Оплата прошла');
    await expect.poll(() => colourAfterReload()).toBe(rgb(colour.nameColor!));
  });
});

describe('days, counted one way', () => {
  it('two and a half days before the end: the profile, its reminder and the renewal all say 2 whole days, beside the end day', async ({ browsers }) => {
    const paidUntil = new Date(Date.now() + 2.5 * DAY_MS);
    const person = await newPerson({ role: ROLES.premium, extra: { plan: 1, paidUntil: paidUntil.toISOString() } });
    const end = dayOf(paidUntil);
    // The scheduled check writes the reminder of 3 days (it is within 3 days of the end).
    await expect.poll(async () => (await (await adminApi()).get<unknown[]>(`/items/planNotices?filter[user][_eq]=${person.id}&fields=id`)).length).toBe(1);
    const { page } = await browsers.as(person);
    await page.goto('/profile');
    await expect.poll(() => page.getByTestId('plan-line').innerText()).toBe(`Премиум до ${end} · осталось 2 дн.`);
    const reminders = page.getByRole('list', { name: 'Напоминания о подписке' });
    await expect.poll(() => reminders.innerText()).toContain(`Подписка «Премиум» закончится ${end}: осталось 2 дн.`);

    await page.goto('/profile/tariff');
    await expect.poll(() => page.getByTestId('tariff-outcome').innerText()).toContain(`сейчас осталось 2 дн. (до ${end})`);
  });
});

describe('episodes kept for subscribers', () => {
  async function titleWithKept(): Promise<{ slug: string; id: number; episode: string; iframe: string | null; video: string | null }> {
    const api = await adminApi();
    const [row] = await api.get<{ id: number; name: string; iframe: string | null; video: string | null; title: { slug: string } }[]>(
      '/items/series?filter[deleted][_eq]=true&filter[title][status][_eq]=published&fields=id,name,iframe,video,title.slug&sort=id&limit=1',
    );
    return { slug: row.title.slug, id: row.id, episode: row.name, iframe: row.iframe, video: row.video };
  }

  it('are locked for visitors, leading to the plans', async ({ browsers }) => {
    const kept = await titleWithKept();
    const { page } = await browsers.visitor();
    await page.goto(`/${kept.slug}?tab=seasons`);
    const locked = page.getByRole('region', { name: 'Серии для подписчиков' });
    expect(await locked.innerText()).toContain(kept.episode);
    expect(await locked.getByRole('link', { name: 'Доступно с подпиской' }).first().getAttribute('href')).toBe('/profile/tariff');
  });

  it('play in a subscriber\'s player, with a mark', async ({ browsers }) => {
    const kept = await titleWithKept();
    const person = await newPerson({ role: ROLES.premium });
    const { page } = await browsers.as(person);
    await page.goto(`/${kept.slug}?tab=seasons`);
    const panel = page.locator('.player__kept');
    await expect.poll(() => panel.innerText()).toContain('Серии для подписчиков');
    expect(await page.getByRole('region', { name: 'Серии для подписчиков' }).isVisible()).toBe(false);
    await panel.getByRole('button', { name: kept.episode }).click();
    // An uploaded video plays at the episode's signed address (its file is withheld); an embed changes
    // to the episode in place, and the frame's own address then names it.
    if (kept.video) {
      const video = page.locator('#player video');
      await expect.poll(() => video.getAttribute('src')).toContain(`/api/site/kept-videos/play/${kept.id}?`);
      // Its length is known once the first bytes arrived from that address.
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(0);
    } else await expect.poll(() => page.frames().some((f) => f.url().endsWith(kept.iframe!))).toBe(true);
    expect(await panel.getByRole('status').innerText()).toContain('сейчас идёт серия для подписчиков');
  });
});

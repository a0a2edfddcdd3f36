/**
 * On a phone (375 px): the chat's text box takes at least 60 % of the screen with the emoji button
 * inside it, its send button an icon; floating
 * controls (the chat's button, back to top, the visitor's chat prompt) never cover what a person
 * taps; long logins are not cut in the name colour tiles; the payment history keeps each invoice's
 * date and time. Counters are drawn, not emoji, and the actor's «Читать полностью» is one of the
 * site's buttons. At 320 px (1280 px at 400 % zoom) the header fits with every control whole.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from './support/test.ts';
import { AdminApi } from '../../directus/apply/admin-api.ts';
import { ROLES } from '../../shared/rules.ts';
import { VIEWPORTS } from './support/browser.ts';
import { newPerson } from './support/people.ts';
import { publishedTitles } from './support/account.ts';
import { adminApi, hydrated, patientPolls } from './support/site.ts';
import { invoiceMoment } from '../../src/features/tariff/tariff.ts';

patientPolls(20_000);

const phone = { width: 'mobile' as const };

/** The floating controls on screen whose box meets the element's. */
function coveredBy(target: Locator): Promise<string[]> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const floating = [...document.querySelectorAll<HTMLElement>('.chat-launcher, .scroll-top, .chat-invite[open] .chat-invite__panel, .cookie-notice')];
    return floating.filter((f) => {
      const s = getComputedStyle(f);
      if (s.visibility === 'hidden' || s.display === 'none' || Number(s.opacity) === 0) return false;
      const b = f.getBoundingClientRect();
      const onScreen = b.right > 0 && b.left < innerWidth && b.bottom > 0 && b.top < innerHeight;
      return onScreen && b.left < r.right && b.right > r.left && b.top < r.bottom && b.bottom > r.top;
    }).map((f) => f.className);
  });
}

/** What a finger on the element's middle touches: 'itself', or what lies there instead. */
const touched = (target: Locator) => target.evaluate((el) => {
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (!hit) return `nothing: off the screen at ${Math.round(r.top)} px`;
  return hit === el || el.contains(hit) ? 'itself' : `${hit.tagName.toLowerCase()}.${hit.className}`;
});

/**
 * A look at the element put at the bottom of the screen, where the floating controls sit; put there
 * again on each look, as pictures loading above may move it.
 */
const atBottom = <T>(target: Locator, look: (target: Locator) => Promise<T>) => () =>
  target.evaluate((el) => el.scrollIntoView({ block: 'end' })).then(() => look(target));

describe('the chat on a phone', () => {
  it('gives the text box at least 60 % of the screen on /messages and in the floating window; sending is an icon named «Отправить»', async ({ browsers }) => {
    const person = await newPerson();
    const { page } = await browsers.as(person, phone);
    const check = async (scope: Locator) => {
      const field = scope.getByRole('textbox', { name: 'Сообщение' });
      const send = scope.getByRole('button', { name: 'Отправить' });
      await send.waitFor();
      const [fieldBox, sendBox, row] = [await field.boundingBox(), await send.boundingBox(), await scope.locator('.chat-input__row').boundingBox()];
      // As in messengers: the text box takes at least 60 % of the screen, the emoji button inside it.
      expect(fieldBox!.width).toBeGreaterThanOrEqual(VIEWPORTS.mobile.width * 0.6);
      expect(fieldBox!.x + fieldBox!.width).toBeLessThanOrEqual(sendBox!.x);
      const emoji = await scope.getByRole('button', { name: 'Эмодзи' }).boundingBox();
      expect(emoji!.x).toBeGreaterThanOrEqual(fieldBox!.x);
      expect(emoji!.x + emoji!.width).toBeLessThanOrEqual(fieldBox!.x + fieldBox!.width);
      expect(row!.width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
      expect(sendBox!.width).toBeLessThanOrEqual(48);
      // The empty box's hint keeps to its one line rather than a second one cut in half.
      expect(await field.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
      expect(await send.locator('svg').count()).toBe(1);
      await field.fill('Видно всю строку');
      await send.click();
      await expect.poll(() => scope.locator('.chat-msg__text', { hasText: 'Видно всю строку' }).count()).toBeGreaterThan(0);
    };
    await page.goto('/messages');
    await hydrated(page, '.messages-screen');
    await check(page.locator('.messages-screen'));

    await page.goto('/about');
    await page.getByRole('button', { name: 'Онлайн чат' }).click();
    await check(page.getByRole('dialog', { name: 'Онлайн чат' }));
  });
});

describe('floating controls on a phone', () => {
  it('step aside from every registration field and the button while the form is filled in', async ({ browsers }) => {
    const { page } = await browsers.visitor(phone);
    await page.goto('/login#register');
    const form = page.getByRole('form', { name: 'Регистрация' });
    await hydrated(page, '.account-form');
    await form.getByLabel('Логин').waitFor();
    // Scrolled past 150 px, back-to-top shows as well.
    await page.mouse.wheel(0, 400);
    const fields = form.locator('input:not([type="radio"]):not([type="checkbox"])');
    for (let i = 0; i < (await fields.count()); i++) {
      const field = fields.nth(i);
      await field.focus();
      await expect.poll(atBottom(field, coveredBy), { message: `field ${i}` }).toEqual([]);
      await expect.poll(atBottom(field, touched), { message: `a finger on field ${i}` }).toBe('itself');
    }
    await form.getByRole('checkbox', { name: 'Мне исполнилось 18 лет' }).check();
    const submit = form.getByRole('button', { name: 'Зарегистрироваться' });
    await expect.poll(atBottom(submit, coveredBy)).toEqual([]);
    await expect.poll(atBottom(submit, touched)).toBe('itself');
  });

  it('leave a post comment\'s send button free while the comment is typed, and it sends', async ({ browsers }) => {
    const [author, reader] = await Promise.all([newPerson(), newPerson()]);
    const api = await AdminApi.login(inject('e2eDirectusUrl'), author.email, author.password);
    await api.post('/items/posts', { text: 'Что посмотреть на выходных?' });
    const { page } = await browsers.as(reader, phone);
    await page.goto(`/profile/${author.login}`);
    await hydrated(page, '.public-profile');
    const post = page.locator('article.post', { hasText: 'Что посмотреть на выходных?' });
    const field = post.getByRole('textbox', { name: 'Комментарий' });
    await field.fill('«Сто дней по контракту»');
    const send = post.getByRole('button', { name: 'Отправить' });
    await expect.poll(atBottom(send, coveredBy)).toEqual([]);
    await expect.poll(atBottom(send, touched)).toBe('itself');
    await send.click();
    await expect.poll(() => post.locator('.comment__text').allInnerTexts()).toEqual(['«Сто дней по контракту»']);
  });

  it('keep back-to-top off the visitor\'s chat prompt, and leave room at the page\'s end', async ({ browsers }) => {
    const { page } = await browsers.visitor(phone);
    await page.goto('/');
    await page.mouse.wheel(0, 1200);
    await page.locator('.scroll-top--shown').waitFor();
    await page.locator('summary.chat-launcher').click();
    const panel = page.locator('.chat-invite__panel');
    const prompt = panel.getByText('Войдите, чтобы общаться в чате.');
    const signIn = panel.getByRole('link', { name: 'Войти' });
    await signIn.waitFor();
    for (const target of [prompt, signIn]) {
      await expect.poll(() => coveredBy(target).then((c) => c.filter((name) => !name.includes('chat-invite__panel')))).toEqual([]);
      await expect.poll(() => touched(target)).toBe('itself');
    }
    expect(await signIn.getAttribute('href')).toBe('/login?next=%2Fmessages');

    await page.locator('summary.chat-launcher').click();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastLine = page.locator('footer').getByText(/©/);
    await expect.poll(() => coveredBy(lastLine)).toEqual([]);
  });
});

describe('name colour tiles on a phone', () => {
  it('show a long login whole, in the tiles and the preview above them', async ({ browsers }) => {
    const login = `walker65_${Date.now().toString(36)}_longname`.slice(0, 32);
    const person = await newPerson({ role: ROLES.premium, login });
    const { page } = await browsers.as(person, phone);
    await page.goto('/profile?tab=customization');
    const block = page.locator('details[data-decor="nameColor"]');
    await block.waitFor();
    if (!(await block.evaluate((el) => (el as HTMLDetailsElement).open))) await block.locator('summary').click();
    const names = block.locator('.decor__choice .person-name');
    await expect.poll(() => names.count()).toBeGreaterThan(0);
    for (const name of await names.all()) {
      expect(await name.innerText()).toBe(login);
      // Nothing hidden: no part of the login overflows its tile or its dark stage.
      expect(await name.evaluate((el) => [el, el.parentElement!].every((e) => e.scrollWidth <= e.clientWidth + 1))).toBe(true);
      const [nameBox, tileBox] = [await name.boundingBox(), await name.locator('xpath=ancestor::label[1]').boundingBox()];
      expect(nameBox!.x).toBeGreaterThanOrEqual(tileBox!.x);
      expect(nameBox!.x + nameBox!.width).toBeLessThanOrEqual(tileBox!.x + tileBox!.width);
    }
    const preview = block.locator('.decor__preview');
    expect(await preview.innerText()).toBe(login);
    expect(await preview.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  });
});

describe('headings on a phone', () => {
  it('break a long word inside the screen rather than widening the page', async ({ browsers }) => {
    const { page } = await browsers.visitor(phone);
    await page.goto(`/categories/doramy-onlayn/filter?country=${encodeURIComponent('Южная Корея')}&genres=${encodeURIComponent('Мелодрама')}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.innerText()).toMatch(/мелодраматические/i);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
  });
});

describe('the payment history on a phone', () => {
  it('shows each invoice\'s date and time, its plan, sum and status, inside the screen', async ({ browsers }) => {
    const person = await newPerson();
    const admin = await adminApi();
    // Two invoices of one day: the cancelled one an hour before the paid one.
    const made = async (plan: number, amount: number, status: string, at: Date) => {
      const row = await admin.post<{ id: string }>('/items/invoices', { user: person.id, plan, amount, currency: 'RUB', gateway: 'heleket', orderId: crypto.randomUUID(), status });
      await admin.patch(`/items/invoices/${row.id}`, { date_created: at.toISOString() });
      return row.id;
    };
    const paidAt = new Date();
    const cancelledAt = new Date(paidAt.getTime() - 3_600_000);
    const ids = [await made(1, 399, 'expired', cancelledAt), await made(1, 399, 'paid', paidAt)];
    const { page } = await browsers.as(person, phone);
    await page.goto('/profile');
    const history = page.getByRole('region', { name: 'История платежей' });
    await expect.poll(() => history.locator('tbody tr').count()).toBe(2);
    for (const [id, at, status] of [[ids[0], cancelledAt, 'Отменён'], [ids[1], paidAt, 'Оплачен']] as const) {
      const row = history.locator(`tr[data-invoice="${id}"]`);
      const date = row.locator('td').first();
      expect(await date.isVisible()).toBe(true);
      expect(await date.innerText()).toBe(invoiceMoment(at));
      const text = await row.innerText();
      for (const part of ['Премиум', '399 ₽', status, 'Подробнее']) expect(text).toContain(part);
      const box = (await row.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

describe('drawn, not typed', () => {
  it('counts views and comments on cards, and likes on reviews, with the site\'s line icons', async ({ browsers }) => {
    const { page } = await browsers.visitor(phone);
    await page.goto('/');
    const counters = page.locator('.film-card__stats > span');
    await expect.poll(() => counters.count()).toBeGreaterThan(0);
    const drawn = await counters.evaluateAll((els) => els.map((el) => ({ text: el.textContent ?? '', mask: getComputedStyle(el, '::before').maskImage })));
    for (const c of drawn) {
      expect(c.text).toMatch(/^\d+$/);
      expect(c.mask).toContain('data:image/svg+xml');
    }
    const cardViews = (await page.locator('.film-card__stats [aria-label^="Просмотры"]').first().getAttribute('aria-label'))!;
    expect(cardViews).toMatch(/^Просмотры: \d+$/);

    const [reviewed] = await (await adminApi()).get<{ title: { slug: string } }[]>('/items/comments?filter[title][_nnull]=true&filter[deleted][_neq]=true&fields=title.slug&limit=1');
    await page.goto(`/${reviewed.title.slug}`);
    const reviews = page.getByRole('region', { name: /^Отзывы/ });
    await reviews.scrollIntoViewIfNeeded();
    const like = reviews.getByRole('img', { name: /^Нравится: \d+$/ }).first();
    await like.waitFor();
    expect(await like.innerText()).toMatch(/^\d+$/);
    expect(await like.evaluate((el) => getComputedStyle(el, '::before').maskImage)).toContain('data:image/svg+xml');
  });

  it('styles the actor\'s «Читать полностью» as the site\'s buttons', async ({ browsers }) => {
    const [actor] = (await (await adminApi()).get<{ slug: string; biography: string }[]>('/items/actors?fields=slug,biography&filter[biography][_nnull]=true&limit=-1'))
      .filter((a) => a.biography.length > 600);
    const { page } = await browsers.visitor(phone);
    await page.goto(`/actors/${actor.slug}`);
    const toggle = page.getByRole('button', { name: 'Читать полностью' });
    await toggle.scrollIntoViewIfNeeded();
    await hydrated(page, '.biography');
    const site = await page.evaluate(() => {
      const b = document.createElement('button');
      b.className = 'btn btn--ghost';
      document.body.append(b);
      const s = getComputedStyle(b);
      const seen = { radius: s.borderRadius, height: s.minHeight, weight: s.fontWeight, background: s.backgroundColor, color: s.color };
      b.remove();
      return seen;
    });
    const own = await toggle.evaluate((el) => {
      const s = getComputedStyle(el);
      return { radius: s.borderRadius, height: s.minHeight, weight: s.fontWeight, background: s.backgroundColor, color: s.color };
    });
    expect(own).toEqual(site);
  });
});

describe('the header at 320 px (1280 px at 400 % zoom)', () => {
  it('fits every page type: no sideways scrolling, each header control whole and at least 40 px, the logo shrunk in proportion', async ({ browsers }) => {
    const width = 320;
    const { page } = await browsers.visitor({ context: { viewport: { width, height: 640 } } });
    const [t] = await publishedTitles(1);
    for (const path of ['/', `/${t.slug}`, '/categories/doramy-onlayn', '/updates', '/actors/kim-seo-yun', '/about', '/login', '/messages', '/not-found']) {
      await page.goto(path);
      await page.getByRole('button', { name: 'Открыть меню' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${path}: wider than the screen by`).toBeLessThanOrEqual(0);
      const actions = page.locator('header .header__actions');
      const controls = [...await actions.getByRole('button').all(), ...await actions.getByRole('link').all()];
      expect(controls.length, path).toBeGreaterThanOrEqual(4);
      for (const control of controls) {
        const box = (await control.boundingBox())!;
        const name = `${path}: ${await control.getAttribute('aria-label') ?? await control.innerText()}`;
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(width);
        expect(Math.min(box.width, box.height), name).toBeGreaterThanOrEqual(40);
      }
      const logo = (await page.locator('header').getByRole('link', { name: 'Дорамы онлайн — на главную' }).locator('img').boundingBox())!;
      expect(logo.x, path).toBeGreaterThanOrEqual(0);
      expect(logo.width / logo.height, `${path}: the logo's proportions`).toBeCloseTo(168 / 32, 1);
    }
  });
});

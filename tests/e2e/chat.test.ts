/**
 * The chat in Chromium against the built site and a real Directus, two people in two browser
 * contexts: the public chat live both ways (page and window), a private chat started from a
 * profile with its unread counts, reply, edit and delete, pictures with the viewer, emoji, Enter
 * and Shift+Enter, the sending pace, history paging, the window (Escape and focus around it, modal on a
 * narrow screen, each chat's unsent text kept across closing and pages until sent), catching up after the socket was away, the notice and the 5 s reads while it is, the
 * list read every 5 s while a chat is on screen, an outsider who sees nothing of a private chat (on the page and
 * through a raw websocket), and an accessibility check of /messages.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from './support/test.ts';
import type { Browsers } from './support/test.ts';
import { PACE, TEXT_LIMITS } from '../../shared/rules.ts';
import { CHAT_PAGE_SIZE } from '../../src/lib/constants.ts';
import { SESSION_KEY } from '../../src/features/account/session.ts';
import { textLimit, tooLongMessage } from '../../src/ui/text-limit.ts';
import { Realtime, closeAllRealtime } from '../support/realtime.ts';
import { blockingViolations } from './support/axe.ts';
import { VIEWPORTS } from './support/browser.ts';
import { newPerson, sessionOf, type Person } from './support/people.ts';
import { adminApi, hydrated, patientPolls } from './support/site.ts';

patientPolls(15_000);

// The outsider's own websocket, closed once the file is done.
afterAll(closeAllRealtime);

/** A signed-in page of the person; closed with the others at the end of the test. */
async function pageOf(browsers: Browsers, person: Person, width: 'desktop' | 'mobile' = 'desktop', theme?: 'light-theme' | 'dark-theme'): Promise<Page & { errors: string[] }> {
  const v = await browsers.as(person, { width, theme });
  return Object.assign(v.page, { errors: v.errors });
}

/** /messages (or one chat of it) with the input ready. */
async function openMessages(page: Page, chatId?: number): Promise<void> {
  await page.goto(chatId ? `/messages?id=${chatId}` : '/messages');
  await page.locator('.messages-screen .chat-input textarea').waitFor();
}

/** The chat's notice that the live connection is away. */
const noConnection = (page: Page) => page.getByRole('status').filter({ hasText: 'Нет связи с сервером' });

/** The texts of the messages shown in a container, oldest first. */
const texts = (page: Page, scope = '.messages-screen') => page.locator(`${scope} .chat-msg__text`).allInnerTexts();

async function type(page: Page, text: string, scope = '.messages-screen'): Promise<void> {
  const field = page.locator(`${scope} .chat-input textarea`);
  await field.fill(text);
  await field.press('Enter');
  await expect.poll(() => field.inputValue()).toBe('');
}

/** A private chat started by `a` with `b`, through the API as `a`. */
async function chatBetween(a: Person, b: Person): Promise<number> {
  const { access_token } = await sessionOf(a);
  const res = await fetch(`${inject('e2eDirectusUrl')}/items/chats?fields=id`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
    body: JSON.stringify({ user_invited: [{ directus_users_id: b.id }] }),
  });
  const body = (await res.json()) as { data: { id: number } };
  if (!res.ok) throw new Error(`chat: ${res.status} ${JSON.stringify(body)}`);
  return body.data.id;
}

/** Sends a message as the person through the API (the other side of a live test). */
async function sendAs(person: Person, text: string, to: { privateChat: number } | { publicChat: true }): Promise<number> {
  const { access_token } = await sessionOf(person);
  const res = await fetch(`${inject('e2eDirectusUrl')}/items/messages?fields=id`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
    body: JSON.stringify({ text, ...to }),
  });
  const body = (await res.json()) as { data: { id: number } };
  if (!res.ok) throw new Error(`message: ${res.status} ${JSON.stringify(body)}`);
  return body.data.id;
}

const picture = (colour: string) => sharp({ create: { width: 320, height: 200, channels: 3, background: colour } }).png().toBuffer();

describe('the public chat', () => {
  it('carries messages live both ways, between the page and the floating window, text as text', async ({ browsers }) => {
    const [anna, boris] = await Promise.all([newPerson(), newPerson()]);
    const a = await pageOf(browsers, anna);
    const b = await pageOf(browsers, boris);
    await openMessages(a);
    await b.goto('/');
    await b.locator('button.chat-launcher').click();
    await b.locator('.chat-window .chat-input textarea').waitFor();

    const fromAnna = `Привет от ${anna.login} <b>не жирный</b>`;
    await type(a, fromAnna);
    await expect.poll(() => texts(b, '.chat-window')).toContain(fromAnna);
    expect(await b.locator('.chat-window .chat-msg b').count()).toBe(0);

    const fromBoris = `Ответ окна от ${boris.login}`;
    await type(b, fromBoris, '.chat-window');
    await expect.poll(() => texts(a)).toContain(fromBoris);
    // Newest at the bottom, the author's login linking to the profile.
    expect((await texts(a)).at(-1)).toBe(fromBoris);
    const last = a.locator('.messages-screen .chat-msg').last();
    expect(await last.locator('.chat-msg__author').getAttribute('href')).toBe(`/profile/${boris.login}`);
  });

  it('makes http(s) addresses in a message links that open apart, and nothing else', async ({ browsers }) => {
    const [anna, boris] = await Promise.all([newPerson(), newPerson()]);
    const a = await pageOf(browsers, anna);
    const b = await pageOf(browsers, boris);
    await openMessages(a);
    await openMessages(b);
    const text = `Смотри https://example.com/дорама?серия=3, а javascript:alert(1) и www.example.org — нет ${Date.now()}`;
    await type(a, text);
    const message = b.locator('.messages-screen .chat-msg__text', { hasText: text });
    await message.waitFor();
    expect(await message.innerText()).toBe(text);
    const links = await message.locator('a').evaluateAll((els) => els.map((el) => ({
      href: el.getAttribute('href'), target: el.getAttribute('target'), rel: el.getAttribute('rel'), text: el.textContent,
    })));
    expect(links).toEqual([{ href: 'https://example.com/дорама?серия=3', target: '_blank', rel: 'nofollow noopener ugc', text: 'https://example.com/дорама?серия=3' }]);
    expect(await message.locator('*:not(a)').count()).toBe(0);
  });
});

describe('private chats', () => {
  it('start from a profile, open at /messages?id=, and count unread on the profile icon, the Messages button and the list', async ({ browsers }) => {
    const [anna, boris] = await Promise.all([newPerson(), newPerson()]);
    const a = await pageOf(browsers, anna);
    const b = await pageOf(browsers, boris);
    await b.goto('/');
    await b.locator('button.chat-launcher').waitFor();

    await a.goto(`/profile/${boris.login}`);
    await hydrated(a, '.message-box textarea');
    await a.locator('.message-box textarea').fill('Привет из профиля');
    await a.locator('.message-box textarea').press('Enter');
    await a.waitForURL(/\/messages\?id=\d+$/);
    const chatId = Number(new URL(a.url()).searchParams.get('id'));
    await expect.poll(() => texts(a)).toEqual(['Привет из профиля']);
    await expect.poll(() => a.locator('.messages-screen__title').innerText()).toBe(`Чат с ${boris.login}`);

    // Boris hears of it live: the badge by the profile icon, then the list and the profile's Messages button.
    await expect.poll(() => b.locator('.header__account .account-unread').textContent()).toBe('непрочитанных сообщений: 1');
    await expect.poll(() => b.locator('.chat-launcher__badge').textContent()).toBe('непрочитанных: 1');
    await b.goto('/profile');
    await expect.poll(() => b.locator('.account-menu__badge').innerText()).toBe('1');
    await openMessages(b);
    const entry = b.locator(`.chat-list [data-chat-id="${chatId}"]`);
    await expect.poll(() => entry.locator('.chat-list__unread').textContent()).toBe('непрочитанных: 1');
    expect(await entry.locator('.chat-list__name').innerText()).toBe(anna.login);
    expect(await entry.locator('.chat-list__last').innerText()).toBe('Привет из профиля');
    // Anna was here a moment ago: online.
    expect(await entry.locator('.chat-list__online').count()).toBe(1);

    await entry.locator('a').click();
    await b.waitForURL(`**/messages?id=${chatId}`);
    await expect.poll(() => texts(b)).toEqual(['Привет из профиля']);
    await b.locator(`.chat-list [data-chat-id="${chatId}"] .chat-list__unread`).first().waitFor({ state: 'detached' });
    await b.locator('.header__account .account-unread').first().waitFor({ state: 'detached' });

    await type(b, 'Ответ в личку');
    await expect.poll(() => texts(a)).toEqual(['Привет из профиля', 'Ответ в личку']);
  });

  it('reply quotes the parent; only the author edits and deletes, live on both sides', async ({ browsers }) => {
    const [anna, boris] = await Promise.all([newPerson(), newPerson()]);
    const chatId = await chatBetween(anna, boris);
    const a = await pageOf(browsers, anna);
    const b = await pageOf(browsers, boris);
    await openMessages(a, chatId);
    // The chat Anna opened is in Boris's list once she writes in it, brought there live.
    await openMessages(b);

    await type(a, 'Исходное сообщение');
    await b.locator(`.chat-list [data-chat-id="${chatId}"] a`).click();
    await b.waitForURL(`**/messages?id=${chatId}`);
    await expect.poll(() => texts(b)).toEqual(['Исходное сообщение']);
    const annaOnB = b.locator('.messages-screen .chat-msg').first();
    // Not Boris's message: he may reply, not edit or delete.
    await annaOnB.hover();
    expect(await annaOnB.getByRole('button', { name: 'Изменить' }).count()).toBe(0);
    expect(await annaOnB.getByRole('button', { name: 'Удалить' }).count()).toBe(0);
    await annaOnB.getByRole('button', { name: 'Ответить' }).click();
    await expect.poll(() => b.locator('.chat-input__mode').innerText()).toContain(`Ответ ${anna.login}`);
    // Escape leaves the reply, not the chat.
    const boxOnB = b.locator('.messages-screen .chat-input textarea');
    await boxOnB.press('Escape');
    await b.locator('.chat-input__mode').waitFor({ state: 'detached' });
    expect(await boxOnB.isVisible()).toBe(true);
    await annaOnB.hover();
    await annaOnB.getByRole('button', { name: 'Ответить' }).click();
    await expect.poll(() => b.locator('.chat-input__mode').innerText()).toContain(`Ответ ${anna.login}`);
    await type(b, 'Это ответ');
    await expect.poll(() => texts(a)).toEqual(['Исходное сообщение', 'Это ответ']);
    const reply = a.locator('.messages-screen .chat-msg').nth(1);
    expect(await reply.locator('.chat-msg__quote-author').innerText()).toBe(anna.login);
    expect(await reply.locator('.chat-msg__quote-text').innerText()).toBe('Исходное сообщение');

    // Anna edits her message: the field is filled with its text; only the text is saved.
    const own = a.locator('.messages-screen .chat-msg').first();
    await own.hover();
    await own.getByRole('button', { name: 'Изменить' }).click();
    const field = a.locator('.messages-screen .chat-input textarea');
    await expect.poll(() => field.inputValue()).toBe('Исходное сообщение');
    await type(a, 'Исправленное сообщение');
    await expect.poll(() => texts(b)).toEqual(['Исправленное сообщение', 'Это ответ']);
    expect(await b.locator('.messages-screen .chat-msg').first().locator('.chat-msg__edited').count()).toBe(1);
    // The reply quotes the message as it is now, on both sides, without a reload.
    const quoteOn = (p: Page) => p.locator('.messages-screen .chat-msg').filter({ hasText: 'Это ответ' }).locator('.chat-msg__quote-text').innerText();
    await expect.poll(() => quoteOn(a)).toBe('Исправленное сообщение');
    await expect.poll(() => quoteOn(b)).toBe('Исправленное сообщение');

    // Deleting asks first: «Отмена» keeps the message.
    await own.hover();
    await own.getByRole('button', { name: 'Удалить' }).click();
    const ask = a.getByRole('dialog', { name: 'Удалить сообщение?' });
    await ask.getByRole('button', { name: 'Отмена' }).click();
    await ask.first().waitFor({ state: 'detached' });
    expect(await texts(a)).toEqual(['Исправленное сообщение', 'Это ответ']);
    await own.hover();
    await own.getByRole('button', { name: 'Удалить' }).click();
    await ask.getByRole('button', { name: 'Удалить' }).click();
    await expect.poll(() => texts(b)).toEqual(['Это ответ']);
    await expect.poll(() => texts(a)).toEqual(['Это ответ']);
    await expect.poll(() => quoteOn(a)).toBe('Сообщение удалено');
    await expect.poll(() => quoteOn(b)).toBe('Сообщение удалено');
    // The backend keeps only a tombstone.
    const api = await adminApi();
    const rows = await api.get<{ text: string; deleted: boolean }[]>(`/items/messages?fields=text,deleted&sort=id&filter[privateChat][_eq]=${chatId}`);
    expect(rows).toEqual([{ text: '', deleted: true }, { text: 'Это ответ', deleted: false }]);
  });

  it('sends several pictures, previewed and removable, images only; the viewer steps and wraps', async ({ browsers }) => {
    const [anna, boris] = await Promise.all([newPerson(), newPerson()]);
    const chatId = await chatBetween(anna, boris);
    const a = await pageOf(browsers, anna);
    const b = await pageOf(browsers, boris);
    const addresses: string[] = [];
    b.on('request', (r) => addresses.push(r.url()));
    await openMessages(a, chatId);

    const files = a.locator('.messages-screen [data-testid="chat-files"]');
    await files.setInputFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: await picture('#c61a4d') },
      { name: 'two.png', mimeType: 'image/png', buffer: await picture('#3b6cff') },
      { name: 'three.png', mimeType: 'image/png', buffer: await picture('#1e9e4a') },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('не картинка') },
    ]);
    await expect.poll(() => a.locator('.messages-screen .chat-input__error').innerText()).toContain('не картинка');
    await expect.poll(() => a.locator('.messages-screen .chat-input__file').count()).toBe(3);
    await a.getByRole('button', { name: 'Убрать two.png' }).click();
    await expect.poll(() => a.locator('.messages-screen .chat-input__file img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))).toEqual(['one.png', 'three.png']);
    // Pictures without text may go.
    await a.locator('.messages-screen .chat-input textarea').press('Enter');
    await a.locator('.messages-screen .chat-input__file').first().waitFor({ state: 'detached' });
    // An upload or send the backend refused would say so here, and the pictures would stay.
    expect(await a.locator('.messages-screen .chat-input__error').count()).toBe(0);
    await expect.poll(() => a.locator('.messages-screen .chat-msg__picture').count()).toBe(2);

    // Boris opens the chat once Anna has written in it: an empty chat is not in his list.
    await openMessages(b, chatId);
    const shown = b.locator('.messages-screen .chat-msg__picture img');
    await expect.poll(() => shown.count()).toBe(2);
    // Private pictures load for the member, read with the session's header: no address carries a credential.
    await expect.poll(() => shown.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0))).toBe(true);
    expect(await shown.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src.startsWith('blob:')))).toEqual([true, true]);
    expect(addresses.filter((url) => /access_token|refresh_token/.test(url))).toEqual([]);

    await b.locator('.messages-screen .chat-msg__picture').first().click();
    const viewerAt = (n: number) => b.getByRole('dialog', { name: `Фото ${n} из 2` }).waitFor();
    await viewerAt(1);
    await b.getByRole('button', { name: 'Следующее фото' }).click();
    await viewerAt(2);
    await b.getByRole('button', { name: 'Следующее фото' }).click();
    await viewerAt(1);
    await b.getByRole('button', { name: 'Предыдущее фото' }).click();
    await viewerAt(2);
    // The viewer shows the sent picture itself.
    expect(await b.locator('.image-viewer__img').evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(320);
  });
});

describe('the input', () => {
  it('Enter sends, Shift+Enter adds a line; blank text sends nothing; emoji come from the lazily loaded picker', async ({ browsers }) => {
    const [anna, boris] = await Promise.all([newPerson(), newPerson()]);
    const chatId = await chatBetween(anna, boris);
    const a = await pageOf(browsers, anna);
    const requested: string[] = [];
    a.on('request', (r) => requested.push(r.url()));
    await openMessages(a, chatId);
    const field = a.locator('.messages-screen .chat-input textarea');
    const send = a.locator('.messages-screen .chat-input__send');

    await field.fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await field.press('Enter');
    expect(await field.inputValue()).toBe('   ');

    await field.fill('строка 1');
    await field.press('Shift+Enter');
    await field.pressSequentially('строка 2');
    expect(await field.inputValue()).toBe('строка 1\nстрока 2');
    await field.press('Enter');
    await expect.poll(() => texts(a)).toEqual(['строка 1\nстрока 2']);

    // The picker's code is not loaded until the panel opens; hovering opens it, leaving closes it.
    expect(requested.some((u) => /EmojiPanel/.test(u))).toBe(false);
    const emoji = a.locator('.messages-screen .chat-emoji');
    await emoji.hover();
    const panel = a.locator('.messages-screen [data-testid="emoji-panel"]');
    await panel.waitFor();
    expect(requested.some((u) => /EmojiPanel/.test(u))).toBe(true);
    await field.fill('Класс ');
    await panel.locator('button[data-unified="1f44d"], [aria-label*="1f44d"], button:has-text("👍")').first().click();
    await expect.poll(() => field.inputValue()).toBe('Класс 👍');
    // The whole picker speaks Russian, its sections named as Russian headings are written.
    await panel.getByRole('button', { name: 'Все эмодзи' }).click();
    const sections = ['Недавние', 'Смайлики и люди', 'Животные и природа', 'Еда и напитки', 'Путешествия и места', 'Занятия', 'Предметы', 'Символы', 'Флаги'];
    await panel.locator('[data-epr-part="category-label"]:visible').first().waitFor();
    expect(await panel.locator('[data-epr-part="category-tab"]').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('aria-label')))).toEqual(sections);
    // innerText is the text as rendered, after any text-transform.
    const headings = await panel.locator('[data-epr-part="category-label"]:visible').allInnerTexts();
    expect(headings).toContain('Смайлики и люди');
    expect(headings.filter((h) => !sections.includes(h))).toEqual([]);
    expect(await panel.locator('[data-epr-part="search-input"]').getAttribute('placeholder')).toBe('Поиск эмодзи');
    await a.locator('.messages-screen__title').hover();
    await panel.waitFor({ state: 'detached' });
    await field.press('Enter');
    await expect.poll(() => texts(a)).toEqual(['строка 1\nстрока 2', 'Класс 👍']);
  });

  it('counts the characters near the cap and, past it, says so and sends nothing, keeping the whole text', async ({ browsers }) => {
    const [anna, boris] = await Promise.all([newPerson(), newPerson()]);
    const chatId = await chatBetween(anna, boris);
    const a = await pageOf(browsers, anna);
    await openMessages(a, chatId);
    const input = a.locator('.messages-screen .chat-input');
    const field = input.locator('textarea');
    const send = input.locator('.chat-input__send');
    const max = TEXT_LIMITS.message;
    const near = 'а'.repeat(max - 20);
    await field.fill(near);
    await expect.poll(() => input.locator('.text-limit').innerText()).toBe(textLimit(near, max).count);
    const tooLong = `${near}${'б'.repeat(40)}`;
    await field.fill(tooLong);
    await expect.poll(() => input.getByRole('alert').innerText()).toBe(tooLongMessage(max));
    expect(await send.isDisabled()).toBe(true);
    await field.press('Enter');
    expect(await field.inputValue()).toBe(tooLong);
    // Cut back to the cap, it goes whole.
    await field.fill(tooLong.slice(0, max));
    await field.press('Enter');
    await expect.poll(() => texts(a)).toEqual([tooLong.slice(0, max)]);
  });

  it('a person sending too fast is told in Russian to wait', async ({ browsers }) => {
    const [anna, boris] = await Promise.all([newPerson(), newPerson()]);
    const chatId = await chatBetween(anna, boris);
    const a = await pageOf(browsers, anna);
    await openMessages(a, chatId);
    for (let i = 1; i <= PACE.message.count; i++) await type(a, `№${i}`);
    const field = a.locator('.messages-screen .chat-input textarea');
    await field.fill('лишнее');
    await field.press('Enter');
    await expect.poll(() => a.locator('.messages-screen .chat-input__error').innerText()).toMatch(/^Слишком много сообщений подряд. Подождите \d+ с.$/);
    // Nothing lost: the text stays to send later.
    expect(await field.inputValue()).toBe('лишнее');
  });
});

describe('history', () => {
  it('shows the newest 50 at the bottom and loads older pages on scrolling up without the view jumping', async ({ browsers }) => {
    const [anna, boris] = await Promise.all([newPerson(), newPerson()]);
    const chatId = await chatBetween(anna, boris);
    const total = CHAT_PAGE_SIZE * 2 + 20;
    const api = await adminApi();
    await api.post('/items/messages', Array.from({ length: total }, (_, i) => ({ text: `История ${i + 1}`, privateChat: chatId })));
    const b = await pageOf(browsers, boris);
    await openMessages(b, chatId);
    const list = b.locator('.messages-screen [data-testid="chat-messages"]');
    await expect.poll(() => b.locator('.messages-screen .chat-msg').count()).toBe(CHAT_PAGE_SIZE);
    expect((await texts(b)).at(-1)).toBe(`История ${total}`);
    expect((await texts(b))[0]).toBe(`История ${total - CHAT_PAGE_SIZE + 1}`);
    // At the bottom.
    expect(await list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(2);

    const firstShown = b.locator('.chat-msg', { hasText: `История ${total - CHAT_PAGE_SIZE + 1}` }).first();
    await list.evaluate((el) => { el.scrollTop = 0; });
    await expect.poll(() => b.locator('.messages-screen .chat-msg').count()).toBe(CHAT_PAGE_SIZE * 2);
    // The message that was at the top is still in view: the older page came in above it.
    const box = await firstShown.boundingBox();
    const frame = await list.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(frame!.y - box!.height);
    expect(box!.y).toBeLessThan(frame!.y + frame!.height);

    await list.evaluate((el) => { el.scrollTop = 0; });
    await expect.poll(() => b.locator('.messages-screen .chat-msg').count()).toBe(total);
    expect((await texts(b))[0]).toBe('История 1');
    await b.getByRole('button', { name: 'Ранние сообщения' }).first().waitFor({ state: 'detached' });
  });
});

describe('the floating window', () => {
  it('on a narrow screen covers the page, which does not scroll; the sidebar folds; a friend opens the private chat, the heading the public one', async ({ browsers }) => {
    const [anna, boris] = await Promise.all([newPerson(), newPerson()]);
    const chatId = await chatBetween(anna, boris);
    await sendAs(boris, 'Личное для окна', { privateChat: chatId });
    const a = await pageOf(browsers, anna, 'mobile');
    await a.goto('/');
    const launcher = a.locator('button.chat-launcher');
    await launcher.click();
    const win = a.getByRole('dialog', { name: 'Онлайн чат' });
    await win.locator('.chat-input textarea').waitFor();
    expect(await a.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    const box = await win.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 375 });

    // Folded at this width: the toggle shows the chats.
    expect(await a.getByTestId('chat-window-sidebar').count()).toBe(0);
    await win.getByRole('button', { name: 'Показать чаты' }).click();
    const friend = win.locator(`.chat-list [data-chat-id="${chatId}"] .chat-list__item`);
    expect(await friend.textContent()).toContain(boris.login);
    await friend.click();
    await expect.poll(() => texts(a, '.chat-window')).toEqual(['Личное для окна']);
    expect(await win.locator('.chat-window__sub').innerText()).toBe(boris.login);
    expect(await a.getByTestId('chat-window-sidebar').count()).toBe(0);

    await win.getByRole('button', { name: 'Онлайн чат', exact: true }).click();
    await win.locator('.chat-window__sub').first().waitFor({ state: 'detached' });
    await expect.poll(() => texts(a, '.chat-window')).not.toContain('Личное для окна');

    await win.getByRole('button', { name: 'Закрыть чат' }).click();
    await win.waitFor({ state: 'detached' });
    expect(await a.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  it('keeps its sidebar open above 1200 px and folds it at 1200 px or less; the page scrolls behind it on a wide screen', async ({ browsers }) => {
    const anna = await newPerson();
    const a = await pageOf(browsers, anna);
    await a.goto('/');
    await a.locator('button.chat-launcher').click();
    await a.locator('.chat-window .chat-input textarea').waitFor();
    expect(await a.getByTestId('chat-window-sidebar').count()).toBe(1);
    expect(await a.getByRole('button', { name: 'Показать чаты' }).count()).toBe(0);
    expect(await a.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await a.setViewportSize({ width: 1200, height: 900 });
    await a.getByRole('button', { name: 'Показать чаты' }).waitFor();
    expect(await a.getByTestId('chat-window-sidebar').count()).toBe(0);
  });

  it('Escape in a dialog over it closes that dialog only (focus back on its opener); closing the window hands focus to the launcher', async ({ browsers }) => {
    const anna = await newPerson();
    const a = await pageOf(browsers, anna);
    await a.goto('/');
    const launcher = a.locator('button.chat-launcher');
    await launcher.click();
    const win = a.getByRole('dialog', { name: 'Онлайн чат' });
    await win.locator('.chat-input textarea').waitFor();
    const focused = (el: Element) => el === document.activeElement;

    // Her own message in the window, with a picture to view.
    const text = `Для Escape ${anna.login}`;
    await win.getByTestId('chat-files').setInputFiles([{ name: 'one.png', mimeType: 'image/png', buffer: await picture('#c61a4d') }]);
    await type(a, text, '.chat-window');
    const own = win.locator('.chat-msg', { hasText: text });
    await own.locator('.chat-msg__picture img').waitFor();

    const remove = own.getByRole('button', { name: 'Удалить' });
    await own.hover();
    await remove.click();
    const ask = a.getByRole('dialog', { name: 'Удалить сообщение?' });
    await ask.getByRole('button', { name: 'Отмена' }).waitFor();
    await a.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    await expect.poll(() => remove.evaluate(focused)).toBe(true);
    expect(await win.count()).toBe(1);

    const pictureButton = own.locator('.chat-msg__picture');
    await pictureButton.click();
    const viewer = a.getByRole('dialog', { name: 'Фото 1 из 1' });
    await viewer.waitFor();
    await a.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await expect.poll(() => pictureButton.evaluate(focused)).toBe(true);
    expect(await win.count()).toBe(1);
    // The dialog's 'close' event, which frees the page's scroll, comes after focus went back.
    await expect.poll(() => a.evaluate(() => document.body.classList.contains('scroll-locked'))).toBe(false);

    // Now Escape is the window's: it closes, and the keyboard is back on the launcher.
    await a.keyboard.press('Escape');
    await win.waitFor({ state: 'detached' });
    await expect.poll(() => launcher.evaluate(focused)).toBe(true);
    // So does «Закрыть чат».
    await a.keyboard.press('Enter');
    await win.locator('.chat-input textarea').waitFor();
    await win.getByRole('button', { name: 'Закрыть чат' }).click();
    await win.waitFor({ state: 'detached' });
    await expect.poll(() => launcher.evaluate(focused)).toBe(true);
  });

  it('lets the page scroll again when the message a confirmation asks about is deleted from another tab', async ({ browsers }) => {
    const anna = await newPerson();
    const { page: a, context } = await browsers.as(anna);
    const { page: other } = await browsers.tab(context);
    await a.goto('/');
    await a.locator('button.chat-launcher').click();
    const win = a.getByRole('dialog', { name: 'Онлайн чат' });
    await win.locator('.chat-input textarea').waitFor();
    const text = `Удалю из другой вкладки ${anna.login}`;
    await type(a, text, '.chat-window');
    const own = win.locator('.chat-msg', { hasText: text });
    await own.hover();
    await own.getByRole('button', { name: 'Удалить' }).click();
    const ask = a.getByRole('dialog', { name: 'Удалить сообщение?' });
    await ask.getByRole('button', { name: 'Отмена' }).waitFor();
    const bodyOverflow = () => a.evaluate(() => getComputedStyle(document.body).overflow);
    expect(await bodyOverflow()).toBe('hidden');

    // Anna deletes the same message in her other tab: it goes from the window live, and the question with it.
    await openMessages(other);
    const there = other.locator('.messages-screen .chat-msg', { hasText: text });
    await there.hover();
    await there.getByRole('button', { name: 'Удалить' }).click();
    await other.getByRole('dialog', { name: 'Удалить сообщение?' }).getByRole('button', { name: 'Удалить' }).click();
    await own.waitFor({ state: 'detached' });
    await ask.waitFor({ state: 'detached' });

    // The page behind the window (wide, it is not modal) scrolls under the wheel again.
    await expect.poll(bodyOverflow).not.toBe('hidden');
    await a.mouse.move(200, 400);
    await a.mouse.wheel(0, 600);
    await expect.poll(() => a.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  it('covering a narrow screen, is modal: focus moves in, Tab and Shift+Tab stay inside, the page behind is inert; wide, it is not', async ({ browsers }) => {
    const anna = await newPerson();
    const a = await pageOf(browsers, anna, 'mobile');
    await a.goto('/');
    const launcher = a.locator('button.chat-launcher');
    await launcher.click();
    const win = a.getByRole('dialog', { name: 'Онлайн чат' });
    await win.locator('.chat-input textarea').waitFor();
    const inWindow = () => a.evaluate(() => !!document.activeElement?.closest('#chat-window'));
    await expect.poll(inWindow).toBe(true);
    expect(await win.getAttribute('aria-modal')).toBe('true');
    const inert = () => a.evaluate(() => ['#main', '.header', '.footer', 'button.chat-launcher'].map((s) => !!document.querySelector(s)?.closest('[inert]')));
    expect(await inert()).toEqual([true, true, true, true]);

    // Round the window and past it both ways, never out to the page.
    const stops = await win.evaluate((el) => el.querySelectorAll('a[href], button:not([disabled]), textarea, input:not([type="hidden"])').length);
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < stops + 2; i++) {
        await a.keyboard.press(key);
        expect(await inWindow(), `${key} ${i + 1}`).toBe(true);
      }
    }

    // Wide, the window sits beside the page, which stays usable.
    await a.setViewportSize(VIEWPORTS.desktop);
    await expect.poll(() => win.getAttribute('aria-modal')).toBe(null);
    expect(await inert()).toEqual([false, false, false, false]);

    await a.setViewportSize(VIEWPORTS.mobile);
    await expect.poll(inert).toEqual([true, true, true, true]);
    await win.getByRole('button', { name: 'Закрыть чат' }).click();
    await win.waitFor({ state: 'detached' });
    expect(await inert()).toEqual([false, false, false, false]);
    await expect.poll(() => launcher.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('keeps each chat\'s unsent text when it closes and on the next pages (and at /messages) until it is sent; nobody else sees it, signing out forgets it', async ({ browsers }) => {
    const [anna, boris] = await Promise.all([newPerson(), newPerson()]);
    const chatId = await chatBetween(anna, boris);
    const a = await pageOf(browsers, anna);
    await a.goto('/');
    const launcher = a.locator('button.chat-launcher');
    const win = a.getByRole('dialog', { name: 'Онлайн чат' });
    const field = win.locator('.chat-input textarea');
    const privateChat = win.locator(`.chat-list [data-chat-id="${chatId}"] .chat-list__item`);
    await launcher.click();
    await field.waitFor();

    const forAll = `Черновик для всех ${anna.login}`;
    await field.fill(forAll);
    await a.keyboard.press('Escape');
    await win.waitFor({ state: 'detached' });
    await launcher.click();
    expect(await field.inputValue()).toBe(forAll);

    // The private chat has a draft of its own.
    await privateChat.click();
    await win.locator('.chat-window__sub').waitFor();
    expect(await field.inputValue()).toBe('');
    const forBoris = `Черновик для Бориса ${anna.login}`;
    await field.fill(forBoris);
    await win.getByRole('button', { name: 'Закрыть чат' }).click();
    await win.waitFor({ state: 'detached' });

    // Another page: both come back, and /messages has the same ones.
    await a.goto('/updates');
    await launcher.click();
    await expect.poll(() => field.inputValue()).toBe(forAll);
    await privateChat.click();
    await expect.poll(() => field.inputValue()).toBe(forBoris);
    await openMessages(a, chatId);
    await expect.poll(() => a.locator('.messages-screen .chat-input textarea').inputValue()).toBe(forBoris);

    // Sent, the public chat's draft is gone, on reopening and on the next page; the private one stays.
    await a.goto('/');
    await launcher.click();
    await expect.poll(() => field.inputValue()).toBe(forAll);
    await field.press('Enter');
    await expect.poll(() => texts(a, '.chat-window')).toContain(forAll);
    await a.keyboard.press('Escape');
    await win.waitFor({ state: 'detached' });
    await launcher.click();
    expect(await field.inputValue()).toBe('');
    await a.goto('/updates');
    await launcher.click();
    await privateChat.click();
    await expect.poll(() => field.inputValue()).toBe(forBoris);
    await win.getByRole('button', { name: 'Онлайн чат', exact: true }).click();
    expect(await field.inputValue()).toBe('');

    // Boris, in his own browser, sees none of it.
    const b = await pageOf(browsers, boris);
    await openMessages(b, chatId);
    await openMessages(b);
    await b.goto('/');
    await b.locator('button.chat-launcher').click();
    await b.locator('.chat-window .chat-input textarea').waitFor();
    expect(await b.locator('.chat-window .chat-input textarea').inputValue()).toBe('');
    expect(await b.locator('.chat-window').innerText()).not.toContain(forBoris);

    // Signing out forgets Anna's drafts.
    expect(await a.evaluate(() => sessionStorage.getItem('chatDrafts'))).toContain(forBoris);
    await a.goto('/login');
    await a.getByRole('button', { name: 'Выйти' }).click();
    await expect.poll(() => a.evaluate(() => sessionStorage.getItem('chatDrafts'))).toBeNull();
  });

  it('visitors get a prompt to sign in instead', async ({ page: visitorPage }) => {
    await visitorPage.goto('/');
    await visitorPage.locator('summary.chat-launcher').click();
    const link = visitorPage.locator('.chat-invite__panel a');
    expect(await link.getAttribute('href')).toBe('/login?next=%2Fmessages');
    expect(await visitorPage.locator('.chat-window').count()).toBe(0);
  });
});

describe('catching up', () => {
  it('after the socket was cut off, messages sent meanwhile appear, and live delivery resumes', async ({ browsers }) => {
    const [anna, boris] = await Promise.all([newPerson(), newPerson()]);
    const chatId = await chatBetween(anna, boris);
    const a = await pageOf(browsers, anna);
    // Every socket the page opens is kept, and while blocked a new one goes to a port where nothing listens (as when the backend is down).
    await a.context().addInitScript(() => {
      const Native = window.WebSocket;
      const w = window as unknown as { __sockets: WebSocket[]; __blockSockets: boolean };
      w.__sockets = [];
      w.__blockSockets = false;
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(w.__blockSockets ? String(url).replace(/\/\/[^/]+/, '//127.0.0.1:9') : url, protocols);
          w.__sockets.push(this);
        }
      };
    });
    await openMessages(a, chatId);
    await sendAs(boris, 'До обрыва', { privateChat: chatId });
    await expect.poll(() => texts(a)).toEqual(['До обрыва']);

    const socketsBefore = await a.evaluate(() => (window as unknown as { __sockets: WebSocket[] }).__sockets.length);
    // The backend is down for reading messages too: else the 5 s poll of a chat on screen would bring them.
    const down = /\/api\/items\/messages/;
    await a.route(down, (route) => route.abort());
    await a.evaluate(() => {
      const w = window as unknown as { __sockets: WebSocket[]; __blockSockets: boolean };
      w.__blockSockets = true;
      w.__sockets.forEach((s) => s.close());
    });
    await sendAs(boris, 'Пока сокета не было', { privateChat: chatId });
    await sendAs(boris, 'И ещё одно', { privateChat: chatId });
    // Two refused reconnection attempts prove the page was really cut off while they were sent.
    await expect.poll(() => a.evaluate(() => (window as unknown as { __sockets: WebSocket[] }).__sockets.length), { timeout: 20_000 }).toBeGreaterThanOrEqual(socketsBefore + 2);
    expect(await texts(a)).toEqual(['До обрыва']);
    await a.unroute(down);
    await a.evaluate(() => { (window as unknown as { __blockSockets: boolean }).__blockSockets = false; });

    await expect.poll(() => texts(a), { timeout: 20_000 }).toEqual(['До обрыва', 'Пока сокета не было', 'И ещё одно']);
    // Once the socket is back the notice goes, and what follows comes over it (the poll reads no chat then).
    await expect.poll(() => noConnection(a).count(), { timeout: 20_000 }).toBe(0);
    await sendAs(boris, 'После возвращения', { privateChat: chatId });
    await expect.poll(() => texts(a)).toEqual(['До обрыва', 'Пока сокета не было', 'И ещё одно', 'После возвращения']);
  });
});

describe('without the live connection', () => {
  it('the page and the window say so and still show others\' messages, read every 5 s; the notice goes once the socket is back', async ({ browsers }) => {
    const [anna, boris] = await Promise.all([newPerson(), newPerson()]);
    const a = await pageOf(browsers, anna);
    // Every websocket of anna's browser passes through the test, which refuses them while `cut`.
    let cut = true;
    await a.context().routeWebSocket(/\/websocket$/, (ws) => {
      if (cut) return void ws.close();
      ws.connectToServer();
    });
    await openMessages(a);
    const w = (await browsers.tab(a.context())).page;
    await w.goto('/');
    await w.locator('button.chat-launcher').click();
    await w.locator('.chat-window .chat-input textarea').waitFor();
    for (const page of [a, w]) await noConnection(page).waitFor();

    const meanwhile = `Без сокета от ${boris.login}`;
    await sendAs(boris, meanwhile, { publicChat: true });
    await expect.poll(() => texts(a)).toContain(meanwhile);
    await expect.poll(() => texts(w, '.chat-window')).toContain(meanwhile);
    // Read again and again, each message still shows once.
    await sendAs(boris, `${meanwhile}, второе`, { publicChat: true });
    await expect.poll(() => texts(a)).toContain(`${meanwhile}, второе`);
    expect((await texts(a)).filter((t) => t === meanwhile)).toHaveLength(1);

    cut = false;
    for (const page of [a, w]) await expect.poll(() => noConnection(page).count(), { timeout: 20_000 }).toBe(0);
    const live = `Снова по сокету от ${boris.login}`;
    await sendAs(boris, live, { publicChat: true });
    await expect.poll(() => texts(w, '.chat-window')).toContain(live);
  }, 90_000);
});

describe('the list of chats', () => {
  it('is read every 5 s while a chat is on screen, with the socket open (the online count and dots), and not once the window is closed', async ({ browsers }) => {
    const [anna, boris] = await Promise.all([newPerson(), newPerson()]);
    const a = await pageOf(browsers, anna);
    let reads = 0;
    a.on('request', (r) => { if (new URL(r.url()).pathname === '/api/site/chats') reads += 1; });
    const presencePing = () => a.waitForRequest((r) => r.method() === 'PATCH' && new URL(r.url()).pathname === '/api/users/me', { timeout: 30_000 });
    await a.goto('/');
    await a.locator('button.chat-launcher').click();
    await a.locator('.chat-window .chat-input textarea').waitFor();
    // A message that arrives live: the socket is open.
    const marker = `Сокет открыт для ${anna.login}`;
    await sendAs(boris, marker, { publicChat: true });
    await expect.poll(() => texts(a, '.chat-window')).toContain(marker);

    const before = reads;
    await expect.poll(() => reads).toBeGreaterThanOrEqual(before + 2);

    // Closed: between two presence pings (20 s) the list is not read.
    await a.getByRole('button', { name: 'Закрыть чат' }).click();
    await a.getByRole('dialog', { name: 'Онлайн чат' }).waitFor({ state: 'detached' });
    await presencePing();
    const closed = reads;
    await presencePing();
    expect(reads).toBe(closed);

    // Opened again (and closed and opened once more): one timer, four or so reads in 20 s, not twice as many.
    for (let i = 0; i < 3; i++) await a.locator('button.chat-launcher').click();
    await a.locator('.chat-window .chat-input textarea').waitFor();
    await presencePing();
    const reopened = reads;
    await presencePing();
    expect(reads - reopened).toBeGreaterThanOrEqual(3);
    expect(reads - reopened).toBeLessThanOrEqual(5);
  }, 150_000);
});

describe('a long visit', () => {
  it('stays live after the access token the socket signed in with has expired (TOKEN_EXPIRED: a fresh token)', async ({ browsers }) => {
    const [anna, boris] = await Promise.all([newPerson(), newPerson()]);
    const chatId = await chatBetween(anna, boris);
    const a = await pageOf(browsers, anna);
    await openMessages(a, chatId);
    const first = await a.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token: string; expires_at: number }, SESSION_KEY);
    await sendAs(boris, 'Пока токен свежий', { privateChat: chatId });
    await expect.poll(() => texts(a)).toEqual(['Пока токен свежий']);
    // The backend tells the socket its token expired once that token's time is up.
    await expect.poll(() => Date.now() > first.expires_at + 2_000, { timeout: 90_000, interval: 1_000 }).toBe(true);
    const now = await a.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token: string }, SESSION_KEY);
    expect(now.access_token).not.toBe(first.access_token);
    await sendAs(boris, 'После истечения токена', { privateChat: chatId });
    await expect.poll(() => texts(a)).toEqual(['Пока токен свежий', 'После истечения токена']);
  }, 150_000);
});

describe('an outsider', () => {
  it('sees nothing of a private chat on the page or through a websocket subscription', async ({ browsers }) => {
    const [anna, boris, carl] = await Promise.all([newPerson(), newPerson(), newPerson()]);
    const chatId = await chatBetween(anna, boris);
    await sendAs(anna, 'Секрет до подписки', { privateChat: chatId });

    const c = await pageOf(browsers, carl);
    await openMessagesAny(c, chatId);
    await expect.poll(() => c.locator('.messages-screen').innerText()).toContain('Такого чата нет');
    expect(await c.locator('.messages-screen').innerText()).not.toContain('Секрет');

    const rt = await Realtime.open(inject('e2eDirectusUrl'), (await sessionOf(carl)).access_token, 'outsider');
    const init = await rt.subscribeMessages('all');
    expect(JSON.stringify(init.data)).not.toContain('Секрет');
    rt.send({ type: 'subscribe', uid: 'aimed', collection: 'messages', query: { fields: ['*'], filter: { privateChat: { _eq: chatId } } } });
    await rt.waitFor((f) => f.uid === 'aimed' && (f.event === 'init' || f.type === 'error'), 'the aimed subscription');

    const secretId = await sendAs(anna, 'Секрет после подписки', { privateChat: chatId });
    const api = await adminApi();
    await api.patch(`/items/messages/${secretId}`, { deleted: true });
    // A public message after them: once it arrives, anything about the private ones would have too.
    const marker = `Метка ${carl.login}`;
    await sendAs(boris, marker, { publicChat: true });
    await rt.waitFor((f) => f.uid === 'all' && f.event === 'create' && JSON.stringify(f.data).includes(marker), 'the public marker');
    const seen = JSON.stringify(rt.frames.filter((f) => f.type === 'subscription' && f.event !== 'init'));
    expect(seen).not.toContain('Секрет');
    expect(seen).not.toContain(`"id":${secretId}`);
    expect(rt.rows('aimed')).toEqual([]);
  });
});

describe('accessibility', () => {
  it('/messages with a private chat open has no serious or critical violation in either look', async ({ browsers }) => {
    const [anna, boris] = await Promise.all([newPerson(), newPerson()]);
    const chatId = await chatBetween(anna, boris);
    await sendAs(boris, 'Проверка доступности', { privateChat: chatId });
    for (const theme of ['light-theme', 'dark-theme'] as const) {
      const a = await pageOf(browsers, anna, 'desktop', theme);
      await openMessages(a, chatId);
      await expect.poll(() => texts(a)).toEqual(['Проверка доступности']);
      expect(await blockingViolations(a), theme).toEqual([]);
    }
  });
});

/** /messages?id= for someone who may not be in the chat: the screen, whatever it shows. */
async function openMessagesAny(page: Page, chatId: number): Promise<void> {
  await page.goto(`/messages?id=${chatId}`);
  await page.locator('.messages-screen').waitFor();
}

/**
 * Profile posts in Chromium against the built site and a real Directus: the post box on one's
 * own profile only (text and pictures, shown without a reload, pictures opening full size),
 * pages of posts newest first, like and dislike (one each: pressed, switched, taken back),
 * comments and replies, and deletion by the author alone — the backend refuses anyone else.
 */
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from './support/test.ts';
import { AdminApi, ApiError } from '../../directus/apply/admin-api.ts';
import { TEXT_LIMITS } from '../../shared/rules.ts';
import { POSTS_PAGE_SIZE } from '../../src/lib/constants.ts';
import { textLimit, tooLongMessage } from '../../src/ui/text-limit.ts';
import { newPerson, type Person } from './support/people.ts';
import { adminApi, hydrated, patientPolls } from './support/site.ts';

patientPolls();


/** The person's own API client, as the backend sees them. */
const apiOf = (person: Person) => AdminApi.login(inject('e2eDirectusUrl'), person.email, person.password);

async function postBy(person: Person, text: string): Promise<number> {
  const api = await apiOf(person);
  return (await api.post<{ id: number }>('/items/posts', { text })).id;
}

const picture = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

async function openProfile(page: Page, login: string): Promise<void> {
  await page.goto(`/profile/${login}`);
  await hydrated(page, '.public-profile');
  await expect.poll(() => page.locator('main h1').innerText()).toBe(login);
}

/** The post on the page with this text. */
const post = (page: Page, text: string): Locator => page.locator('article.post', { has: page.locator('.post__text', { hasText: text }) });

const count = (scope: Locator, name: string, n: number) => scope.getByRole('button', { name: `${name}: ${n}`, exact: true });

describe('the post box', () => {
  it('publishes text with pictures on one’s own profile, shown at once, pictures opening full size', async ({ browsers }) => {
    const me = await newPerson();
    const v = await browsers.as(me);
    const { page } = v;
    await openProfile(page, me.login);
    const box = page.getByRole('textbox', { name: 'Новая запись' });
    await box.waitFor();
    await expect.poll(() => page.getByRole('main').innerText()).toContain('У вас пока нет записей');
    const publish = page.getByRole('button', { name: 'Опубликовать' });
    expect(await publish.isDisabled()).toBe(true);

    const text = `Мой первый пост ${Date.now()}`;
    await box.fill(text);
    await page.locator('.composer input[type=file]').setInputFiles([
      { name: 'kadr-1.png', mimeType: 'image/png', buffer: await picture(1600, 900, '#c61a4d') },
      { name: 'kadr-2.png', mimeType: 'image/png', buffer: await picture(600, 900, '#3b6cff') },
    ]);
    expect(await page.getByRole('list', { name: 'Фото к записи' }).getByRole('listitem').count()).toBe(2);
    await publish.click();

    const mine = post(page, text);
    await mine.waitFor();
    expect(await box.inputValue()).toBe('');
    expect(await page.getByRole('list', { name: 'Фото к записи' }).count()).toBe(0);
    const images = mine.locator('.post__image img');
    expect(await images.count()).toBe(2);
    for (const img of await images.all()) {
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(await img.getAttribute('src')).toMatch(/^\/api\/assets\/[\w-]+\?key=photo$/);
    }

    // As stored: the text, both pictures, the author.
    const api = await adminApi();
    const [stored] = await api.get<{ id: number; text: string; user_created: string; images: { directus_files_id: string }[] }[]>(
      `/items/posts?filter[user_created][_eq]=${me.id}&fields=id,text,user_created,images.directus_files_id`);
    expect(stored).toMatchObject({ text, user_created: me.id });
    expect(stored.images).toHaveLength(2);

    // The picture opens full size; the viewer steps on and wraps around.
    await mine.getByRole('button', { name: `Фото 1 из 2 к записи ${me.login}` }).click();
    const viewer = page.getByRole('dialog', { name: 'Фото 1 из 2' });
    await viewer.waitFor();
    const full = viewer.locator('img');
    expect(await full.getAttribute('src')).toBe(`/api/assets/${stored.images[0].directus_files_id}`);
    await expect.poll(() => full.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1600);
    // The arrow keys work from the start, with the focus on the close button.
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: 'Фото 2 из 2' }).waitFor();
    await page.getByRole('dialog', { name: 'Фото 2 из 2' }).getByRole('button', { name: 'Следующее фото' }).click();
    await page.getByRole('dialog', { name: 'Фото 1 из 2' }).waitFor();
    await page.getByRole('dialog', { name: 'Фото 1 из 2' }).getByRole('button', { name: 'Предыдущее фото' }).click();
    await page.getByRole('dialog', { name: 'Фото 2 из 2' }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').first().waitFor({ state: 'detached' });

    // Still there after a reload, from the backend.
    await page.reload();
    await post(page, text).waitFor();
    expect(v.errors).toEqual([]);
  });

  it('refuses a file that is not a picture and sends nothing blank', async ({ browsers }) => {
    const me = await newPerson();
    const v = await browsers.as(me);
    const { page } = v;
    await openProfile(page, me.login);
    const box = page.getByRole('textbox', { name: 'Новая запись' });
    await box.waitFor();
    await page.locator('.composer input[type=file]').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('не картинка') }]);
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('«notes.txt» — не картинка');
    await box.fill('   ');
    expect(await page.getByRole('button', { name: 'Опубликовать' }).isDisabled()).toBe(true);
    const api = await adminApi();
    expect(await api.get(`/items/posts?filter[user_created][_eq]=${me.id}&fields=id`)).toEqual([]);
  });

  it('counts the characters of a long post near its cap and, past it, says so and publishes nothing, cutting nothing', async ({ browsers }) => {
    const me = await newPerson();
    const v = await browsers.as(me);
    const { page } = v;
    await openProfile(page, me.login);
    const box = page.getByRole('textbox', { name: 'Новая запись' });
    await box.waitFor();
    const max = TEXT_LIMITS.post;
    const near = 'а'.repeat(max - 100);
    await box.fill(near);
    await expect.poll(() => page.locator('.composer .text-limit').innerText()).toBe(textLimit(near, max).count);
    expect(await page.getByRole('button', { name: 'Опубликовать' }).isDisabled()).toBe(false);
    const tooLong = 'б'.repeat(max + 1);
    await box.fill(tooLong);
    await expect.poll(() => page.locator('.composer').getByRole('alert').innerText()).toBe(tooLongMessage(max));
    expect(await page.getByRole('button', { name: 'Опубликовать' }).isDisabled()).toBe(true);
    expect(await box.inputValue()).toBe(tooLong);
    expect(await (await adminApi()).get(`/items/posts?filter[user_created][_eq]=${me.id}&fields=id`)).toEqual([]);
  });

  it('never shows on someone else’s profile, for a signed-in person or a visitor', async ({ browsers }) => {
    const [author, reader] = await Promise.all([newPerson(), newPerson()]);
    const text = `Пост для чужих глаз ${Date.now()}`;
    await postBy(author, text);
    const v = await browsers.as(reader);
    const visitor = await browsers.visitor();
    for (const page of [v.page, visitor.page]) {
      await openProfile(page, author.login);
      await post(page, text).waitFor();
      expect(await page.getByRole('textbox', { name: 'Новая запись' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Опубликовать' }).count()).toBe(0);
    }
    // The signed-in reader has the message box instead: the page knows who they are.
    expect(await v.page.getByRole('textbox', { name: `Сообщение для ${author.login}` }).count()).toBe(1);
  });
});

describe('pages of posts', () => {
  it('shows the newest first, a page at a time, and continues after a post written here without repeating any', async ({ browsers }) => {
    const me = await newPerson();
    const written = POSTS_PAGE_SIZE + 2;
    const api = await apiOf(me);
    for (let i = 1; i <= written; i++) await api.post('/items/posts', { text: `Запись номер ${i}` });
    const v = await browsers.as(me);
    const { page } = v;
    await openProfile(page, me.login);
    const texts = () => page.locator('article.post .post__text').allInnerTexts();
    await expect.poll(async () => (await texts()).length).toBe(POSTS_PAGE_SIZE);
    expect((await texts())[0]).toBe(`Запись номер ${written}`);

    await page.getByRole('textbox', { name: 'Новая запись' }).fill('Самая новая');
    await page.getByRole('button', { name: 'Опубликовать' }).click();
    await post(page, 'Самая новая').waitFor();

    await page.getByRole('button', { name: 'Показать еще' }).click();
    const expected = ['Самая новая', ...Array.from({ length: written }, (_, i) => `Запись номер ${written - i}`)];
    await expect.poll(texts).toEqual(expected);
    expect(await page.getByRole('button', { name: 'Показать еще' }).count()).toBe(0);
  });
});

describe('reactions', () => {
  it('counts a like once the backend took it, shows it pressed after a reload, switches to a dislike and takes it back', async ({ browsers }) => {
    const [author, reader] = await Promise.all([newPerson(), newPerson()]);
    const text = `Пост для реакций ${Date.now()}`;
    const postId = await postBy(author, text);
    const v = await browsers.as(reader);
    const stored = () => adminApi().then((api) => api.get<{ type: string; user_created: string }[]>(`/items/reactions?filter[post][_eq]=${postId}&fields=type,user_created`));
    const { page } = v;
    await openProfile(page, author.login);
    const card = post(page, text);
    await count(card, 'Нравится', 0).click();
    await count(card, 'Нравится', 1).waitFor();
    expect(await count(card, 'Нравится', 1).getAttribute('aria-pressed')).toBe('true');
    expect(await stored()).toEqual([{ type: 'like', user_created: reader.id }]);

    // From the backend after a reload: the same count, still pressed.
    await page.reload();
    await expect.poll(() => count(post(page, text), 'Нравится', 1).getAttribute('aria-pressed')).toBe('true');

    await count(post(page, text), 'Не нравится', 0).click();
    await count(post(page, text), 'Не нравится', 1).waitFor();
    expect(await count(post(page, text), 'Нравится', 0).getAttribute('aria-pressed')).toBe('false');
    expect(await count(post(page, text), 'Не нравится', 1).getAttribute('aria-pressed')).toBe('true');
    expect(await stored()).toEqual([{ type: 'dislike', user_created: reader.id }]);

    await count(post(page, text), 'Не нравится', 1).click();
    await count(post(page, text), 'Не нравится', 0).waitFor();
    expect(await count(post(page, text), 'Не нравится', 0).getAttribute('aria-pressed')).toBe('false');
    expect(await stored()).toEqual([]);
    expect(await post(page, text).getByRole('alert').count()).toBe(0);
  });

  it('shows a visitor the counts without buttons', async ({ browsers }) => {
    const [author, fan] = await Promise.all([newPerson(), newPerson()]);
    const text = `Пост с лайком ${Date.now()}`;
    const postId = await postBy(author, text);
    await (await apiOf(fan)).post('/items/reactions', { type: 'like', post: postId });
    const { page } = await browsers.visitor();
    await openProfile(page, author.login);
    const card = post(page, text);
    await card.getByRole('img', { name: 'Нравится: 1', exact: true }).waitFor();
    expect(await card.getByRole('button', { name: /Нравится/ }).count()).toBe(0);
    const signIn = card.getByRole('link', { name: 'Войдите, чтобы оставить комментарий' });
    expect(await signIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(`/profile/${author.login}`)}`);
  });
});

describe('comments', () => {
  it('adds a comment and a reply to it, sends nothing blank, and reacts to a comment', async ({ browsers }) => {
    const [author, reader] = await Promise.all([newPerson(), newPerson()]);
    const text = `Пост для комментариев ${Date.now()}`;
    const postId = await postBy(author, text);
    const v = await browsers.as(reader);
    const { page } = v;
    await openProfile(page, author.login);
    const card = post(page, text);
    const field = card.getByRole('textbox', { name: 'Комментарий' });
    const send = card.getByRole('button', { name: 'Отправить' });
    await field.fill('  \n ');
    expect(await send.isDisabled()).toBe(true);

    await field.fill('Отличная мысль!');
    await send.click();
    const comment = card.locator('.comments__thread', { hasText: 'Отличная мысль!' });
    await comment.waitFor();
    expect(await field.inputValue()).toBe('');
    expect(await comment.locator('.person-name').first().innerText()).toBe(reader.login);

    await comment.getByRole('button', { name: 'Ответить' }).click();
    const reply = card.getByRole('textbox', { name: `Ответ ${reader.login}` });
    expect(await reply.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await card.locator('.comments__replying').innerText()).toContain('«Отличная мысль!»');
    await reply.fill('Спасибо, согласен');
    await card.getByRole('button', { name: 'Отправить' }).click();
    await comment.locator('.comments__replies', { hasText: 'Спасибо, согласен' }).waitFor();
    expect(await card.locator('.comments__replying').count()).toBe(0);

    // One's own comment shows its counts only; another person's can be liked.
    const own = comment.locator('.comment').first();
    expect(await own.getByRole('button', { name: /нравится/i }).count()).toBe(0);
    expect(await own.getByRole('img', { name: 'Нравится: 0', exact: true }).count()).toBe(1);
    await (await apiOf(author)).post('/items/comments', { text: 'Спасибо, что заглянули', post: postId });

    const api = await adminApi();
    const stored = await api.get<{ id: number; text: string; comment: number | null; post: number }[]>(
      `/items/comments?filter[post][_eq]=${postId}&fields=id,text,comment,post&sort=id`);
    expect(stored.map((c) => c.text)).toEqual(['Отличная мысль!', 'Спасибо, согласен', 'Спасибо, что заглянули']);
    expect(stored[1].comment).toBe(stored[0].id);

    await page.reload();
    await post(page, text).locator('.comments__replies', { hasText: 'Спасибо, согласен' }).waitFor();
    const theirs = post(page, text).locator('.comment', { hasText: 'Спасибо, что заглянули' });
    await count(theirs, 'Нравится', 0).click();
    await count(theirs, 'Нравится', 1).waitFor();
    // Pressed after a reload too, and pressed again it goes.
    await page.reload();
    const again = post(page, text).locator('.comment', { hasText: 'Спасибо, что заглянули' });
    await expect.poll(() => count(again, 'Нравится', 1).getAttribute('aria-pressed')).toBe('true');
    await count(again, 'Нравится', 1).click();
    await count(again, 'Нравится', 0).waitFor();
    expect(await count(again, 'Нравится', 0).getAttribute('aria-pressed')).toBe('false');
    expect(v.errors).toEqual([]);
  });
});

describe('deleting a post', () => {
  it('lets the author delete after confirming', async ({ browsers }) => {
    const me = await newPerson();
    const [keep, gone] = [`Оставлю ${Date.now()}`, `Удалю ${Date.now()}`];
    await postBy(me, keep);
    const goneId = await postBy(me, gone);
    const v = await browsers.as(me);
    const { page } = v;
    await openProfile(page, me.login);
    const card = post(page, gone);
    await card.getByRole('button', { name: 'Удалить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Удалить запись?' });
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await page.locator('dialog[open]').first().waitFor({ state: 'detached' });
    expect(await card.count()).toBe(1);

    await card.getByRole('button', { name: 'Удалить' }).click();
    await dialog.getByRole('button', { name: 'Удалить' }).click();
    await card.first().waitFor({ state: 'detached' });
    expect(await post(page, keep).count()).toBe(1);

    const api = await adminApi();
    expect(await api.get(`/items/posts?filter[id][_eq]=${goneId}&fields=id`)).toEqual([]);
  });

  it('offers nobody else the button, and the backend refuses them', async ({ browsers }) => {
    const [author, other] = await Promise.all([newPerson(), newPerson()]);
    const text = `Чужой пост ${Date.now()}`;
    const postId = await postBy(author, text);
    const v = await browsers.as(other);
    const { page } = v;
    await openProfile(page, author.login);
    const card = post(page, text);
    // The reader is known (their message box shows) and the post is there: no delete button on it.
    await page.getByRole('textbox', { name: `Сообщение для ${author.login}` }).waitFor();
    await card.waitFor();
    expect(await card.getByRole('button', { name: 'Удалить' }).count()).toBe(0);

    const attempt = await (await apiOf(other)).delete(`/items/posts/${postId}`).catch((err: unknown) => err);
    expect(attempt).toBeInstanceOf(ApiError);
    expect((attempt as ApiError).status).toBe(403);
    const api = await adminApi();
    expect(await api.get(`/items/posts?filter[id][_eq]=${postId}&fields=id`)).toEqual([{ id: postId }]);
  });
});

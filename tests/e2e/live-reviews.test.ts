/**
 * Reviews live on a title page: what other people write, reply, like, edit and delete shows
 * without a reload for a visitor and for a signed-in reader alike, and the count follows; so does
 * a review an editor deletes outright, and a page that missed it drops it at the first like or
 * reply. A person's own review is offered no like or dislike.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { REVIEW_GONE } from '../../shared/review-refusals.ts';
import { describe, expect, it } from './support/test.ts';
import { REVIEW_FORMS, countRu } from '../../src/lib/plural.ts';
import { apiOf, publishedTitles } from './support/account.ts';
import { newPerson } from './support/people.ts';
import { hydrated, patientPolls } from './support/site.ts';

patientPolls(20_000);


const reviews = (page: Page) => page.getByRole('region', { name: /^Отзывы/ });
const byId = (page: Page, id: number): Locator => page.locator(`article[data-review-id="${id}"]`);
/** How many reviews and replies the heading counts. */
const counted = async (page: Page) => Number((await reviews(page).getByRole('heading', { level: 2 }).innerText()).match(/(\d+)/)?.[1] ?? 0);

async function openReviews(page: Page, slug: string): Promise<number> {
  await page.goto(`/${slug}`);
  await reviews(page).scrollIntoViewIfNeeded();
  await hydrated(page, '.reviews');
  await expect.poll(() => reviews(page).getByRole('heading', { level: 2 }).innerText()).toMatch(/·/);
  return counted(page);
}

/** The context's sockets pass through the test, which drops every deletion told on them: a page that missed it. */
async function deafToDeletions(context: BrowserContext): Promise<void> {
  await context.routeWebSocket(/\/websocket$/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((frame) => {
      if (typeof frame === 'string' && frame.includes('"event":"delete"')) return;
      try { ws.send(frame); } catch { /* the page has gone */ }
    });
  });
}

describe('reviews on an open title page', () => {
  it('follow what others write, reply, like, edit and delete, for a visitor and a signed-in reader', async ({ browsers }) => {
    const [t] = (await publishedTitles(30)).slice(-1);
    const [author, replier, reader] = await Promise.all([newPerson(), newPerson(), newPerson()]);
    const visitor = (await browsers.visitor()).page;
    const signedIn = (await browsers.as(reader)).page;
    const before = await openReviews(visitor, t.slug);
    expect(await openReviews(signedIn, t.slug)).toBe(before);
    const pages = [visitor, signedIn];

    const stamp = Date.now();
    const { id } = await (await apiOf(author)).post<{ id: number }>('/items/comments', { title: t.id, text: `Только что посмотрел ${stamp}` });
    for (const page of pages) {
      await expect.poll(() => byId(page, id).locator('.review__text').first().innerText()).toBe(`Только что посмотрел ${stamp}`);
      await expect.poll(() => counted(page)).toBe(before + 1);
      expect(await reviews(page).getByRole('heading', { level: 2 }).innerText()).toBe(`Отзывы · ${countRu(before + 1, REVIEW_FORMS)}`);
    }

    const replierApi = await apiOf(replier);
    await replierApi.post('/items/comments', { comment: id, text: `Согласен ${stamp}` });
    await replierApi.post('/items/reactions', { comment: id, type: 'like' });
    for (const page of pages) {
      await expect.poll(() => byId(page, id).locator('.review__replies .review__text').allInnerTexts()).toEqual([`Согласен ${stamp}`]);
      await expect.poll(() => counted(page)).toBe(before + 2);
    }
    await expect.poll(() => byId(visitor, id).getByRole('img', { name: 'Нравится: 1', exact: true }).count()).toBe(1);
    await expect.poll(() => byId(signedIn, id).getByRole('button', { name: 'Нравится: 1', exact: true }).count()).toBe(1);

    await (await apiOf(author)).patch(`/items/comments/${id}`, { text: `Пересмотрел и передумал ${stamp}` });
    for (const page of pages) {
      await expect.poll(() => byId(page, id).locator('.review__text').first().innerText()).toBe(`Пересмотрел и передумал ${stamp}`);
    }
    await (await apiOf(author)).patch(`/items/comments/${id}`, { deleted: true });
    for (const page of pages) {
      await expect.poll(() => byId(page, id).locator('.review__text').first().innerText()).toBe('Комментарий удалён');
      expect(await byId(page, id).locator('.review__replies .review__text').allInnerTexts()).toEqual([`Согласен ${stamp}`]);
      await expect.poll(() => counted(page)).toBe(before + 1);
    }
  });

  it('shows a person\'s own review once, with its counts but no like or dislike of their own', async ({ browsers }) => {
    const [t] = (await publishedTitles(29)).slice(-1);
    const [person, other] = await Promise.all([newPerson(), newPerson()]);
    const page = (await browsers.as(person)).page;
    const watcher = (await browsers.visitor()).page;
    const before = await openReviews(page, t.slug);
    await openReviews(watcher, t.slug);

    const text = `Моё мнение ${Date.now()}`;
    await reviews(page).getByRole('textbox', { name: 'Ваш комментарий' }).fill(text);
    await reviews(page).locator('.review-form').getByRole('button', { name: 'Отправить' }).click();
    const mine = page.locator('article.review', { has: page.locator('.review__text', { hasText: text }) });
    await expect.poll(() => mine.count()).toBe(1);
    await expect.poll(() => watcher.locator('.review__text', { hasText: text }).count()).toBe(1);
    const id = Number(await mine.getAttribute('data-review-id'));
    // The live feed brings the same review back: it still shows once, and counts once.
    const other$ = await apiOf(other);
    await other$.post('/items/reactions', { comment: id, type: 'dislike' });
    await expect.poll(() => byId(page, id).getByRole('img', { name: 'Не нравится: 1', exact: true }).count()).toBe(1);
    expect(await mine.count()).toBe(1);
    expect(await counted(page)).toBe(before + 1);
    const actions = page.locator(`article[data-review-id="${id}"] > .review__body > .review__actions`);
    expect(await actions.getByRole('button', { name: /нравится/i }).count()).toBe(0);
    expect(await actions.getByRole('img', { name: 'Нравится: 0', exact: true }).count()).toBe(1);
    expect(await actions.getByRole('button', { name: 'Изменить' }).count()).toBe(1);
  });

  it('drop a review an editor deletes outright, with its replies, and a reply deleted alone; the count follows', async ({ browsers }) => {
    const [t] = (await publishedTitles(26)).slice(-1);
    const [author, replier, reader, editor] = await Promise.all([newPerson(), newPerson(), newPerson(), newPerson({ role: EDITOR_ROLE })]);
    const pages = [(await browsers.visitor()).page, (await browsers.as(reader)).page];
    const before = await openReviews(pages[0]!, t.slug);
    expect(await openReviews(pages[1]!, t.slug)).toBe(before);

    const stamp = Date.now();
    const [authorApi, replierApi, editorApi] = await Promise.all([apiOf(author), apiOf(replier), apiOf(editor)]);
    const doomed = await authorApi.post<{ id: number }>('/items/comments', { title: t.id, text: `Спам ${stamp}` });
    await replierApi.post('/items/comments', { comment: doomed.id, text: `Ответ на спам ${stamp}` });
    const kept = await authorApi.post<{ id: number }>('/items/comments', { title: t.id, text: `Честный отзыв ${stamp}` });
    const rude = await replierApi.post<{ id: number }>('/items/comments', { comment: kept.id, text: `Грубый ответ ${stamp}` });
    for (const page of pages) {
      await expect.poll(() => reviews(page).getByText(`Грубый ответ ${stamp}`).count()).toBe(1);
      await expect.poll(() => counted(page)).toBe(before + 4);
    }

    await editorApi.delete(`/items/comments/${doomed.id}`);
    for (const page of pages) {
      await expect.poll(() => reviews(page).getByText(`Спам ${stamp}`, { exact: true }).count()).toBe(0);
      expect(await reviews(page).getByText(`Ответ на спам ${stamp}`).count()).toBe(0);
      await expect.poll(() => counted(page)).toBe(before + 2);
    }
    await editorApi.delete(`/items/comments/${rude.id}`);
    for (const page of pages) {
      await expect.poll(() => reviews(page).getByText(`Грубый ответ ${stamp}`).count()).toBe(0);
      await expect.poll(() => counted(page)).toBe(before + 1);
      expect(await reviews(page).getByText(`Честный отзыв ${stamp}`).count()).toBe(1);
      expect(await reviews(page).getByRole('heading', { level: 2 }).innerText()).toBe(`Отзывы · ${countRu(before + 1, REVIEW_FORMS)}`);
    }
  });

  it('take a review the page missed being deleted off it at the first like, or once a reply refused is closed, its text kept till then', async ({ browsers }) => {
    const [t] = (await publishedTitles(25)).slice(-1);
    const [author, reader, editor] = await Promise.all([newPerson(), newPerson(), newPerson({ role: EDITOR_ROLE })]);
    const { page, context } = await browsers.as(reader);
    await deafToDeletions(context);
    const before = await openReviews(page, t.slug);

    const stamp = Date.now();
    const [authorApi, editorApi] = await Promise.all([apiOf(author), apiOf(editor)]);
    const liked = await authorApi.post<{ id: number }>('/items/comments', { title: t.id, text: `Отзыв для лайка ${stamp}` });
    const answered = await authorApi.post<{ id: number }>('/items/comments', { title: t.id, text: `Отзыв для ответа ${stamp}` });
    const review = (text: string) => reviews(page).getByRole('article').filter({ hasText: text });
    await expect.poll(() => review(`Отзыв для ответа ${stamp}`).count()).toBe(1);
    await expect.poll(() => counted(page)).toBe(before + 2);
    await editorApi.delete(`/items/comments/${liked.id}`);
    await editorApi.delete(`/items/comments/${answered.id}`);

    await review(`Отзыв для лайка ${stamp}`).getByRole('button', { name: /^Нравится/ }).click();
    await expect.poll(() => review(`Отзыв для лайка ${stamp}`).count()).toBe(0);
    await expect.poll(() => counted(page)).toBe(before + 1);
    expect(await page.getByRole('alert').filter({ hasText: REVIEW_GONE.reacted }).count()).toBe(0);

    await review(`Отзыв для ответа ${stamp}`).getByRole('button', { name: 'Ответить' }).click();
    const field = reviews(page).getByRole('textbox', { name: /^Ответ / });
    await field.fill(`Мой ответ ${stamp}`);
    await reviews(page).locator('.review-form').getByRole('button', { name: 'Ответить' }).click();
    // The refusal is told at the form, which keeps the text; the review it answered leaves once the form closes.
    await expect.poll(() => reviews(page).getByRole('alert').allInnerTexts()).toEqual([REVIEW_GONE.answered]);
    expect(await field.inputValue()).toBe(`Мой ответ ${stamp}`);
    await reviews(page).getByRole('button', { name: 'Отменить ответ' }).click();
    await expect.poll(() => review(`Отзыв для ответа ${stamp}`).count()).toBe(0);
    await expect.poll(() => counted(page)).toBe(before);
  });
});

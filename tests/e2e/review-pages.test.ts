/**
 * A title with more reviews than a page: the reviews are read once a view (the live feed listens
 * first, so it needs no second read), shown a page at a time with 'Показать еще' bringing the next
 * without repeats, and a long thread shows its first replies with 'Показать ответы (N)' for the rest.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from './support/test.ts';
import { REPLIES_FOLDED_AFTER, REVIEWS_PAGE_SIZE } from '../../src/lib/constants.ts';
import { publishedTitles, type TitleRow } from './support/account.ts';
import { newPerson } from './support/people.ts';
import { adminApi, hydrated, patientPolls } from './support/site.ts';

patientPolls(20_000);

/** The reviews and replies the live feed subscribes to, each confirmed by its own 'init'. */
const SUBSCRIPTIONS = 4;

let t: TitleRow;
/** The title's reviews (not replies) as the page should list them, newest first. */
let order: number[];
let thread: { id: number; replies: number[] };

interface Row { id: number; date_created: string; deleted: boolean | null; comment: number | null }

beforeAll(async () => {
  [t] = (await publishedTitles(28)).slice(-1) as [TitleRow];
  const api = await adminApi();
  // A page and a half of new reviews, then the newest with a thread longer than its fold.
  const reviews = REVIEWS_PAGE_SIZE + REVIEWS_PAGE_SIZE / 2;
  await api.post('/items/comments', Array.from({ length: reviews }, (_, i) => ({ title: t.id, text: `Отзыв страницы ${i + 1}` })));
  const { id } = await api.post<{ id: number }>('/items/comments', { title: t.id, text: 'Отзыв с длинной веткой' });
  const replies = REPLIES_FOLDED_AFTER + 4;
  const made = await api.post<{ id: number }[]>('/items/comments', Array.from({ length: replies }, (_, i) => ({ comment: id, text: `Ответ ${i + 1}` })));
  thread = { id, replies: made.map((r) => r.id) };

  // Every review of the title as the backend holds it (the seed's too): those that show, newest first.
  const rows = await api.get<Row[]>(`/items/comments?filter[title][_eq]=${t.id}&fields=id,date_created,deleted,comment&limit=-1`);
  const answered = new Set(rows.filter((r) => r.comment !== null && !r.deleted).map((r) => r.comment));
  order = rows.filter((r) => r.comment === null && (!r.deleted || answered.has(r.id)))
    .sort((a, b) => Date.parse(b.date_created) - Date.parse(a.date_created) || b.id - a.id)
    .map((r) => r.id);
});

const reviews = (page: Page) => page.getByRole('region', { name: /^Отзывы/ });
/** The reviews listed, in order (replies are inside them). */
const listed = (page: Page) => reviews(page).locator(':scope > article.review')
  .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-review-id'))));
const showMore = (page: Page) => reviews(page).getByRole('button', { name: 'Показать еще' });

/** Opens the title's page at its reviews; what the page asked of /api/items/comments and the live feed's confirmations are counted from the start. */
async function openReviews(page: Page): Promise<{ reads: () => number; subscribed: () => number }> {
  let reads = 0;
  let subscribed = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/items/comments' && !url.searchParams.has('aggregate')) reads++;
  });
  page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => {
    const frame = JSON.parse(String(payload)) as { type?: string; event?: string };
    if (frame.type === 'subscription' && frame.event === 'init') subscribed++;
  }));
  await page.goto(`/${t.slug}`);
  await reviews(page).scrollIntoViewIfNeeded();
  await hydrated(page, '.reviews');
  await expect.poll(async () => (await listed(page)).length).toBeGreaterThan(0);
  return { reads: () => reads, subscribed: () => subscribed };
}

describe('a title\'s reviews at size', () => {
  it('are read once a view, a page of them', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const { reads, subscribed } = await openReviews(page);
    await expect.poll(subscribed).toBeGreaterThanOrEqual(SUBSCRIPTIONS);
    // A second read, had there been one, goes out on the confirmations: the page then falls quiet without it.
    await page.waitForLoadState('networkidle');
    expect(reads()).toBe(1);
    expect(await listed(page)).toEqual(order.slice(0, REVIEWS_PAGE_SIZE));
  });

  it('show the next page on «Показать еще», none twice, until all are shown', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    await openReviews(page);
    for (let shown = REVIEWS_PAGE_SIZE; shown < order.length; shown += REVIEWS_PAGE_SIZE) {
      await expect.poll(() => listed(page)).toEqual(order.slice(0, shown));
      await showMore(page).click();
    }
    await expect.poll(() => listed(page)).toEqual(order);
    expect(await showMore(page).count()).toBe(0);
  });

  it('fold a long thread after its first replies, and show the rest on «Показать ответы»', async ({ browsers }) => {
    const person = await newPerson();
    for (const { page } of [await browsers.visitor(), await browsers.as(person)]) {
      await openReviews(page);
      const review = page.locator(`article[data-review-id="${thread.id}"]`);
      const replies = () => review.locator('.review__replies article.review')
        .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-review-id'))));
      await expect.poll(replies).toEqual(thread.replies.slice(0, REPLIES_FOLDED_AFTER));
      const rest = review.getByRole('button', { name: `Показать ответы (${thread.replies.length - REPLIES_FOLDED_AFTER})` });
      await rest.click();
      await expect.poll(replies).toEqual(thread.replies);
      expect(await rest.count()).toBe(0);
    }
  });
});

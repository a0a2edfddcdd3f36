/**
 * Replying deep in a long thread: «Ответить» opens the reply form right under what it answers, its
 * placeholder quoting it and the keyboard in it; Escape closes it, back on «Ответить», keeping what
 * was typed; once sent, the form closes and the person is taken to their new reply at the thread's
 * end, focused and in view, however far below it landed. The form for a new review stays at the top.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from './support/test.ts';
import { apiOf, publishedTitles, type TitleRow } from './support/account.ts';
import { newPerson, type Person } from './support/people.ts';
import { adminApi, patientPolls } from './support/site.ts';

patientPolls(20_000);

/** Replies before and after the one answered: the thread's end lies screens below it. */
const BEFORE = 19;
const AFTER = 40;

let t: TitleRow;
let other: Person;
let threadId: number;
let answered: { id: number; text: string };

beforeAll(async () => {
  [t] = (await publishedTitles(27)).slice(-1) as [TitleRow];
  const api = await adminApi();
  ({ id: threadId } = await api.post<{ id: number }>('/items/comments', { title: t.id, text: 'Отзыв, под которым спорят' }));
  const replies = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ comment: threadId, text: `Ответ номер ${from + i}` }));
  await api.post('/items/comments', replies(1, BEFORE));
  other = await newPerson();
  const text = `Финал испортили, согласны? ${Date.now()}`;
  answered = { id: (await (await apiOf(other)).post<{ id: number }>('/items/comments', { comment: threadId, text })).id, text };
  await api.post('/items/comments', replies(BEFORE + 2, AFTER));
});

const reviews = (page: Page) => page.getByRole('region', { name: /^Отзывы/ });
const byId = (page: Page, id: number): Locator => page.locator(`article[data-review-id="${id}"]`);
/** The buttons under a review or reply itself, not under its replies. */
const actionsOf = (page: Page, id: number): Locator => byId(page, id).locator(':scope > .review__body > .review__actions');
const focused = (l: Locator) => l.evaluate((el) => el === document.activeElement);
const inView = (l: Locator) => l.evaluate((el) => {
  const box = el.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
});

describe('a reply deep in a long thread', () => {
  it('is written under what it answers, and the person is taken to it once sent', async ({ browsers }) => {
    const person = await newPerson();
    const { page } = await browsers.as(person);
    await page.goto(`/${t.slug}`);
    await reviews(page).scrollIntoViewIfNeeded();
    await reviews(page).getByRole('textbox', { name: 'Ваш комментарий' }).waitFor();
    const thread = byId(page, threadId);
    await thread.getByRole('button', { name: /^Показать ответы/ }).click();
    const replies = thread.locator('.review__replies > article.review');
    await expect.poll(() => replies.count()).toBe(BEFORE + 1 + AFTER);

    // «Ответить» opens the form under the reply answered, the keyboard in it.
    const answer = actionsOf(page, answered.id).getByRole('button', { name: 'Ответить' });
    await answer.click();
    const form = byId(page, answered.id).getByRole('form', { name: `Ответ ${other.login}` });
    const box = form.getByRole('textbox', { name: `Ответ ${other.login}` });
    await expect.poll(() => focused(box)).toBe(true);
    expect(await box.getAttribute('placeholder')).toBe(`«${answered.text}»`);
    await expect.poll(() => inView(form)).toBe(true);
    expect(await reviews(page).getByRole('form', { name: /^Ответ / }).count()).toBe(1);
    // The form for a new review is still the one at the top, untouched.
    expect(await reviews(page).getByRole('textbox', { name: 'Ваш комментарий' }).inputValue()).toBe('');

    // Escape closes it, the keyboard back on «Ответить»; opened again, what was typed is there.
    await box.fill('Не соглашусь');
    await box.press('Escape');
    await form.waitFor({ state: 'detached' });
    expect(await focused(answer)).toBe(true);
    await answer.click();
    await expect.poll(() => box.inputValue()).toBe('Не соглашусь');

    // The thread's end is screens below: the new reply lands there.
    expect(await inView(replies.last())).toBe(false);
    const text = `Не соглашусь: финал честный ${Date.now()}`;
    await box.fill(text);
    await form.getByRole('button', { name: 'Ответить' }).click();
    const mine = replies.last();
    await expect.poll(() => mine.locator(':scope > .review__body > .review__text').innerText()).toBe(text);
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => focused(mine)).toBe(true);
    await expect.poll(() => inView(mine)).toBe(true);
    const [stored] = await (await apiOf(person)).get<{ comment: number }[]>(`/items/comments?filter[user_created][_eq]=${person.id}&fields=comment`);
    expect(stored).toEqual({ comment: threadId });

    // Answered again, the form starts empty, its placeholder quoting again.
    await answer.click();
    await expect.poll(() => box.inputValue()).toBe('');
    expect(await box.getAttribute('placeholder')).toBe(`«${answered.text}»`);
  });
});

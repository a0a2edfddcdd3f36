/**
 * Acting on titles in Chromium against the built site and a real Directus: rating stars (set,
 * replaced, the average and count following the backend's answer), the heart and the five list
 * marks with the profile's tabs showing them (the keyboard kept on each while it saves; the marks menu's
 * Escape), the favourite heart on an actor's page, and reviews
 * (write with the length shown near the cap, reply, like and dislike — pressed, switched, taken
 * back — edit and delete one's own; links in them). Visitors see the sign-in
 * prompts; refusals made through the API store nothing.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from './support/test.ts';
import type { Browsers } from './support/test.ts';
import { ApiError, type AdminApi } from '../../directus/apply/admin-api.ts';
import { MARK_TYPES, PACE, ROLES, TEXT_LIMITS } from '../../shared/rules.ts';
import { textLimit, tooLongMessage } from '../../src/ui/text-limit.ts';
import { DEFAULT_AVATAR } from '../../src/lib/assets.ts';
import { aboutKind, kindIn, titleKind, type TitleKind } from '../../src/lib/title-kind.ts';
import { apiOf, publishedTitles, siteApiOf, type TitleRow } from './support/account.ts';
import { newPerson, type Person } from './support/people.ts';
import { blockingViolations } from './support/axe.ts';
import { adminApi, everyIslandHydrated, holdScripts, hydrated, idleIslandsHydrated, notHydrated, patientPolls, type ThemeName } from './support/site.ts';

patientPolls(20_000);


/** Titles of the seed for this file, each test taking its own so their rows never meet. */
let titles: TitleRow[] | undefined;
async function title(n: number): Promise<TitleRow> {
  titles ??= await publishedTitles(12);
  return titles[n];
}

async function openTitle(page: Page, t: TitleRow): Promise<void> {
  await page.goto(`/${t.slug}`);
  await hydrated(page, '.rating-stars');
}

/** The title's page with its «В список ▾» menu opened by the pointer. */
async function openMarksMenu(page: Page, t: TitleRow): Promise<{ toggle: Locator; menu: Locator }> {
  await openTitle(page, t);
  const toggle = page.getByRole('button', { name: 'В список ▾' });
  await expect.poll(() => toggle.isEnabled()).toBe(true);
  await toggle.click();
  const menu = page.getByRole('list', { name: 'Списки' });
  await menu.waitFor();
  return { toggle, menu };
}

const ratingValue = (page: Page) => page.locator('.rating-stars__value').innerText();
const reviews = (page: Page) => page.getByRole('region', { name: /^Отзывы/ });
const review = (page: Page, text: string): Locator => page.locator('article.review', { has: page.locator('.review__text', { hasText: text }) }).last();
const byId = (page: Page, id: number): Locator => page.locator(`article[data-review-id="${id}"]`);
/** The buttons under a review itself, not under its replies. */
const actionsOf = (page: Page, id: number): Locator => page.locator(`article[data-review-id="${id}"] > .review__body > .review__actions`);

/** The average and count as the banner words them, from the stored ratings. */
async function expectedRating(titleId: number): Promise<string> {
  const rows = await (await adminApi()).get<{ rating: number }[]>(`/items/ratings?filter[title][_eq]=${titleId}&fields=rating&limit=-1`);
  if (!rows.length) return 'Нет оценок';
  const average = Math.round((rows.reduce((s, r) => s + r.rating, 0) / rows.length) * 100) / 100;
  const n = rows.length;
  const word = n % 10 === 1 && n % 100 !== 11 ? 'оценка' : [2, 3, 4].includes(n % 10) && ![12, 13, 14].includes(n % 100) ? 'оценки' : 'оценок';
  return `${average.toFixed(2)} · ${n} ${word}`;
}

async function refusal(call: Promise<unknown>): Promise<{ status: number; text: string }> {
  try {
    await call;
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, text: err.message };
    throw err;
  }
  throw new Error('the call was not refused');
}

const rowsOf = async <T = unknown>(path: string) => (await adminApi()).get<T[]>(path);

/** What the title is called on its page ('дорама', 'аниме'…), from its stored category and type. */
async function kindOf(t: TitleRow): Promise<TitleKind> {
  return titleKind(await (await adminApi()).get<{ typeSource: string | null; category: { slug: string; name: string } | null }>(
    `/items/titles/${t.id}?fields=typeSource,category.slug,category.name`));
}

describe('a visitor', () => {
  it('sees the average and prompts to sign in that bring them back, and no buttons of signed-in people', async ({ browsers }) => {
    const t = await title(0);
    const { page } = await browsers.visitor();
    await openTitle(page, t);
    await expect.poll(() => ratingValue(page)).toBe(await expectedRating(t.id));
    const next = `/login?next=${encodeURIComponent(`/${t.slug}`)}`;
    expect(await page.getByRole('link', { name: 'Войдите, чтобы оценить' }).getAttribute('href')).toBe(next);
    expect(await page.getByRole('button', { name: /^Оценить на/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Добавить в избранное' }).count()).toBe(0);

    await reviews(page).scrollIntoViewIfNeeded();
    const prompt = reviews(page).getByRole('link', { name: 'Войдите, чтобы оставить комментарий' });
    await prompt.waitFor();
    expect(await prompt.getAttribute('href')).toBe(next);
    expect(await reviews(page).getByRole('textbox').count()).toBe(0);

    await prompt.click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/${t.slug}`);
  });

  it('sees http(s) addresses in reviews as links that open apart, and nothing else made markup', async ({ browsers }) => {
    const t = await title(0);
    const text = `Разбор тут: https://example.com/обзор_(полный). А <b>это</b> и javascript:alert(1) — текст ${Date.now()}`;
    await (await siteApiOf(await newPerson())).post('/items/comments', { title: t.id, text });
    const { page } = await browsers.visitor();
    await openTitle(page, t);
    await reviews(page).scrollIntoViewIfNeeded();
    const shown = reviews(page).locator('.review__text', { hasText: 'Разбор тут' });
    await shown.locator('a').waitFor();
    expect(await shown.innerText()).toBe(text);
    const links = await shown.locator('a').evaluateAll((els) => els.map((el) => ({
      href: el.getAttribute('href'), target: el.getAttribute('target'), rel: el.getAttribute('rel'), text: el.textContent,
    })));
    expect(links).toEqual([{ href: 'https://example.com/обзор_(полный)', target: '_blank', rel: 'nofollow noopener ugc', text: 'https://example.com/обзор_(полный)' }]);
    expect(await shown.locator('*:not(a)').count()).toBe(0);
  });
});

describe('rating', () => {
  it('sets a rating, replaces it with another, and the average and count follow at once', async ({ person, signedIn }) => {
    const t = await title(1);
    const { page } = signedIn;
    await openTitle(page, t);
    const star = (n: number) => page.getByRole('button', { name: `Оценить на ${n} из 5` });
    await star(4).waitFor();
    // The stars are named with the title's kind: «Оцените дораму».
    expect(await page.getByRole('group', { name: `Оцените ${kindIn(await kindOf(t), 'accusative')}` }).count()).toBe(1);
    await expect.poll(() => ratingValue(page)).toBe(await expectedRating(t.id));

    await star(4).click();
    await expect.poll(() => star(4).getAttribute('aria-pressed')).toBe('true');
    const mine = () => rowsOf<{ id: number; rating: number }>(`/items/ratings?filter[title][_eq]=${t.id}&filter[user_created][_eq]=${person.id}&fields=id,rating`);
    const [first] = await mine();
    expect(first.rating).toBe(4);
    await expect.poll(() => ratingValue(page)).toBe(await expectedRating(t.id));

    await star(2).click();
    await expect.poll(() => star(2).getAttribute('aria-pressed')).toBe('true');
    expect(await star(4).getAttribute('aria-pressed')).toBe('false');
    expect(await mine()).toEqual([{ id: first.id, rating: 2 }]);
    await expect.poll(() => ratingValue(page)).toBe(await expectedRating(t.id));

    // Kept: the next visit shows the person's own stars.
    await page.reload();
    await hydrated(page, '.rating-stars');
    await expect.poll(() => star(2).getAttribute('aria-pressed')).toBe('true');
  });

  it('refuses 0, 6 and a second rating through the API, storing nothing', async () => {
    const t = await title(1);
    const person = await newPerson();
    const api = await apiOf(person);
    const mine = `/items/ratings?filter[title][_eq]=${t.id}&filter[user_created][_eq]=${person.id}&fields=rating`;
    for (const bad of [0, 6]) {
      const res = await refusal(api.request('PUT', `/site/rating/${t.id}`, { rating: bad }));
      expect(res.status).toBe(400);
      expect(res.text).toContain('Оценка должна быть от 1 до 5');
    }
    expect(await rowsOf(mine)).toEqual([]);
    await api.post('/items/ratings', { title: t.id, rating: 3 });
    const second = await refusal(api.post('/items/ratings', { title: t.id, rating: 5 }));
    expect(second.status).toBe(400);
    expect(second.text).toContain('Вы уже поставили оценку');
    expect(await rowsOf(mine)).toEqual([{ rating: 3 }]);
  });
});

describe('list marks', () => {
  it('toggles the heart and each of the five marks, shows set ones dimmed, and the profile tabs list them', async ({ person, signedIn }) => {
    const t = await title(2);
    const { page } = signedIn;
    await openTitle(page, t);
    const marksOf = () => rowsOf<{ type: string }>(`/items/favorites?filter[user_created][_eq]=${person.id}&filter[title][_eq]=${t.id}&fields=type&sort=id`);

    const heart = page.getByRole('button', { name: 'Добавить в избранное' });
    await expect.poll(() => heart.isEnabled()).toBe(true);
    await heart.click();
    const unheart = page.getByRole('button', { name: 'Убрать из избранного' });
    await expect.poll(() => unheart.getAttribute('aria-pressed')).toBe('true');
    expect(await marksOf()).toEqual([{ type: 'Избранное' }]);

    const menu = page.getByRole('list', { name: 'Списки' });
    const item = (type: string) => menu.getByRole('button', { name: type });
    await page.getByRole('button', { name: 'В список ▾' }).click();
    expect(await menu.getByRole('button').allInnerTexts()).toEqual(MARK_TYPES.map((type) => (type === 'Избранное' ? `✓ ${type}` : type)));
    // A set mark is dimmed; the others are not.
    const opacity = (type: string) => item(type).evaluate((el) => getComputedStyle(el).opacity);
    expect(await opacity('Избранное')).toBe('0.6');
    expect(await opacity('Смотрю')).toBe('1');

    for (const type of MARK_TYPES.filter((m) => m !== 'Избранное')) {
      await item(type).click();
      await expect.poll(() => item(type).getAttribute('aria-pressed')).toBe('true');
    }
    expect((await marksOf()).map((m) => m.type).sort()).toEqual([...MARK_TYPES].sort());

    // Toggling again takes it off.
    await item('Не интересно').click();
    await expect.poll(() => item('Не интересно').getAttribute('aria-pressed')).toBe('false');
    expect(await opacity('Не интересно')).toBe('1');
    await item('Избранное').click();
    await expect.poll(() => page.getByRole('button', { name: 'Добавить в избранное' }).getAttribute('aria-pressed')).toBe('false');
    expect((await marksOf()).map((m) => m.type).sort()).toEqual(['Буду смотреть', 'Смотрел', 'Смотрю']);

    // The profile's lists read the backend: the marks are there at once.
    for (const [tab, label, listed] of [['planned', 'Буду смотреть', true], ['watched', 'Смотрел', true], ['watching', 'Смотрю', true], ['favorites', 'Избранное', false], ['not-interested', 'Не интересно', false]] as const) {
      await page.goto(`/profile?tab=${tab}`);
      const list = page.getByRole('region', { name: label });
      if (listed) await expect.poll(() => list.locator('.film-card__link').allInnerTexts()).toEqual([t.name]);
      else await expect.poll(() => list.locator('.list-status').innerText()).toMatch(/^(В избранном|Здесь будут)/);
    }
  });

  it('closes the menu on Escape and hands the keyboard back to «В список ▾»', async ({ signedIn }) => {
    const t = await title(3);
    const { page } = signedIn;
    const { toggle, menu } = await openMarksMenu(page, t);
    await page.keyboard.press('Tab');
    await expect.poll(() => menu.getByRole('button', { name: 'Избранное' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps the keyboard on the heart, a mark and a star while each is saved, and takes no second press meanwhile', async ({ person, signedIn }) => {
    const t = await title(8);
    const { page } = signedIn;
    await openTitle(page, t);
    // The writes wait here, as on a slow connection, until let through.
    const waiting: (() => void)[] = [];
    const sent: string[] = [];
    await page.route(/\/api\/(items\/favorites|site\/rating\/)/, async (route) => {
      if (route.request().method() === 'GET') return route.fallback();
      sent.push(route.request().method());
      await new Promise<void>((resolve) => waiting.push(resolve));
      await route.continue();
    });
    const letThrough = () => waiting.splice(0).forEach((go) => go());
    const focused = (button: Locator) => button.evaluate((el) => el === document.activeElement);

    /** Presses the focused button with Enter, twice while it saves; the keyboard stays on it throughout. */
    async function pressAndSave(button: Locator, saved: Locator, what: string): Promise<void> {
      await button.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => button.isDisabled(), { message: what }).toBe(true);
      expect(await focused(button), `${what}: while saved`).toBe(true);
      await page.keyboard.press('Enter');
      letThrough();
      await expect.poll(() => saved.getAttribute('aria-pressed'), { message: what }).toBe('true');
      expect(await focused(saved), `${what}: once saved`).toBe(true);
    }

    const heart = page.getByRole('button', { name: 'Добавить в избранное' });
    await expect.poll(() => heart.isEnabled()).toBe(true);
    await pressAndSave(heart, page.getByRole('button', { name: 'Убрать из избранного' }), 'the heart');

    const toggle = page.getByRole('button', { name: 'В список ▾' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('list', { name: 'Списки' });
    await menu.waitFor();
    const watching = menu.getByRole('button', { name: 'Смотрю' });
    await pressAndSave(watching, watching, 'a mark');
    expect(await menu.isVisible()).toBe(true);

    await pressAndSave(page.getByRole('button', { name: 'Оценить на 4 из 5' }), page.getByRole('button', { name: 'Оценить на 4 из 5' }), 'a star');
    // One write each: the presses meanwhile were ignored.
    expect(sent).toEqual(['POST', 'POST', 'PUT']);
    expect((await rowsOf<{ type: string }>(`/items/favorites?filter[user_created][_eq]=${person.id}&filter[title][_eq]=${t.id}&fields=type&sort=id`)).map((m) => m.type))
      .toEqual(['Избранное', 'Смотрю']);
  });

  it('stays open when Escape closes a dialog opened over it, and closes on the next', async ({ signedIn }) => {
    const t = await title(9);
    const { page } = signedIn;
    const { toggle, menu } = await openMarksMenu(page, t);

    // From the open menu the keyboard goes back up to the header's search, and Escape leaves the search.
    const search = page.getByRole('banner').getByRole('button', { name: 'Поиск' });
    await search.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Поиск' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await menu.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps one mark of each kind: a second through the API is refused and nothing is added', async () => {
    const t = await title(2);
    const person = await newPerson();
    const api = await apiOf(person);
    await api.post('/items/favorites', { type: 'Смотрю', title: t.id });
    const second = await refusal(api.post('/items/favorites', { type: 'Смотрю', title: t.id }));
    expect(second.status).toBe(400);
    expect(second.text).toContain('Уже в списке «Смотрю»');
    expect(await rowsOf(`/items/favorites?filter[user_created][_eq]=${person.id}&fields=type`)).toEqual([{ type: 'Смотрю' }]);
  });
});

describe('favourite actors', () => {
  it('toggles the heart on the actor page and the profile tab lists the actor', async ({ person, signedIn }) => {
    const [actor] = await rowsOf<{ id: number; slug: string; nameRu: string }>('/items/actors?fields=id,slug,nameRu&sort=-id&limit=1');
    const { page } = signedIn;
    await page.goto(`/actors/${actor.slug}`);
    const heart = page.getByRole('button', { name: `В избранное: ${actor.nameRu}` });
    await expect.poll(() => heart.isEnabled()).toBe(true);
    await heart.click();
    const on = page.getByRole('button', { name: `В избранном: ${actor.nameRu}` });
    await expect.poll(() => on.getAttribute('aria-pressed')).toBe('true');
    const favourites = () => rowsOf<{ actor: number }>(`/items/favoriteActors?filter[user][_eq]=${person.id}&fields=actor`);
    expect(await favourites()).toEqual([{ actor: actor.id }]);

    await page.goto('/profile?tab=favorite-actors');
    const list = page.getByRole('region', { name: 'Избранные актёры' });
    await expect.poll(() => list.getByRole('link').allInnerTexts()).toEqual([expect.stringContaining(actor.nameRu)]);

    await page.goto(`/actors/${actor.slug}`);
    await expect.poll(() => on.isEnabled()).toBe(true);
    await on.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    expect(await favourites()).toEqual([]);
  });

  it('is not offered to visitors', async ({ browsers }) => {
    const [actor] = await rowsOf<{ slug: string }>('/items/actors?fields=slug&sort=-id&limit=1');
    const { page } = await browsers.visitor();
    await page.goto(`/actors/${actor.slug}`);
    // The page's own scripts have run; a visitor's never load the signed-in code that brings the heart.
    await idleIslandsHydrated(page);
    expect(await page.locator('#favorite-actor').innerHTML()).toBe('');
    expect(await page.getByRole('button', { name: /^В избранное/ }).count()).toBe(0);
  });
});

describe('the prompt to sign in under reviews', () => {
  it('shows to a visitor from the first paint, and never to a signed-in person, not even before the reviews wake', async ({ browsers, signedIn }) => {
    const t = await title(10);
    const promptOn = async (page: Page) => {
      const held = await holdScripts(page, '**/_astro/Reviews.*.js');
      await page.goto(`/${t.slug}`);
      const prompt = reviews(page).getByRole('link', { name: 'Войдите, чтобы оставить комментарий', includeHidden: true });
      await prompt.waitFor({ state: 'attached' });
      expect(await notHydrated(page, '.reviews')).toBe(true);
      return { prompt, shown: await prompt.isVisible(), release: held.release };
    };

    const visitor = await promptOn((await browsers.visitor()).page);
    expect(visitor.shown).toBe(true);

    const member = await promptOn(signedIn.page);
    expect(member.shown).toBe(false);
    await member.release();
    // The reviews wake once in view.
    await reviews(signedIn.page).scrollIntoViewIfNeeded();
    await reviews(signedIn.page).getByRole('textbox').waitFor();
    expect(await member.prompt.count()).toBe(0);
  });
});

describe('reviews', () => {
  async function openReviews(browsers: Browsers, person: Person, t: TitleRow): Promise<Page> {
    const { page } = await browsers.as(person);
    await page.goto(`/${t.slug}`);
    await reviews(page).scrollIntoViewIfNeeded();
    await reviews(page).getByRole('textbox', { name: 'Ваш комментарий' }).waitFor();
    return page;
  }
  const send = (page: Page) => reviews(page).locator('.review-form').getByRole('button', { name: 'Отправить' });
  const box = (page: Page) => reviews(page).getByRole('textbox', { name: 'Ваш комментарий' });

  it('sends no blank review; a review appears at once with the author linking to their profile', async ({ browsers }) => {
    const t = await title(3);
    const person = await newPerson();
    const page = await openReviews(browsers, person, t);
    const reviewsOfTitle = () => rowsOf<{ text: string }>(`/items/comments?filter[user_created][_eq]=${person.id}&fields=text`);

    expect(await box(page).getAttribute('placeholder')).toBe(`Напишите, что думаете ${aboutKind(await kindOf(t))}…`);
    await box(page).fill('   \n  ');
    expect(await send(page).isDisabled()).toBe(true);
    await box(page).press('Control+Enter');
    expect(await reviewsOfTitle()).toEqual([]);

    const text = `Очень трогательная история ${Date.now()}`;
    await box(page).fill(`  ${text}  `);
    await send(page).click();
    const mine = review(page, text);
    await mine.waitFor();
    await expect.poll(() => box(page).inputValue()).toBe('');
    expect(await mine.locator('.review__text').innerText()).toBe(text);
    const author = mine.getByRole('link', { name: person.login });
    expect(await author.getAttribute('href')).toBe(`/profile/${person.login}`);
    expect(await mine.locator('.avatar__img').getAttribute('src')).toBe(DEFAULT_AVATAR);
    expect(await reviewsOfTitle()).toEqual([{ text }]);
  });

  it('counts the characters near the cap and, past it, says so and sends nothing, keeping every character typed', async ({ browsers }) => {
    const t = await title(3);
    const person = await newPerson();
    const page = await openReviews(browsers, person, t);
    const max = TEXT_LIMITS.comment;
    const limitLine = reviews(page).locator('.review-form .text-limit');
    await box(page).fill('Коротко');
    expect(await limitLine.count()).toBe(0);
    await box(page).fill('а'.repeat(max - 50));
    await expect.poll(() => limitLine.innerText()).toBe(textLimit('а'.repeat(max - 50), max).count);
    expect(await send(page).isDisabled()).toBe(false);
    const tooLong = 'б'.repeat(max + 10);
    await box(page).fill(tooLong);
    await expect.poll(() => reviews(page).getByRole('alert').innerText()).toBe(tooLongMessage(max));
    expect(await limitLine.locator('.text-limit__count').innerText()).toBe(textLimit(tooLong, max).count);
    expect(await send(page).isDisabled()).toBe(true);
    expect(await box(page).inputValue()).toBe(tooLong);
    await box(page).press('Control+Enter');
    expect(await rowsOf(`/items/comments?filter[user_created][_eq]=${person.id}`)).toEqual([]);
  });

  it('says how long to wait when a person writes faster than the pace, and keeps the text', async ({ browsers }) => {
    const t = await title(3);
    const person = await newPerson();
    const api = await apiOf(person);
    for (let i = 0; i < PACE.comment.count; i++) await api.post('/items/comments', { title: t.id, text: `Отзыв номер ${i}` });
    const page = await openReviews(browsers, person, t);
    const text = 'Ещё одна мысль о финале';
    await box(page).fill(text);
    await send(page).click();
    await expect.poll(() => reviews(page).getByRole('alert').innerText()).toMatch(/^Слишком много комментариев подряд\. Подождите \d+ с\.$/);
    expect(await box(page).inputValue()).toBe(text);
    const [stored] = await rowsOf<{ count: { id: number | string } }>(`/items/comments?filter[user_created][_eq]=${person.id}&aggregate[count]=id`);
    expect(Number(stored.count.id)).toBe(PACE.comment.count);
  });

  it('words an overloaded backend’s refusal in Russian, never in Directus’s English, and keeps the text', async ({ browsers }) => {
    const t = await title(3);
    const person = await newPerson();
    const page = await openReviews(browsers, person, t);
    // Directus's own answer when its pressure limiter sheds load.
    await page.route('**/api/items/comments**', (route) => route.request().method() === 'POST'
      ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ errors: [{ message: 'Service "api" is unavailable. Under pressure.', extensions: { service: 'api', reason: 'Under pressure', code: 'SERVICE_UNAVAILABLE' } }] }) })
      : route.continue());
    const text = 'Мысль, которую нельзя потерять';
    await box(page).fill(text);
    await send(page).click();
    await expect.poll(() => reviews(page).getByRole('alert').innerText()).toBe('Не удалось отправить комментарий');
    expect(await box(page).inputValue()).toBe(text);
  });

  it('refuses a blank review and a second reaction through the API, storing nothing', async () => {
    const t = await title(3);
    const person = await newPerson();
    const api = await apiOf(person);
    const blank = await refusal(api.post('/items/comments', { title: t.id, text: '   ' }));
    expect(blank.status).toBe(400);
    expect(blank.text).toContain('Комментарий не может быть пустым');
    expect(await rowsOf(`/items/comments?filter[user_created][_eq]=${person.id}`)).toEqual([]);

    const author = await apiOf(await newPerson());
    const { id } = await author.post<{ id: number }>('/items/comments', { title: t.id, text: 'Пересмотрю ещё раз' });
    await api.post('/items/reactions', { type: 'like', comment: id });
    const twice = await refusal(api.post('/items/reactions', { type: 'dislike', comment: id }));
    expect(twice.status).toBe(400);
    expect(twice.text).toContain('Вы уже оценили это');
    expect(await rowsOf(`/items/reactions?filter[comment][_eq]=${id}&fields=type`)).toEqual([{ type: 'like' }]);
  });

  it('replies with the answered text as the placeholder; a like counts once the backend took it, shows pressed, switches and is taken back', async ({ browsers }) => {
    const t = await title(4);
    const other = await newPerson();
    const original = `Кто-нибудь понял финал? ${Date.now()}`;
    const { id } = await (await apiOf(other)).post<{ id: number }>('/items/comments', { title: t.id, text: original });
    const person = await newPerson();
    const page = await openReviews(browsers, person, t);
    const theirs = byId(page, id);
    await theirs.waitFor();

    await actionsOf(page, id).getByRole('button', { name: 'Ответить' }).click();
    // The reply form opens under the review answered; the one for a new review stays as it was.
    const replyForm = theirs.getByRole('form', { name: `Ответ ${other.login}` });
    const replyBox = replyForm.getByRole('textbox', { name: `Ответ ${other.login}` });
    expect(await replyBox.getAttribute('placeholder')).toBe(`«${original}»`);
    expect(await reviews(page).getByRole('textbox', { name: `Ответ ${other.login}` }).count()).toBe(1);
    const answer = `Понял: он вернулся домой ${Date.now()}`;
    await replyBox.fill(answer);
    await replyForm.getByRole('button', { name: 'Ответить' }).click();
    const reply = theirs.locator('.review__replies article.review', { hasText: answer });
    await reply.waitFor();
    await replyForm.waitFor({ state: 'detached' });
    expect(await box(page).getAttribute('placeholder')).toBe(`Напишите, что думаете ${aboutKind(await kindOf(t))}…`);
    expect(await rowsOf(`/items/comments?filter[comment][_eq]=${id}&fields=text,title`)).toEqual([{ text: answer, title: t.id }]);

    // The like counts only after the backend answered, and shows pressed.
    const actions = actionsOf(page, id);
    const like = (n: number) => actions.getByRole('button', { name: `Нравится: ${n}`, exact: true });
    const dislike = (n: number) => actions.getByRole('button', { name: `Не нравится: ${n}`, exact: true });
    const stored = () => rowsOf<{ type: string }>(`/items/reactions?filter[comment][_eq]=${id}&fields=type`);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/api/site/reactions', async (route) => {
      await held;
      await route.continue();
    });
    await like(0).click();
    const request = page.waitForResponse('**/api/site/reactions');
    expect(await like(0).count()).toBe(1);
    release();
    await request;
    await like(1).waitFor();
    await page.unroute('**/api/site/reactions');
    expect(await like(1).getAttribute('aria-pressed')).toBe('true');
    expect(await dislike(0).getAttribute('aria-pressed')).toBe('false');

    // The other one switches: the like goes, the dislike counts and shows pressed, after a reload too.
    await dislike(0).click();
    await dislike(1).waitFor();
    expect(await like(0).getAttribute('aria-pressed')).toBe('false');
    expect(await dislike(1).getAttribute('aria-pressed')).toBe('true');
    expect(await stored()).toEqual([{ type: 'dislike' }]);
    await page.reload();
    await reviews(page).scrollIntoViewIfNeeded();
    await expect.poll(() => dislike(1).getAttribute('aria-pressed')).toBe('true');
    expect(await like(0).getAttribute('aria-pressed')).toBe('false');

    // Pressed again, it is taken back.
    await dislike(1).click();
    await dislike(0).waitFor();
    expect(await dislike(0).getAttribute('aria-pressed')).toBe('false');
    expect(await stored()).toEqual([]);

    // A double click counts once: the buttons wait while the first is on its way.
    await like(0).dblclick();
    await like(1).waitFor();
    expect(await like(1).getAttribute('aria-pressed')).toBe('true');
    expect(await stored()).toEqual([{ type: 'like' }]);
    expect(await actions.getByRole('alert').count()).toBe(0);
  });

  it('keeps one reaction between two tabs: a like from a tab that did not know of the other\'s (it heard the count live) counts once', async ({ browsers }) => {
    const t = await title(4);
    const other = await newPerson();
    const { id } = await (await apiOf(other)).post<{ id: number }>('/items/comments', { title: t.id, text: `Для двух вкладок ${Date.now()}` });
    const person = await newPerson();
    const first = await openReviews(browsers, person, t);
    // The second tab has read its own reactions (none yet) before the first one likes.
    const { page: second } = await browsers.as(person);
    const mineRead = second.waitForResponse((res) => res.url().includes('/site/reactions/mine'));
    // And it listens to new reactions: the backend has confirmed that subscription.
    const listening = new Promise<void>((resolve) => second.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (text.includes('"review-reactions-create"') && text.includes('"init"')) resolve();
    })));
    await second.goto(`/${t.slug}`);
    await reviews(second).scrollIntoViewIfNeeded();
    await Promise.all([mineRead, listening]);
    // And the reads its subscriptions start (the reviews read again) are done: one that ended after the
    // like would tell the second tab the like is its own.
    await second.waitForLoadState('networkidle');
    const like = (page: Page, n: number) => actionsOf(page, id).getByRole('button', { name: `Нравится: ${n}`, exact: true });
    await like(first, 0).click();
    await expect.poll(() => like(first, 1).getAttribute('aria-pressed')).toBe('true');
    // The second tab hears the like live but does not know it is its own: pressing like there asks for
    // a like, which is there already, so it shows pressed and still counts one.
    await expect.poll(() => like(second, 1).getAttribute('aria-pressed')).toBe('false');
    await like(second, 1).click();
    await expect.poll(() => like(second, 1).getAttribute('aria-pressed')).toBe('true');
    expect(await rowsOf<{ type: string }>(`/items/reactions?filter[comment][_eq]=${id}&fields=type`)).toEqual([{ type: 'like' }]);
  });

  it('edits and deletes one’s own review; a deleted review with replies reads «Комментарий удалён» above them, which take no more replies', async ({ browsers }) => {
    const t = await title(5);
    const person = await newPerson();
    const api = await apiOf(person);
    const stamp = Date.now();
    const { id } = await api.post<{ id: number }>('/items/comments', { title: t.id, text: `Черновик мнения ${stamp}` });
    const lone = await api.post<{ id: number }>('/items/comments', { title: t.id, text: `Лишний отзыв ${stamp}` });
    const reply = `Согласен ${stamp}`;
    await (await apiOf(await newPerson())).post('/items/comments', { comment: id, text: reply });
    const page = await openReviews(browsers, person, t);

    const mine = byId(page, id);
    await actionsOf(page, id).getByRole('button', { name: 'Изменить' }).click();
    const editor = mine.getByRole('textbox', { name: 'Текст комментария' });
    await editor.fill(`Досмотрел: шедевр ${stamp}`);
    await mine.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => mine.locator(':scope > .review__body > .review__text').innerText()).toBe(`Досмотрел: шедевр ${stamp}`);
    expect((await (await adminApi()).get<{ text: string }>(`/items/comments/${id}?fields=text`)).text).toBe(`Досмотрел: шедевр ${stamp}`);
    // Nobody else's review offers editing or deleting.
    const replyActions = review(page, reply).locator('.review__actions');
    await replyActions.getByRole('button', { name: 'Ответить' }).waitFor();
    expect(await replyActions.getByRole('button', { name: 'Изменить' }).count()).toBe(0);
    expect(await replyActions.getByRole('button', { name: 'Удалить' }).count()).toBe(0);

    await actionsOf(page, id).getByRole('button', { name: 'Удалить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Удалить комментарий?' });
    await dialog.getByRole('button', { name: 'Удалить' }).click();
    await expect.poll(() => mine.getAttribute('class')).toContain('review--deleted');
    expect(await page.locator(`article[data-review-id="${id}"] > .review__body > .review__text`).innerText()).toBe('Комментарий удалён');
    expect(await mine.locator('.review__replies').innerText()).toContain(reply);
    // The thread of a deleted review takes no more replies: its replies offer none.
    expect(await replyActions.getByRole('button', { name: 'Ответить' }).count()).toBe(0);
    expect(await page.locator(`article[data-review-id="${id}"] > .review__body > .review__head`).count()).toBe(0);
    expect(await actionsOf(page, id).count()).toBe(0);
    expect(await (await adminApi()).get<{ deleted: boolean; text: string }>(`/items/comments/${id}?fields=deleted,text`)).toEqual({ deleted: true, text: '' });

    // A deleted review without replies leaves nothing behind.
    await actionsOf(page, lone.id).getByRole('button', { name: 'Удалить' }).click();
    await dialog.getByRole('button', { name: 'Удалить' }).click();
    await byId(page, lone.id).first().waitFor({ state: 'detached' });
    await page.reload();
    await reviews(page).scrollIntoViewIfNeeded();
    await expect.poll(() => byId(page, id).getAttribute('class')).toContain('review--deleted');
    expect(await byId(page, lone.id).count()).toBe(0);
  });

  it('shows the author’s name colour and falls back to the default avatar when theirs fails', async ({ browsers }) => {
    const t = await title(6);
    const [colour] = await rowsOf<{ id: number; nameColor: string }>('/items/shop?filter[type][_eq]=nameColor&filter[nameColor][_starts_with]=%23&fields=id,nameColor&limit=1');
    const api: AdminApi = await adminApi();
    const [file] = await api.get<{ id: string }[]>('/files?filter[type][_starts_with]=image&fields=id&limit=1');
    const author = await newPerson({ role: ROLES.premium, extra: { nameColor: colour.id, avatar: file.id } });
    const text = `Цветной отзыв ${Date.now()}`;
    await (await apiOf(author)).post('/items/comments', { title: t.id, text });

    const { page } = await browsers.visitor();
    await page.route(`**/api/assets/${file.id}**`, (route) => route.abort('failed'));
    await page.goto(`/${t.slug}`);
    await reviews(page).scrollIntoViewIfNeeded();
    const theirs = review(page, text);
    await theirs.waitFor();
    const name = theirs.getByRole('link', { name: author.login });
    const hex = colour.nameColor;
    const rgb = `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    expect(await name.evaluate((el) => getComputedStyle(el).color)).toBe(rgb);
    await expect.poll(() => theirs.locator('.avatar__img').getAttribute('src')).toBe(DEFAULT_AVATAR);
  });
});

describe('accessibility of what signed-in people get', () => {
  it.for(['light-theme', 'dark-theme'] as ThemeName[])('finds nothing serious on a title page (%s): marks menu, writing, editing, deleting; and on an actor page', async (theme, { browsers }) => {
    const t = await title(7);
    const person = await newPerson();
    const { id } = await (await apiOf(person)).post<{ id: number }>('/items/comments', { title: t.id, text: `Отзыв для проверки доступности ${theme}` });
    const { page } = await browsers.as(person, { theme, context: { reducedMotion: 'reduce' } });
    await page.goto(`/${t.slug}`);
    await everyIslandHydrated(page);
    await reviews(page).getByRole('textbox', { name: 'Ваш комментарий' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'В список ▾' }).isEnabled()).toBe(true);
    expect(await blockingViolations(page), 'the page').toEqual([]);

    await page.getByRole('button', { name: 'В список ▾' }).click();
    await page.getByRole('list', { name: 'Списки' }).waitFor();
    expect(await blockingViolations(page), 'the marks menu').toEqual([]);
    await page.keyboard.press('Escape');

    await actionsOf(page, id).getByRole('button', { name: 'Ответить' }).click();
    await actionsOf(page, id).getByRole('button', { name: 'Изменить' }).click();
    await byId(page, id).getByRole('textbox', { name: 'Текст комментария' }).waitFor();
    expect(await blockingViolations(page), 'replying and editing').toEqual([]);
    await actionsOf(page, id).getByRole('button', { name: 'Удалить' }).click();
    await page.getByRole('dialog', { name: 'Удалить комментарий?' }).waitFor();
    expect(await blockingViolations(page), 'the confirmation').toEqual([]);
    await page.getByRole('dialog', { name: 'Удалить комментарий?' }).getByRole('button', { name: 'Отмена' }).click();

    const [actor] = await rowsOf<{ slug: string; nameRu: string }>('/items/actors?fields=slug,nameRu&sort=id&limit=1');
    await page.goto(`/actors/${actor.slug}`);
    await everyIslandHydrated(page);
    await expect.poll(() => page.getByRole('button', { name: `В избранное: ${actor.nameRu}` }).isEnabled()).toBe(true);
    expect(await blockingViolations(page), 'the actor page').toEqual([]);
  });
});

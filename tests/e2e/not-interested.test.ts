/**
 * 'Не интересно' means it, in Chromium against the built site: the titles a person marked leave the
 * home blocks, 'Вам может понравиться' and the search results in their browser, a note says how
 * many went and shows them again, while the pages every visitor gets stay byte for byte the same.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from './support/test.ts';
import { MARK_TYPES } from '../../shared/rules.ts';
import { apiOf } from './support/account.ts';
import { newPerson, type Person } from './support/people.ts';
import { adminApi, fetchText, idleIslandsHydrated, patientPolls } from './support/site.ts';

patientPolls(20_000);

const NOT_INTERESTED = MARK_TYPES[4];

interface TitleRow { id: number; slug: string; name: string }

/** The most viewed title of the home page's first block ('Дорамы онлайн'), as the build chose it. */
async function homeBlockTitle(): Promise<TitleRow> {
  const api = await adminApi();
  const [title] = await api.get<TitleRow[]>('/items/titles?filter[status][_eq]=published&filter[category][slug][_eq]=doramy-onlayn&fields=id,slug,name&sort=-views,id&limit=1');
  return title;
}

async function markNotInterested(person: Person, titleId: number): Promise<void> {
  await (await apiOf(person)).post('/items/favorites', { type: NOT_INTERESTED, title: titleId });
}

const card = (page: Page, scope: string, id: number) => page.locator(`${scope} .film-card[data-title-id="${id}"]`).first();

describe("'Не интересно'", () => {
  it('leaves the pages every visitor gets unchanged', async () => {
    const title = await homeBlockTitle();
    const before = await Promise.all(['/', `/${title.slug}`].map(fetchText));
    await markNotInterested(await newPerson(), title.id);
    const after = await Promise.all(['/', `/${title.slug}`].map(fetchText));
    expect(after.map((p) => p.status)).toEqual([200, 200]);
    expect(after[0].text).toBe(before[0].text);
    expect(after[1].text).toBe(before[1].text);
  });

  it('hides the marked title from the home blocks with a note that shows it again', async ({ browsers }) => {
    const person = await newPerson();
    const title = await homeBlockTitle();
    await markNotInterested(person, title.id);

    const { page } = await browsers.as(person);
    await page.goto('/');
    const block = page.locator('.title-block').first();
    const note = block.locator('.hidden-note');
    await expect.poll(() => note.textContent()).toBe('Скрыт 1 сериал или фильм с отметкой «Не интересно». Показать');
    expect(await card(page, '.title-block', title.id).isVisible()).toBe(false);
    // The rest of the block stays.
    expect(await block.locator('.film-card:visible').count()).toBeGreaterThan(0);

    await note.getByRole('button', { name: 'Показать' }).click();
    await card(page, '.title-block', title.id).waitFor();
    // The card shows through a style rule, the note through a render: each in its own time.
    await expect.poll(() => note.textContent()).toBe('Показан 1 сериал или фильм с отметкой «Не интересно». Скрыть');
    await note.getByRole('button', { name: 'Скрыть' }).click();
    await card(page, '.title-block', title.id).waitFor({ state: 'hidden' });
  });

  it('hides it from the search results and from another title\'s suggestions', async ({ browsers }) => {
    const person = await newPerson();
    const title = await homeBlockTitle();
    await markNotInterested(person, title.id);
    const { page } = await browsers.as(person);

    await page.goto('/');
    await idleIslandsHydrated(page);
    await page.locator('header button[data-open="search"]').click();
    const dialog = page.getByRole('dialog', { name: 'Поиск' });
    await dialog.getByPlaceholder('Поиск..').fill(title.name);
    await expect.poll(() => dialog.locator('.hidden-note').textContent()).toBe('Скрыт 1 сериал или фильм с отметкой «Не интересно». Показать');
    expect(await card(page, 'dialog[open]', title.id).isVisible()).toBe(false);
    await dialog.getByRole('button', { name: 'Показать' }).click();
    await card(page, 'dialog[open]', title.id).waitFor();

    // A title page whose 'Вам может понравиться' suggests the marked title, as built.
    const api = await adminApi();
    const others = await api.get<TitleRow[]>(`/items/titles?filter[status][_eq]=published&filter[category][slug][_eq]=doramy-onlayn&filter[id][_neq]=${title.id}&fields=id,slug,name&sort=id&limit=-1`);
    let suggesting: string | null = null;
    for (const other of others) {
      const html = (await fetchText(`/${other.slug}`)).text;
      if (html.slice(html.indexOf('class="related')).includes(`data-title-id="${title.id}"`)) {
        suggesting = other.slug;
        break;
      }
    }
    expect(suggesting, 'a page suggesting the title').not.toBeNull();
    await page.goto(`/${suggesting}`);
    await expect.poll(() => page.locator('.related .hidden-note').textContent()).toBe('Скрыт 1 сериал или фильм с отметкой «Не интересно». Показать');
    expect(await card(page, '.related', title.id).isVisible()).toBe(false);
  });

  it('hides nothing from a visitor', async ({ browsers }) => {
    const title = await homeBlockTitle();
    await markNotInterested(await newPerson(), title.id);
    const { page } = await browsers.visitor();
    await page.goto('/');
    await card(page, '.title-block', title.id).waitFor();
  });
});

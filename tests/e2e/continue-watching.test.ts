/**
 * Continue watching, in Chromium against the built site: a person plays the demo video of an
 * episode and leaves the page while it plays; in a second browser of the same person the player
 * opens on the saved episode at its second, and the home page lists the title under 'Продолжить
 * просмотр'; an episode played to its end makes the next one the place. The banner's link says
 * «Продолжить» to them and «Смотреть» to a visitor, and the player it leads to is clear of the header.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from './support/test.ts';
import { DEMO_CLIP } from '../../directus/seed/media.ts';
import { AdminApi } from '../../directus/apply/admin-api.ts';
import { newPerson, type Person } from './support/people.ts';
import { adminApi, hydrated, patientPolls } from './support/site.ts';

patientPolls(20_000);


interface SeriesTitle { id: number; slug: string; name: string; series: { id: number; name: string }[] }

/** A published title without seasons whose episodes play the demo video, with its episodes in the player's order. */
async function videoSeries(): Promise<SeriesTitle> {
  const api = await adminApi();
  const [title] = await api.get<SeriesTitle[]>(
    '/items/titles?filter[status][_eq]=published&filter[source][_eq]=video&filter[typeSource][_eq]=Без сезонов'
    + '&fields=id,slug,name,series.id,series.name&deep[series][_sort]=sort,id&deep[series][_filter][deleted][_eq]=false&deep[series][_limit]=-1&sort=id&limit=1',
  );
  return title;
}

const videoOf = (page: Page) => page.locator('#player video');
const videoTime = (page: Page) => videoOf(page).evaluate((v: HTMLVideoElement) => v.currentTime);

/** Saves the person's place in the title as their player does. */
async function keepPlace(person: Person, titleId: number, place: { episode: number; position: number; duration: number }): Promise<void> {
  const api = await AdminApi.login(inject('e2eDirectusUrl'), person.email, person.password);
  await api.request('PUT', `/site/progress/${titleId}`, place);
}

/** How far the sticky header reaches over the highest top of these elements (0 or less: over none). */
const underHeader = (page: Page, selectors: string[]) => page.evaluate((list) => {
  const bottom = document.querySelector('header')!.getBoundingClientRect().bottom;
  return Math.max(...list.map((sel) => bottom - document.querySelector(sel)!.getBoundingClientRect().top));
}, selectors);

async function openPlayer(page: Page, slug: string): Promise<void> {
  await page.goto(`/${slug}?tab=seasons`);
  await hydrated(page, '#player');
}

describe('continue watching', () => {
  it('offers the place saved on leaving the page in another browser of the same person, and starts there', async ({ browsers, browser }) => {
    const person = await newPerson();
    const title = await videoSeries();
    const third = title.series[2];
    expect(third, 'a title with three episodes').toBeTruthy();

    const first = await browsers.as(person);
    await openPlayer(first.page, title.slug);
    await first.page.getByRole('button', { name: third.name, exact: true }).click();
    await expect.poll(() => videoOf(first.page).getAttribute('aria-label')).toBe(`${title.name}: ${third.name}`);
    // Muted, so the browser lets a script start it.
    await videoOf(first.page).evaluate((v: HTMLVideoElement) => { v.muted = true; return v.play(); });
    await first.page.waitForFunction(() => (document.querySelector('#player video') as HTMLVideoElement).currentTime >= 2);
    await first.page.goto('/about');

    const api = await adminApi();
    const progressOf = async () => (await api.get<{ episode: number; position: number; duration: number }[]>(
      `/items/watchProgress?filter[user_created][_eq]=${person.id}&filter[title][_eq]=${title.id}&fields=episode,position,duration`,
    ))[0] ?? null;
    // Past 2 s, which the video reached only after the save on its first second: the save on leaving.
    await expect.poll(async () => { const p = await progressOf(); return p?.episode === third.id && p.position >= 2; }).toBe(true);
    const saved = (await progressOf())!;
    const place = saved.position;
    expect(saved.duration).toBe(DEMO_CLIP.seconds);

    const second = await browsers.as(person);
    await openPlayer(second.page, title.slug);
    await expect.poll(() => second.page.getByRole('button', { name: third.name, exact: true }).getAttribute('aria-current')).toBe('true');
    await expect.poll(() => videoTime(second.page)).toBeGreaterThanOrEqual(place);
    await second.page.getByText(`Вы остановились на 0:0${place}, серия 3`).waitFor();

    await second.page.goto('/');
    const row = second.page.getByRole('region', { name: 'Продолжить просмотр' });
    await expect.poll(() => row.locator(`.film-card[data-title-id="${title.id}"]`).count()).toBe(1);
    expect(await row.innerText()).toContain(title.name);
    expect(await row.locator(`a[href="/${title.slug}?tab=seasons#player"]`).count()).toBe(1);
  });

  it('offers the next episode once one is watched to its end', async ({ browsers }) => {
    const person = await newPerson();
    const title = await videoSeries();
    const [, second, third] = title.series;

    const v = await browsers.as(person);
    // The next episode by itself is switched off: the episode ends, and the offer is what is tested.
    await v.page.addInitScript(() => localStorage.setItem('player-settings', JSON.stringify({ autoplay: false })));
    await openPlayer(v.page, title.slug);
    await v.page.getByRole('button', { name: second.name, exact: true }).click();
    await expect.poll(() => videoOf(v.page).getAttribute('aria-label')).toBe(`${title.name}: ${second.name}`);
    await videoOf(v.page).evaluate((el: HTMLVideoElement, from: number) => { el.muted = true; el.currentTime = from; return el.play(); }, DEMO_CLIP.seconds - 2);
    await v.page.waitForFunction(() => (document.querySelector('#player video') as HTMLVideoElement).ended);

    const api = await adminApi();
    await expect.poll(async () => (await api.get<unknown[]>(
      `/items/watchProgress?filter[user_created][_eq]=${person.id}&filter[title][_eq]=${title.id}&fields=episode,position,duration`,
    ))[0]).toEqual({ episode: second.id, position: DEMO_CLIP.seconds, duration: DEMO_CLIP.seconds });

    await openPlayer(v.page, title.slug);
    await expect.poll(() => v.page.getByRole('button', { name: third.name, exact: true }).getAttribute('aria-current')).toBe('true');
    await v.page.getByText('Дальше: серия 3').waitFor();
    expect(await v.page.locator('.title-banner__watch').innerText()).toBe('Продолжить: серия 3');
  });

  it('opens the title on the saved episode and second, paused, from a banner saying «Продолжить», clear of the header', async ({ browsers }) => {
    const person = await newPerson();
    const title = await videoSeries();
    const [first, second] = title.series;
    // Past the opening and before the ending, so no skip moves it.
    await keepPlace(person, title.id, { episode: second.id, position: 20, duration: DEMO_CLIP.seconds });

    const { page } = await browsers.as(person);
    await page.goto(`/${title.slug}`);
    const watch = page.locator('.title-banner__watch');
    await expect.poll(() => watch.innerText()).toBe('Продолжить: серия 2');
    await watch.click();
    await hydrated(page, '#player');
    await expect.poll(() => page.getByRole('button', { name: second.name, exact: true }).getAttribute('aria-current')).toBe('true');
    expect(await page.getByRole('button', { name: first.name, exact: true }).getAttribute('aria-current')).toBe('false');
    await expect.poll(async () => Math.round(await videoTime(page))).toBe(20);
    expect(await videoOf(page).evaluate((v: HTMLVideoElement) => v.paused), 'it waits for the person to press play').toBe(true);
    await page.getByText('Вы остановились на 0:20, серия 2').waitFor();
    // The smooth scroll settles with the player's top and the note below the header.
    await expect.poll(() => underHeader(page, ['#player', '.player__resume'])).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Начать серию сначала' }).click();
    await expect.poll(() => videoTime(page)).toBeLessThan(5);
    await page.locator('.player__resume').waitFor({ state: 'detached' });
  });

  it('takes a person with a place from the home page\'s card to the player clear of the header, on a phone too', async ({ browsers }) => {
    const person = await newPerson();
    const title = await videoSeries();
    await keepPlace(person, title.id, { episode: title.series[1].id, position: 20, duration: DEMO_CLIP.seconds });
    for (const width of ['desktop', 'mobile'] as const) {
      const { page } = await browsers.as(person, { width });
      await page.goto('/');
      const row = page.getByRole('region', { name: 'Продолжить просмотр' });
      await row.locator(`a[href="/${title.slug}?tab=seasons#player"]`).first().click();
      await page.waitForURL((url) => url.hash === '#player');
      await page.getByText('Вы остановились на 0:20, серия 2').waitFor();
      await expect.poll(() => underHeader(page, ['#player', '.player__resume']), { message: width }).toBeLessThanOrEqual(0);
    }
  });

  it('shows a visitor «Смотреть» and the first episode from its start', async ({ browsers }) => {
    const title = await videoSeries();
    const { page } = await browsers.visitor();
    await page.goto(`/${title.slug}`);
    await hydrated(page, '.title-banner__watch');
    expect(await page.locator('.title-banner__watch').innerText()).toBe('Смотреть');
    await page.locator('.title-banner__watch').click();
    await hydrated(page, '#player');
    await expect.poll(() => page.getByRole('button', { name: title.series[0].name, exact: true }).getAttribute('aria-current')).toBe('true');
    expect(await videoTime(page)).toBe(0);
    expect(await page.locator('.player__resume').count()).toBe(0);
  });
});

/**
 * Continue watching, in Chromium against the built site: a person plays the demo video of an
 * episode and leaves the page while it plays; in a second browser of the same person the player
 * offers the saved second and episode and starts there, and the home page lists the title under
 * 'Продолжить просмотр'; an episode played to its end makes the next one the offer.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from './support/test.ts';
import { DEMO_CLIP } from '../../directus/seed/media.ts';
import { newPerson } from './support/people.ts';
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
    const offer = second.page.getByRole('button', { name: `Продолжить с 0:0${place}, серия 3` });
    await offer.click();
    await expect.poll(() => second.page.getByRole('button', { name: third.name, exact: true }).getAttribute('aria-current')).toBe('true');
    await expect.poll(() => videoOf(second.page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(place);
    await offer.first().waitFor({ state: 'detached' });

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
    await v.page.getByRole('button', { name: 'Смотреть дальше: серия 3' }).click();
    await expect.poll(() => v.page.getByRole('button', { name: third.name, exact: true }).getAttribute('aria-current')).toBe('true');
  });
});

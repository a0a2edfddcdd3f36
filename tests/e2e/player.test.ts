/**
 * The player in Chromium against the built site and a real Directus, on both kinds of source: an
 * upload in our own <video> and the demo's embedded player, which speaks the providers' protocol.
 * The skip button inside an opening, an automatic skip chosen in «Настройки» and its undo, the
 * next-episode countdown across a season (and none once a person switched it off in another browser),
 * the keys, episodes marked watched (and the list marks following them, kept for another browser of
 * the same person and counted in the profile's list), and an embed that never answers.
 */
import type { Frame, Locator, Page } from 'playwright-core';
import { DEMO_CLIP } from '../../directus/seed/media.ts';
import { clockOf } from '../../shared/clock.ts';
import { SKIP_CHOICE_NAMES, SPEEDS } from '../../shared/player-settings.ts';
import { SEGMENT_NAMES, SKIP_LABELS } from '../../shared/segments.ts';
import { newPerson } from './support/people.ts';
import { adminApi, hydrated, patientPolls } from './support/site.ts';
import { describe, expect, it } from './support/test.ts';

patientPolls(20_000);

interface Row { id: number; name: string; sort: number | null }
interface SeriesTitle { id: number; slug: string; name: string; series: (Row & { iframe: string | null })[] }
interface SeasonsTitle { id: number; slug: string; name: string; iframeSeasons: (Row & { series: Row[] })[] }

/** A published title without seasons whose episodes play from `source`, its episodes in the player's order. */
async function seriesOf(source: 'video' | 'iframe'): Promise<SeriesTitle> {
  const [title] = await (await adminApi()).get<SeriesTitle[]>(
    `/items/titles?filter[status][_eq]=published&filter[source][_eq]=${source}&filter[typeSource][_eq]=Без сезонов`
    + '&fields=id,slug,name,series.id,series.name,series.sort,series.iframe&deep[series][_sort]=sort,id&deep[series][_filter][deleted][_eq]=false&deep[series][_limit]=-1&sort=id&limit=1',
  );
  return title;
}

/** A published title with seasons, each season's episodes in order. */
async function seasonsTitle(): Promise<SeasonsTitle> {
  const [title] = await (await adminApi()).get<SeasonsTitle[]>(
    '/items/titles?filter[status][_eq]=published&filter[typeSource][_eq]=Сезоны'
    + '&fields=id,slug,name,iframeSeasons.id,iframeSeasons.name,iframeSeasons.sort,iframeSeasons.series.id,iframeSeasons.series.name,iframeSeasons.series.sort'
    + '&deep[iframeSeasons][_sort]=sort,id&deep[iframeSeasons][series][_sort]=sort,id&deep[iframeSeasons][series][_filter][deleted][_eq]=false&sort=id&limit=1',
  );
  return title;
}

async function openPlayer(page: Page, slug: string): Promise<void> {
  await page.goto(`/${slug}?tab=seasons`);
  // It comes to life once on screen, below the fold on a phone.
  await page.locator('#player').scrollIntoViewIfNeeded();
  await hydrated(page, '#player');
}

const episodeButton = (page: Page, name: string) => page.locator('#player').getByRole('button', { name, exact: true });
const videoOf = (page: Page) => page.locator('#player video');

async function openEpisode(page: Page, name: string): Promise<void> {
  await episodeButton(page, name).click();
  await expect.poll(() => episodeButton(page, name).getAttribute('aria-current')).toBe('true');
}

/** Plays the upload from `from` seconds (muted, so a script may start it). */
async function playVideoFrom(page: Page, from: number): Promise<void> {
  await videoOf(page).evaluate((v: HTMLVideoElement, at: number) => { v.muted = true; v.currentTime = at; return v.play(); }, from);
}

const videoTime = (page: Page) => videoOf(page).evaluate((v: HTMLVideoElement) => v.currentTime);

/** The demo embed's own page inside the player. */
async function embedFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().includes('/embed/player.html'))).toBe(true);
  return page.frames().find((f) => f.url().includes('/embed/player.html'))!;
}

const openingSkip = (page: Page) => page.getByRole('button', { name: SKIP_LABELS.opening });

const settingsButton = (page: Page) => page.locator('#player').getByRole('button', { name: 'Настройки', exact: true });

/** «Настройки» opened from the player's tools: the panel. */
async function openSettings(page: Page): Promise<Locator> {
  await settingsButton(page).click();
  const panel = page.getByRole('dialog', { name: 'Настройки плеера' });
  await panel.waitFor();
  return panel;
}

/** A visitor's browser the size of a small phone. */
const phone = { context: { viewport: { width: 360, height: 780 } } };

/** The demo embed's clip, from `from` seconds (muted, so a script may start it). */
const playFrameFrom = (frame: Frame, from: number) =>
  frame.locator('video').evaluate((v: HTMLVideoElement, at: number) => { v.muted = true; v.currentTime = at; return v.play(); }, from);

/** Resolves once the video has ended and the page has drawn twice since: what the end set off has rendered. */
const endedAndDrawn = (video: Locator) => video.evaluate((v: HTMLVideoElement) => new Promise<void>((done) => {
  const drawn = () => requestAnimationFrame(() => requestAnimationFrame(() => done()));
  if (v.ended) drawn();
  else v.addEventListener('ended', drawn, { once: true });
}));

/** HTMLMediaElement.HAVE_METADATA, which Node does not know. */
const HAVE_METADATA = 1;

const storedSpeed = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('player-settings') ?? '{}') as { speed?: number }).speed);

const autoplayBox = (panel: Locator) => panel.getByRole('checkbox', { name: 'Следующая серия автоматически' });
const marksFollowBox = (panel: Locator) => panel.getByRole('checkbox', { name: 'Отмечать «Смотрю» и «Смотрел» по просмотру' });
const openingChoice = (panel: Locator, choice: keyof typeof SKIP_CHOICE_NAMES) =>
  panel.getByRole('group', { name: SEGMENT_NAMES.opening }).getByRole('radio', { name: SKIP_CHOICE_NAMES[choice] });

describe('skipping the opening', () => {
  it('of an upload: the button shows inside it and jumps past it', async ({ page }) => {
    const title = await seriesOf('video');
    await openPlayer(page, title.slug);
    await openEpisode(page, title.series[1].name);
    await playVideoFrom(page, DEMO_CLIP.opening.start + 1);
    await openingSkip(page).click();
    await expect.poll(() => videoTime(page)).toBeGreaterThanOrEqual(DEMO_CLIP.opening.end);
    await openingSkip(page).waitFor({ state: 'detached' });
  });

  it('of an embed: the same, through the players\' protocol', async ({ page }) => {
    const title = await seriesOf('iframe');
    await openPlayer(page, title.slug);
    await openEpisode(page, title.series[1].name);
    const frame = await embedFrame(page);
    await frame.locator('video').evaluate((v: HTMLVideoElement, at: number) => { v.muted = true; v.currentTime = at; return v.play(); }, DEMO_CLIP.opening.start + 1);
    await openingSkip(page).click();
    await expect.poll(() => frame.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(DEMO_CLIP.opening.end);
  });

  it('by itself when chosen in «Настройки», with «Вернуть» that goes back and stays', async ({ page }) => {
    const title = await seriesOf('video');
    await openPlayer(page, title.slug);
    await openEpisode(page, title.series[1].name);
    const panel = await openSettings(page);
    expect(await openingChoice(panel, 'ask').isChecked()).toBe(true);
    // By the keys too: the arrows move between the radios, the player leaves them to the panel.
    await openingChoice(panel, 'ask').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => openingChoice(panel, 'skip').isChecked()).toBe(true);
    // A visitor has no lists for marks to follow.
    await autoplayBox(panel).waitFor();
    expect(await panel.getByRole('checkbox').count()).toBe(1);
    // Escape closes, and the focus is back on the button.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await expect.poll(() => settingsButton(page).evaluate((b) => b === document.activeElement)).toBe(true);

    await playVideoFrom(page, DEMO_CLIP.opening.start - 1);
    const notice = page.locator('.player__skipped');
    await notice.getByText('Заставка пропущена').waitFor();
    expect(await notice.innerText()).toBe('Заставка пропущена · Вернуть');
    expect(await videoTime(page)).toBeGreaterThanOrEqual(DEMO_CLIP.opening.end - 0.5);
    await notice.getByRole('button', { name: 'Вернуть' }).click();
    // Back in the opening, and played on inside it rather than thrown out again.
    await page.waitForFunction((s) => { const v = document.querySelector('#player video') as HTMLVideoElement; return v.currentTime >= s.start + 2 && v.currentTime < s.end; }, DEMO_CLIP.opening);

    // Kept in the browser.
    await openPlayer(page, title.slug);
    expect(await openingChoice(await openSettings(page), 'skip').isChecked()).toBe(true);
  });

  it('by the S key, with the keys listed in «Горячие клавиши»', async ({ page }) => {
    const title = await seriesOf('video');
    await openPlayer(page, title.slug);
    await openEpisode(page, title.series[1].name);
    await playVideoFrom(page, DEMO_CLIP.opening.start + 1);
    await openingSkip(page).waitFor();
    await page.locator('#player .player__stage').focus();
    await page.keyboard.press('KeyS');
    await expect.poll(() => videoTime(page)).toBeGreaterThanOrEqual(DEMO_CLIP.opening.end);

    await page.keyboard.press('Shift+KeyN');
    await expect.poll(() => episodeButton(page, title.series[2].name).getAttribute('aria-current')).toBe('true');
    await page.keyboard.press('Shift+KeyP');
    await expect.poll(() => episodeButton(page, title.series[1].name).getAttribute('aria-current')).toBe('true');

    await page.getByRole('button', { name: 'Горячие клавиши' }).click();
    const help = page.getByRole('dialog', { name: 'Горячие клавиши' });
    expect(await help.innerText()).toContain('Следующая серия');
    await help.getByRole('button', { name: 'Закрыть' }).click();
    await help.waitFor({ state: 'hidden' });
  });
});

describe('the player\'s buttons by the keys', () => {
  const focusInStage = (page: Page) => page.evaluate(() => document.activeElement?.className === 'player__stage');
  const paused = (page: Page) => videoOf(page).evaluate((v: HTMLVideoElement) => v.paused);

  it('press with Space, which plays and pauses only on the player itself', async ({ page }) => {
    const title = await seriesOf('video');
    await openPlayer(page, title.slug);
    await openEpisode(page, title.series[1].name);
    await playVideoFrom(page, DEMO_CLIP.opening.start + 1);
    await openingSkip(page).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => videoTime(page)).toBeGreaterThanOrEqual(DEMO_CLIP.opening.end);
    expect(await paused(page)).toBe(false);

    // media-chrome's sound button: it unmutes, the video plays on and the page stays where it was.
    await page.locator('#player media-mute-button').focus();
    const scrolled = await page.evaluate(() => scrollY);
    await page.keyboard.press('Space');
    await expect.poll(() => videoOf(page).evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
    expect(await paused(page)).toBe(false);
    expect(await page.evaluate(() => scrollY)).toBe(scrolled);

    await settingsButton(page).focus();
    await page.keyboard.press('Space');
    await page.getByRole('dialog', { name: 'Настройки плеера' }).waitFor();
    expect(await paused(page)).toBe(false);
    await page.keyboard.press('Escape');

    await page.locator('#player .player__stage').focus();
    await page.keyboard.press('Space');
    await expect.poll(() => paused(page)).toBe(true);
  });

  it('that go with their overlay leave the focus in the player, where Tab goes on', async ({ page }) => {
    const title = await seriesOf('video');
    await openPlayer(page, title.slug);
    await openEpisode(page, title.series[1].name);
    await playVideoFrom(page, DEMO_CLIP.opening.start + 1);
    await openingSkip(page).focus();
    await page.keyboard.press('Enter');
    await openingSkip(page).waitFor({ state: 'detached' });
    expect(await focusInStage(page)).toBe(true);
    // On to media-chrome's controller and controls, not back to the top of the page.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.player__controller'))).toBe(true);

    await playVideoFrom(page, DEMO_CLIP.ending.start - 1);
    const watchNow = page.locator('.player__next').getByRole('button', { name: 'Смотреть сейчас' });
    await watchNow.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => episodeButton(page, title.series[2].name).getAttribute('aria-current')).toBe('true');
    expect(await focusInStage(page)).toBe(true);
  });
});

describe('the next episode', () => {
  it('of an embed comes in the same frame, whose player changes episode in place, and is followed there', async ({ page }) => {
    const title = await seriesOf('iframe');
    await openPlayer(page, title.slug);
    const frame = await embedFrame(page);
    await frame.evaluate(() => Object.assign(window, { stayed: true }));
    const playFrom = (at: number) => frame.locator('video').evaluate((v: HTMLVideoElement, s: number) => { v.muted = true; v.currentTime = s; return v.play(); }, at);
    const frameTime = () => frame.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
    await playFrom(DEMO_CLIP.opening.end + 1);
    await openEpisode(page, title.series[1].name);
    // The same document, at the next episode's address, with the clip from its start again.
    await expect.poll(() => frame.url().endsWith(title.series[1].iframe!)).toBe(true);
    expect(await frame.evaluate(() => 'stayed' in window)).toBe(true);
    await expect.poll(frameTime).toBeLessThan(DEMO_CLIP.opening.start);
    // The player follows the new episode: its opening is offered and skipped.
    await playFrom(DEMO_CLIP.opening.start + 1);
    await openingSkip(page).click();
    await expect.poll(frameTime).toBeGreaterThanOrEqual(DEMO_CLIP.opening.end);
  });

  it('starts by itself after the countdown, into the next season', async ({ page }) => {
    const title = await seasonsTitle();
    const [first, second] = title.iframeSeasons;
    expect(second, 'a title with two seasons').toBeTruthy();
    const last = first.series.at(-1)!;
    await openPlayer(page, title.slug);
    await openEpisode(page, last.name);
    const video = await videoOf(page).count();
    if (video) await playVideoFrom(page, DEMO_CLIP.ending.start - 1);
    else {
      const frame = await embedFrame(page);
      await frame.locator('video').evaluate((v: HTMLVideoElement, at: number) => { v.muted = true; v.currentTime = at; return v.play(); }, DEMO_CLIP.ending.start - 1);
    }
    const card = page.locator('.player__next');
    await card.getByText(/^Следующая серия через \d…$/).waitFor();
    expect(await card.innerText()).toContain(`${second.name} · ${second.series[0].name}`);
    await expect.poll(() => page.getByRole('tab', { name: second.name }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => episodeButton(page, second.series[0].name).getAttribute('aria-current')).toBe('true');
  });
});

describe('the next episode, continued', () => {
  it('of an upload plays on after the countdown', async ({ page }) => {
    const title = await seriesOf('video');
    await openPlayer(page, title.slug);
    await playVideoFrom(page, DEMO_CLIP.ending.start - 1);
    await page.locator('.player__next').getByText(/^Следующая серия через \d…$/).waitFor();
    await expect.poll(() => episodeButton(page, title.series[1].name).getAttribute('aria-current')).toBe('true');
    await expect.poll(() => videoOf(page).evaluate((v: HTMLVideoElement) => [v.getAttribute('aria-label'), !v.paused && v.currentTime > 0]))
      .toEqual([`${title.name}: ${title.series[1].name}`, true]);
  });

  it('of an embed plays on after the countdown, in the same frame', async ({ page }) => {
    const title = await seriesOf('iframe');
    await openPlayer(page, title.slug);
    const frame = await embedFrame(page);
    await playFrameFrom(frame, DEMO_CLIP.ending.start - 1);
    await page.locator('.player__next').getByText(/^Следующая серия через \d…$/).waitFor();
    await expect.poll(() => episodeButton(page, title.series[1].name).getAttribute('aria-current')).toBe('true');
    await expect.poll(() => frame.url().endsWith(title.series[1].iframe!)).toBe(true);
    await expect.poll(() => frame.locator('video').evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
  });

  it('is not started by the end once «Отмена» was pressed on its card', async ({ page }) => {
    const title = await seriesOf('video');
    await openPlayer(page, title.slug);
    await playVideoFrom(page, DEMO_CLIP.ending.start - 1);
    const card = page.locator('.player__next');
    await card.getByRole('button', { name: 'Отмена' }).click();
    await card.waitFor({ state: 'detached' });
    await endedAndDrawn(videoOf(page));
    expect(await episodeButton(page, title.series[0].name).getAttribute('aria-current')).toBe('true');
    expect(await videoOf(page).getAttribute('aria-label')).toBe(`${title.name}: ${title.series[0].name}`);
  });

  it('of an embed keeps the speed the viewer chose in it: the next episode plays at it, and the setting stays', async ({ page }) => {
    const speed = SPEEDS.find((s) => s > 1)!;
    const title = await seriesOf('iframe');
    await openPlayer(page, title.slug);
    const frame = await embedFrame(page);
    const frameVideo = frame.locator('video');
    // Chosen in the embed's own controls (set again until the page, listening by then, has heard it).
    await expect.poll(async () => {
      await frameVideo.evaluate((v: HTMLVideoElement, s: number) => { v.playbackRate = 1; v.playbackRate = s; }, speed);
      return storedSpeed(page);
    }).toBe(speed);
    await openEpisode(page, title.series[1].name);
    await expect.poll(() => frame.url().endsWith(title.series[1].iframe!)).toBe(true);
    await expect.poll(() => frameVideo.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(HAVE_METADATA);
    await playFrameFrom(frame, 0);
    // Played a while: whatever the loading said has been heard.
    await frame.waitForFunction(() => document.querySelector('video')!.currentTime >= 1);
    expect(await frameVideo.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(speed);
    expect(await storedSpeed(page)).toBe(speed);
  });
});

describe('the player on a phone', () => {
  it('keeps the upload\'s play, sound and fullscreen buttons 44 px wide with their icons, the volume left to the phone', async ({ browsers }) => {
    const { page } = await browsers.visitor(phone);
    const title = await seriesOf('video');
    await openPlayer(page, title.slug);
    const player = page.locator('#player');
    for (const name of ['смотреть', 'выключить звук', 'во весь экран']) {
      const button = player.getByRole('button', { name, exact: true });
      await button.waitFor();
      const box = (await button.boundingBox())!;
      expect(Math.min(box.width, box.height), name).toBeGreaterThanOrEqual(44);
      // Its icon is drawn whole inside it.
      expect(await button.evaluate((b) => {
        const r = b.getBoundingClientRect();
        return [...b.shadowRoot!.querySelectorAll('svg')].some((svg) => {
          const i = svg.getBoundingClientRect();
          return i.width >= 16 && i.height >= 16 && i.left >= r.left && i.right <= r.right && i.top >= r.top && i.bottom <= r.bottom;
        });
      }), name).toBe(true);
    }
    expect(await player.locator('media-volume-range').isVisible()).toBe(false);
    expect((await player.locator('media-time-range').boundingBox())!.width).toBeGreaterThanOrEqual(44);
  });

  it('gives the seek bar a row of its own above the buttons, and shows the time and the duration in small type inside the bar', async ({ browsers }) => {
    const { page } = await browsers.visitor(phone);
    const title = await seriesOf('video');
    await openPlayer(page, title.slug);
    await expect.poll(() => videoOf(page).evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(HAVE_METADATA);
    const player = page.locator('#player');
    const time = player.locator('media-time-display');
    expect(await time.isVisible()).toBe(true);
    expect(await time.evaluate((t) => t.shadowRoot!.textContent!.trim())).toMatch(/\d+:\d\d\s\/\s\d+:\d\d$/);
    const [box, bar] = [(await time.boundingBox())!, (await player.locator('media-control-bar').boundingBox())!];
    expect(box.x).toBeGreaterThanOrEqual(bar.x);
    expect(box.x + box.width).toBeLessThanOrEqual(bar.x + bar.width);
    const last = (await player.locator('media-fullscreen-button').boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(bar.x + bar.width + 0.5);
    // The whole width, whatever the time's length (an hour-long episode's took the room of the bar).
    const [range, play] = [(await player.locator('media-time-range').boundingBox())!, (await player.locator('media-play-button').boundingBox())!];
    expect(range.width).toBeGreaterThanOrEqual(bar.width - 1);
    expect(range.y + range.height).toBeLessThanOrEqual(play.y + 0.5);
    // The skip offered over the opening stands clear of the seek bar.
    await playVideoFrom(page, DEMO_CLIP.opening.start + 1);
    await openingSkip(page).waitFor();
    // Both measured now: playing may have scrolled the page since.
    const [skip, rangeNow] = [(await openingSkip(page).boundingBox())!, (await player.locator('media-time-range').boundingBox())!];
    expect(skip.y + skip.height).toBeLessThanOrEqual(rangeNow.y);
  });

  it('shows the suggestions after the last episode inside the picture, with no skip under them', async ({ browsers }) => {
    const { page } = await browsers.visitor(phone);
    const title = await seriesOf('video');
    await openPlayer(page, title.slug);
    await openEpisode(page, title.series.at(-1)!.name);
    await playVideoFrom(page, DEMO_CLIP.ending.start - 1);
    const card = page.locator('.player__next');
    await card.getByText('Вам может понравиться').waitFor();
    // The card and the skip come with the same second: the card is drawn, the skip is not.
    expect(await page.locator('#player').getByRole('button', { name: SKIP_LABELS.ending }).count()).toBe(0);
    const [box, screen] = [(await card.boundingBox())!, (await page.locator('#player .player__screen').boundingBox())!];
    expect(box.y).toBeGreaterThanOrEqual(screen.y);
    expect(box.y + box.height).toBeLessThanOrEqual(screen.y + screen.height);
    // «Закрыть» is in view as the card opens, nothing scrolled inside it.
    const close = (await card.getByRole('button', { name: 'Закрыть' }).boundingBox())!;
    expect(await card.evaluate((el) => el.scrollTop)).toBe(0);
    expect(close.y).toBeGreaterThanOrEqual(box.y);
    expect(close.y + close.height).toBeLessThanOrEqual(box.y + box.height);
    expect(close.y + close.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  });
});

describe('an upload that does not load', () => {
  it('says so over the player, and «Повторить» loads it again', async ({ page }) => {
    let failing = true;
    await page.route('**/api/assets/**', (route) => (failing && route.request().resourceType() === 'media' ? route.fulfill({ status: 500, body: '' }) : route.fallback()));
    const title = await seriesOf('video');
    await openPlayer(page, title.slug);
    const alert = page.locator('#player').getByRole('alert').filter({ hasText: 'Видео не загрузилось' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Видео не загрузилось. Проверьте соединение и попробуйте ещё раз.');
    failing = false;
    await alert.getByRole('button', { name: 'Повторить' }).click();
    await alert.waitFor({ state: 'detached' });
    await expect.poll(() => videoOf(page).evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(HAVE_METADATA);
  });
});

describe('the settings of a signed-in person', () => {
  it('follow the account: autoplay switched off in one browser is off in another, whose card counts down no more', async ({ browsers }) => {
    const person = await newPerson();
    const title = await seriesOf('video');
    const first = await browsers.as(person);
    await openPlayer(first.page, title.slug);
    const panel = await openSettings(first.page);
    // Offered once the choices follow the account.
    await marksFollowBox(panel).waitFor();
    expect(await marksFollowBox(panel).isChecked()).toBe(true);
    expect(await autoplayBox(panel).isChecked()).toBe(true);
    await autoplayBox(panel).uncheck();
    const api = await adminApi();
    await expect.poll(async () => (await api.get<{ playerSettings: { autoplay?: boolean } | null }>(`/users/${person.id}?fields=playerSettings`)).playerSettings?.autoplay).toBe(false);

    const second = await browsers.as(person);
    await openPlayer(second.page, title.slug);
    const there = await openSettings(second.page);
    await expect.poll(() => autoplayBox(there).isChecked()).toBe(false);
    await second.page.keyboard.press('Escape');
    await there.waitFor({ state: 'hidden' });
    await playVideoFrom(second.page, DEMO_CLIP.ending.start - 1);
    const card = second.page.locator('.player__next');
    await card.getByText(title.series[1].name, { exact: true }).waitFor();
    expect(await card.getByRole('status').innerText()).toBe('Следующая серия');
  });
});

describe('episodes watched', () => {
  it('are marked at the ending, move the title to «Смотрю» and then «Смотрел», and show in another browser', async ({ browsers }) => {
    const person = await newPerson();
    const title = await seriesOf('video');
    const first = await browsers.as(person);
    await openPlayer(first.page, title.slug);
    await openEpisode(first.page, title.series[0].name);
    await playVideoFrom(first.page, DEMO_CLIP.ending.start - 1);
    const summary = (page: Page) => page.locator('#player .player__summary').innerText();
    await expect.poll(() => summary(first.page)).toBe(`Просмотрено 1 из ${title.series.length}`);

    const api = await adminApi();
    const marks = async () => (await api.get<{ type: string }[]>(`/items/favorites?filter[user_created][_eq]=${person.id}&filter[title][_eq]=${title.id}&fields=type&sort=type`)).map((m) => m.type);
    await expect.poll(marks).toEqual(['Смотрю']);

    // The last episode, marked by hand.
    await openEpisode(first.page, title.series.at(-1)!.name);
    await first.page.getByRole('button', { name: 'Отметить просмотренной' }).click();
    await expect.poll(marks).toEqual(['Смотрел']);

    const second = await browsers.as(person);
    await openPlayer(second.page, title.slug);
    await expect.poll(() => summary(second.page)).toBe(`Просмотрено 2 из ${title.series.length}`);
    const state = (id: number) => second.page.locator(`#episode-state-${id}`).textContent();
    expect(await state(title.series[0].id)).toBe('просмотрена');
    expect(await state(title.series[1].id)).toBe('не начата');

    // The profile's «Смотрел» says how far, on the title's card.
    const { page: profile } = await browsers.tab(second.context);
    await profile.goto('/profile?tab=watched');
    const card = profile.getByRole('region', { name: 'Смотрел', exact: true }).getByRole('listitem').filter({ hasText: title.name });
    await expect.poll(() => card.innerText()).toContain(`Просмотрено 2 из ${title.series.length}`);

    // «Снять отметку» takes it back.
    await openEpisode(second.page, title.series[0].name);
    await second.page.getByRole('button', { name: 'Снять отметку' }).click();
    await expect.poll(() => summary(second.page)).toBe(`Просмотрено 1 из ${title.series.length}`);
    await expect.poll(async () => (await api.get<unknown[]>(`/items/watchedEpisodes?filter[user_created][_eq]=${person.id}&filter[episode][_eq]=${title.series[0].id}&fields=id`)).length).toBe(0);
  });

  it('marked by hand in one browser show in another open on the same title, without a reload', async ({ browsers }) => {
    const person = await newPerson();
    const title = await seriesOf('video');
    const [here, there] = [await browsers.as(person), await browsers.as(person)];
    await Promise.all([openPlayer(here.page, title.slug), openPlayer(there.page, title.slug)]);
    const summary = (page: Page) => page.locator('#player .player__summary').innerText();
    await expect.poll(() => summary(there.page)).toBe(`Просмотрено 0 из ${title.series.length}`);
    // A reload would lose this.
    await there.page.evaluate(() => Object.assign(window, { stayed: true }));

    await openEpisode(here.page, title.series[1].name);
    await here.page.getByRole('button', { name: 'Отметить просмотренной' }).click();
    await expect.poll(() => summary(there.page)).toBe(`Просмотрено 1 из ${title.series.length}`);
    expect(await there.page.locator(`#episode-state-${title.series[1].id}`).textContent()).toBe('просмотрена');
    expect(await there.page.locator(`#episode-state-${title.series[0].id}`).textContent()).toBe('не начата');
    expect(await there.page.evaluate(() => 'stayed' in window)).toBe(true);
  });
});

describe('an episode stopped midway', () => {
  it('is «начата» with how far in the list, once the person comes back', async ({ browsers }) => {
    const person = await newPerson();
    const title = await seriesOf('video');
    const episode = title.series[1];
    const { page } = await browsers.as(person);
    await openPlayer(page, title.slug);
    await openEpisode(page, episode.name);
    await playVideoFrom(page, DEMO_CLIP.opening.end + 1);
    await page.waitForFunction((at) => (document.querySelector('#player video') as HTMLVideoElement).currentTime >= at, DEMO_CLIP.opening.end + 2);
    const pausedAt = await videoOf(page).evaluate((v: HTMLVideoElement) => { v.pause(); return v.currentTime; });
    const api = await adminApi();
    const saved = async () => (await api.get<{ episode: number; position: number; duration: number }[]>(
      `/items/watchProgress?filter[user_created][_eq]=${person.id}&filter[title][_eq]=${title.id}&fields=episode,position,duration`,
    ))[0] ?? null;
    // The pause's save, in whole seconds (one made while it played may have come first).
    await expect.poll(async () => (await saved())?.position).toBe(Math.floor(pausedAt));
    const place = (await saved())!;
    expect(place.episode).toBe(episode.id);

    await openPlayer(page, title.slug);
    await expect.poll(() => page.locator(`#episode-state-${episode.id}`).textContent()).toBe(`начата: ${clockOf(place.position)} из ${clockOf(place.duration)}`);
  });
});

describe('episodes a visitor marked before signing in', () => {
  it('go to the account, even when one of them has gone since, and the account keeps the marks from then on', async ({ browsers }) => {
    const person = await newPerson();
    const title = await seriesOf('video');
    const { page } = await browsers.as(person);
    await page.goto('/');
    // What the browser kept as a visitor: an episode still there, and one taken away since.
    const gone = Math.max(...title.series.map((s) => s.id)) + 1_000_000;
    await page.evaluate(([key, kept]) => localStorage.setItem(key, kept), ['watched-episodes', JSON.stringify({ [title.id]: [title.series[0].id, gone] })]);
    await openPlayer(page, title.slug);
    const summary = () => page.locator('#player .player__summary').innerText();
    await expect.poll(summary).toBe(`Просмотрено 1 из ${title.series.length}`);
    const api = await adminApi();
    const watched = async () => (await api.get<{ episode: number }[]>(`/items/watchedEpisodes?filter[user_created][_eq]=${person.id}&fields=episode&sort=episode`)).map((w) => w.episode);
    await expect.poll(watched).toEqual([title.series[0].id]);
    expect(await page.evaluate(() => localStorage.getItem('watched-episodes'))).toBeNull();

    await openEpisode(page, title.series[1].name);
    await page.getByRole('button', { name: 'Отметить просмотренной' }).click();
    await expect.poll(watched).toEqual([title.series[0].id, title.series[1].id].sort((a, b) => a - b));
  });
});

describe('an embed that never answers', () => {
  it('is told within seconds, and episodes are still marked by hand', async ({ page }) => {
    await page.route('**/embed/player.html*', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Чужой плеер</title><p>Плеер</p>' }));
    const title = await seriesOf('iframe');
    await openPlayer(page, title.slug);
    await page.getByText('Этот плеер не сообщает, где вы остановились: отмечайте серии вручную.').waitFor();
    await page.getByRole('button', { name: 'Отметить просмотренной' }).click();
    await expect.poll(() => page.locator('#player .player__summary').innerText()).toBe(`Просмотрено 1 из ${title.series.length}`);
    await openEpisode(page, title.series[1].name);
    expect(await page.locator(`#episode-state-${title.series[0].id}`).textContent()).toBe('просмотрена');
    // It does not change episode when asked: the frame loads the episode's own address instead.
    await expect.poll(() => page.frames().some((f) => f.url().endsWith(title.series[1].iframe!))).toBe(true);
  });
});

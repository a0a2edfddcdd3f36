/**
 * Watching together in Chromium against the built site and a real Directus: a room made from a
 * title's player, joined by its link (a visitor signs in first and lands in it), play, pause and a
 * seek reaching the other member (their video at the room's moment, the room's lines in the chat), a
 * member whose connection is cut shown disconnected and brought back to the room's moment,
 * the chat with a reply, a reaction floating for the other, the leader-only switch, the lead handed
 * over, a member removed, the next episode shared (the end of an episode asking for it once, however
 * slowly the room answers), a member on a slow machine sending no seek the sync made, a member whose
 * video stalls holding the room until it comes (then it plays on together) or the leader chooses
 * «Не ждать», an embed that cannot be followed said so, its episode shared, and the room's chat
 * clear of the floating buttons.
 */
import type { Page, WebSocketRoute } from 'playwright-core';
import { DEMO_CLIP } from '../../directus/seed/media.ts';
import { CONTROL_WORDS, MEMBER_STATE_WORDS, positionAt, ROOM_MESSAGES, ROOM_WAIT_LIMIT_MS, SILENT_EMBED_NOTE, type RoomMoment } from '../../shared/together.ts';
import { newPerson, type Person } from './support/people.ts';
import { adminApi, hydrated, patientPolls } from './support/site.ts';
import { describe, expect, it, type Browsers } from './support/test.ts';

patientPolls(20_000);

interface Row { id: number; name: string }
interface SeriesTitle { id: number; slug: string; name: string; series: Row[] }

/** A published title without seasons whose episodes play from `source`, its episodes in the player's order. */
async function seriesOf(source: 'video' | 'iframe' = 'video'): Promise<SeriesTitle> {
  const [title] = await (await adminApi()).get<SeriesTitle[]>(
    `/items/titles?filter[status][_eq]=published&filter[source][_eq]=${source}&filter[typeSource][_eq]=Без сезонов`
    + '&fields=id,slug,name,series.id,series.name&deep[series][_sort]=sort,id&deep[series][_filter][deleted][_eq]=false&deep[series][_limit]=-1&sort=id&limit=1',
  );
  return title;
}

const togetherButton = (page: Page) => page.getByRole('button', { name: 'Смотреть вместе', exact: true });
const roomPlayer = (page: Page) => page.locator('.room__player');
const videoOf = (page: Page) => page.locator('.room__player video');
const videoTime = (page: Page) => videoOf(page).evaluate((v: HTMLVideoElement) => v.currentTime);
const videoPaused = (page: Page) => videoOf(page).evaluate((v: HTMLVideoElement) => v.paused);
const memberRow = (page: Page, person: Person) => page.locator(`.room-member[data-member="${person.id}"]`);
const chatLines = (page: Page) => page.locator('.room-chat__lines');
const eventLines = (page: Page) => page.locator('.room-chat__event');

/** The room's moment as the page holds it (its data on the player), and where it stands now. */
async function roomMoment(page: Page): Promise<RoomMoment & { offset: number }> {
  return roomPlayer(page).evaluate((el: HTMLElement) => ({
    playing: el.dataset.playing === 'true', position: Number(el.dataset.position), at: Number(el.dataset.at), offset: Number(el.dataset.clockOffset),
  }));
}

/** How far the page's video is from the room's second now (s). */
async function gapToRoom(page: Page): Promise<number> {
  const [m, t] = await Promise.all([roomMoment(page), videoTime(page)]);
  return Math.abs(t - positionAt(m, Date.now() + m.offset));
}

/** The person's page in the room: entered, its video there. A click on the page lets the browser play sound there. */
async function enterRoom(browsers: Browsers, person: Person, url: string): Promise<Page> {
  const { page } = await browsers.as(person);
  await page.goto(url);
  await roomReady(page);
  return page;
}

async function roomReady(page: Page): Promise<void> {
  await videoOf(page).waitFor();
  await videoOf(page).evaluate((v: HTMLVideoElement) => v.readyState >= 1 || new Promise((loaded) => v.addEventListener('loadedmetadata', loaded, { once: true })));
  await page.locator('.room__title').click({ position: { x: 2, y: 2 } });
}

/** A new room made from the title's player by `leader` (on `opened`, their page the test set up); its address. */
async function makeRoom(browsers: Browsers, leader: Person, title: SeriesTitle, opened?: Page): Promise<{ page: Page; url: string }> {
  const page = opened ?? (await browsers.as(leader)).page;
  await page.goto(`/${title.slug}?tab=seasons`);
  await hydrated(page, '#player');
  await togetherButton(page).click();
  await page.waitForURL(/\/together\/[A-Za-z0-9_-]{22}$/);
  await roomReady(page);
  return { page, url: page.url() };
}

/**
 * The page's socket passes through the test: what the page sends is kept in `sent`, and once `slow()`
 * is called the room's views reach the page `ms` late, as from a server under load or to a busy page.
 */
async function roomSocketThrough(page: Page, ms: number): Promise<{ sent: string[]; slow(): void }> {
  const sent: string[] = [];
  let late = false;
  await page.routeWebSocket(/\/websocket$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((frame) => {
      if (typeof frame === 'string') sent.push(frame);
      server.send(frame);
    });
    server.onMessage((frame) => {
      const pass = () => { try { ws.send(frame); } catch { /* the page has gone */ } };
      if (late && typeof frame === 'string' && frame.includes('"event":"room"')) setTimeout(pass, ms);
      else pass();
    });
  });
  return { sent, slow: () => { late = true; } };
}

/** The room's commands among the frames a page sent (not its pings, states and readiness). */
const commandsIn = (sent: string[], action: string) => sent.map((f) => JSON.parse(f) as Record<string, unknown>).filter((f) => f.type === 'together' && f.action === action);

/** Presses a key of the player's with the player focused. */
async function playerKey(page: Page, key: string): Promise<void> {
  await page.locator('.player__stage').focus();
  await page.keyboard.press(key);
}

async function seekBy(page: Page, seconds: number): Promise<void> {
  await videoOf(page).evaluate((v: HTMLVideoElement, s: number) => { v.currentTime = s; }, seconds);
}

/** A room of two: the leader and a member who came by the link, both pages entered. */
async function roomOfTwo(browsers: Browsers) {
  const title = await seriesOf();
  const [leader, member] = await Promise.all([newPerson(), newPerson()]);
  const { page: leaderPage, url } = await makeRoom(browsers, leader, title);
  const memberPage = await enterRoom(browsers, member, url);
  await memberRow(leaderPage, member).waitFor();
  return { title, leader, member, leaderPage, memberPage, url };
}

describe('a room', () => {
  it('is made from a title\'s player; the link brings in another person, and a visitor after signing in', async ({ browsers }) => {
    const title = await seriesOf();
    const [leader, member, latecomer] = await Promise.all([newPerson(), newPerson(), newPerson()]);
    const { page: leaderPage, url } = await makeRoom(browsers, leader, title);
    await expect.poll(() => memberRow(leaderPage, leader).textContent()).toContain('ведущий');
    expect(await leaderPage.locator('.room__title').textContent()).toContain(title.name);
    // The episode on screen when the room was made.
    expect(await roomPlayer(leaderPage).getAttribute('data-episode')).toBe(String(title.series[0].id));

    const memberPage = await enterRoom(browsers, member, url);
    await memberRow(leaderPage, member).waitFor();
    await memberRow(memberPage, leader).waitFor();

    const { page: visitorPage } = await browsers.visitor();
    await visitorPage.goto(url);
    await visitorPage.getByText(ROOM_MESSAGES.signIn).waitFor();
    await visitorPage.locator('.room-problem').getByRole('link', { name: 'Войти', exact: true }).click();
    const form = visitorPage.getByRole('form', { name: 'Вход' });
    await form.getByLabel('Email').fill(latecomer.email);
    await form.getByLabel('Пароль', { exact: true }).fill(latecomer.password);
    await form.getByRole('button', { name: 'Войти', exact: true }).click();
    await visitorPage.waitForURL(url);
    await memberRow(visitorPage, latecomer).waitFor();
    await memberRow(leaderPage, latecomer).waitFor();
    expect(await leaderPage.locator('.room-member').count()).toBe(3);
  });

  it('says so when the link names no room, or no code at all', async ({ signedIn }) => {
    for (const address of ['/together/AAAAAAAAAAAAAAAAAAAAAA', '/together/', '/together/%25']) {
      await signedIn.page.goto(address);
      await signedIn.page.getByText(ROOM_MESSAGES.notFound).waitFor();
    }
  });
});

describe('the shared moment', () => {
  it('play, pause and a seek reach the other member, whose video stands at the room\'s second', async ({ browsers }) => {
    const { leaderPage, memberPage } = await roomOfTwo(browsers);
    const linesBefore = await eventLines(memberPage).count();

    await seekBy(leaderPage, 20);
    await expect.poll(async () => (await roomMoment(memberPage)).position).toBeCloseTo(20, 0);
    await expect.poll(() => videoTime(memberPage)).toBeCloseTo(20, 0);

    await playerKey(leaderPage, 'k');
    await expect.poll(async () => (await roomMoment(memberPage)).playing).toBe(true);
    await expect.poll(() => videoPaused(memberPage)).toBe(false);
    // Both videos run at the room's second, within a quarter second, once the start settled.
    await expect.poll(() => gapToRoom(memberPage), { timeout: 10_000 }).toBeLessThan(0.25);
    await expect.poll(() => gapToRoom(leaderPage), { timeout: 10_000 }).toBeLessThan(0.25);

    await playerKey(memberPage, 'k');
    await expect.poll(() => videoPaused(leaderPage)).toBe(true);
    const paused = await roomMoment(leaderPage);
    expect(paused.playing).toBe(false);
    await expect.poll(() => videoTime(leaderPage)).toBeCloseTo(paused.position, 1);

    // The room's own lines of what happened, in both chats.
    await expect.poll(() => eventLines(memberPage).count()).toBeGreaterThanOrEqual(linesBefore + 3);
    await expect.poll(() => eventLines(leaderPage).allTextContents()).toContainEqual(expect.stringMatching(/пауз/));
  });

  it('a member who loses the connection is shown disconnected, and comes back to the room\'s moment', async ({ browsers }) => {
    const title = await seriesOf();
    const [leader, member] = await Promise.all([newPerson(), newPerson()]);
    const { page: leaderPage, url } = await makeRoom(browsers, leader, title);
    // The member's websocket passes through the test, which can cut it and keep it cut.
    const { page: memberPage } = await browsers.as(member);
    let cut = false;
    const open: WebSocketRoute[] = [];
    await memberPage.routeWebSocket(/\/websocket$/, (ws) => {
      if (cut) return void ws.close();
      open.push(ws);
      ws.connectToServer();
    });
    await memberPage.goto(url);
    await roomReady(memberPage);
    await expect.poll(() => memberRow(leaderPage, member).textContent()).toContain(MEMBER_STATE_WORDS.paused);

    cut = true;
    for (const ws of open.splice(0)) await ws.close();
    await memberPage.getByRole('alert').filter({ hasText: 'Связь с комнатой потеряна' }).waitFor();
    await expect.poll(() => memberRow(leaderPage, member).textContent()).toContain(MEMBER_STATE_WORDS.offline);

    // The room moves on without them.
    await seekBy(leaderPage, 30);
    await expect.poll(async () => (await roomMoment(leaderPage)).position).toBeCloseTo(30, 0);
    await playerKey(leaderPage, 'k');
    await expect.poll(async () => (await roomMoment(leaderPage)).playing).toBe(true);

    cut = false;
    await expect.poll(() => memberRow(leaderPage, member).textContent()).toContain(MEMBER_STATE_WORDS.watching);
    await expect.poll(() => videoPaused(memberPage)).toBe(false);
    await expect.poll(() => gapToRoom(memberPage), { timeout: 10_000 }).toBeLessThan(0.25);
    expect(await memberPage.getByText('Связь с комнатой потеряна').count()).toBe(0);
  });

  it('the end of an episode asks the room for the next once, however long the room takes to answer', async ({ browsers }) => {
    const title = await seriesOf();
    const leader = await newPerson();
    const { page } = await browsers.as(leader);
    // The room's answer to the ask takes seconds, as the demo's did under load (4.2 s).
    const socket = await roomSocketThrough(page, 4_500);
    await makeRoom(browsers, leader, title, page);
    const start = DEMO_CLIP.seconds - 3;
    await seekBy(page, start);
    await expect.poll(async () => (await roomMoment(page)).position).toBeCloseTo(start, 0);
    socket.slow();
    // The card counts down from the ending's start, and the video ends meanwhile: either asks.
    await playerKey(page, 'k');
    await expect.poll(() => commandsIn(socket.sent, 'episode').length, { timeout: 20_000 }).toBeGreaterThan(0);
    // A click of the person's own while the room has not answered asks nothing more.
    await page.locator('.player__next').getByRole('button', { name: 'Смотреть сейчас' }).click();
    await expect.poll(() => roomPlayer(page).getAttribute('data-episode')).toBe(String(title.series[1].id));
    expect(commandsIn(socket.sent, 'episode')).toEqual([expect.objectContaining({ episode: title.series[1].id, reason: 'next' })]);
    await expect.poll(() => eventLines(page).allTextContents()).toContainEqual(expect.stringMatching(/ включил\S* следующую серию/));
    expect((await eventLines(page).allTextContents()).filter((line) => line.includes(' включил'))).toHaveLength(1);
  });

  it('a member on a slow machine, whose page hears the end of the sync\'s seek late, sends no seek of their own', async ({ browsers }) => {
    const title = await seriesOf();
    const [leader, member] = await Promise.all([newPerson(), newPerson()]);
    const { page: leaderPage, url } = await makeRoom(browsers, leader, title);
    const { page: memberPage } = await browsers.as(member);
    // The start reaches the member after its time, so their sync puts the video at the room's second and plays it.
    const socket = await roomSocketThrough(memberPage, 2_000);
    // Then the page is busy for a while (a slow CPU), the video playing on before the page hears the seek's end.
    await memberPage.addInitScript(() => {
      let once = true;
      document.addEventListener('seeking', (e) => {
        if (!once || (e.target as HTMLVideoElement).paused) return;
        once = false;
        setTimeout(() => {
          const until = performance.now() + 2_500;
          while (performance.now() < until);
        });
      }, true);
    });
    await memberPage.goto(url);
    await roomReady(memberPage);
    await memberRow(leaderPage, member).waitFor();
    const cpu = await memberPage.context().newCDPSession(memberPage);
    await cpu.send('Emulation.setCPUThrottlingRate', { rate: 6 });

    socket.slow();
    await playerKey(leaderPage, 'k');
    await expect.poll(() => videoPaused(memberPage)).toBe(false);
    await expect.poll(() => gapToRoom(memberPage), { timeout: 20_000 }).toBeLessThan(0.25);
    // A line of the member's after it: once the leader reads it, whatever the member sent before was told.
    const field = memberPage.getByRole('form', { name: 'Сообщение в комнату' }).getByLabel('Сообщение');
    await field.fill('Смотрю');
    await field.press('Enter');
    await chatLines(leaderPage).locator('.room-chat__line', { hasText: 'Смотрю' }).waitFor();
    expect(commandsIn(socket.sent, 'seek')).toEqual([]);
    expect(await eventLines(leaderPage).allTextContents()).not.toContainEqual(expect.stringMatching(/перемотал/));
    expect((await roomMoment(leaderPage)).playing).toBe(true);
  });

  it('the next episode is everyone\'s', async ({ browsers }) => {
    const { title, leaderPage, memberPage } = await roomOfTwo(browsers);
    await playerKey(memberPage, 'Shift+N');
    await expect.poll(() => roomPlayer(leaderPage).getAttribute('data-episode')).toBe(String(title.series[1].id));
    await expect.poll(() => roomPlayer(memberPage).getAttribute('data-episode')).toBe(String(title.series[1].id));
    await expect.poll(() => memberPage.locator('.player__stage').getAttribute('aria-label')).toContain(title.series[1].name);
  });
});

describe('an embed that does not speak the providers\' protocol', () => {
  it('is said to be started and paused by each member, and its episode is still the room\'s', async ({ browsers }) => {
    const title = await seriesOf('iframe');
    const [leader, member] = await Promise.all([newPerson(), newPerson()]);
    const pages: Page[] = [];
    for (const person of [leader, member]) {
      const { page } = await browsers.as(person);
      await page.route('**/embed/player.html*', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Чужой плеер</title><p>Плеер</p>' }));
      pages.push(page);
    }
    const [leaderPage, memberPage] = pages as [Page, Page];
    await leaderPage.goto(`/${title.slug}?tab=seasons`);
    await hydrated(leaderPage, '#player');
    await togetherButton(leaderPage).click();
    await leaderPage.waitForURL(/\/together\/[A-Za-z0-9_-]{22}$/);
    await memberPage.goto(leaderPage.url());
    for (const page of pages) await page.getByText(SILENT_EMBED_NOTE).waitFor();
    await memberRow(leaderPage, member).waitFor();

    await playerKey(leaderPage, 'Shift+N');
    for (const page of pages) await expect.poll(() => roomPlayer(page).getAttribute('data-episode')).toBe(String(title.series[1].id));
    await expect.poll(() => memberPage.locator('.player__stage').getAttribute('aria-label')).toContain(title.series[1].name);
  });
});

describe('talking', () => {
  it('a line and a reply to it, and a reaction floating over the other\'s video', async ({ browsers }) => {
    const { leader, leaderPage, memberPage } = await roomOfTwo(browsers);
    const field = (page: Page) => page.getByRole('form', { name: 'Сообщение в комнату' }).getByLabel('Сообщение');
    await field(leaderPage).fill('Начинаем с заставки?');
    await field(leaderPage).press('Enter');
    const line = chatLines(memberPage).locator('.room-chat__line', { hasText: 'Начинаем с заставки?' });
    await line.hover();
    await line.getByRole('button', { name: 'Ответить' }).click();
    const replying = memberPage.getByRole('form', { name: 'Сообщение в комнату' }).locator('.chat-input__mode');
    await expect.poll(() => replying.innerText()).toContain(`Ответ ${leader.login}`);
    // Escape leaves the reply; the line is then answered from its button again.
    await field(memberPage).press('Escape');
    await replying.waitFor({ state: 'detached' });
    await line.hover();
    await line.getByRole('button', { name: 'Ответить' }).click();
    await replying.waitFor();
    await field(memberPage).fill('Нет, пропустим 🙂');
    await field(memberPage).press('Enter');
    const reply = chatLines(leaderPage).locator('.room-chat__line', { hasText: 'Нет, пропустим 🙂' });
    await expect.poll(() => reply.locator('.chat-msg__quote').textContent()).toContain('Начинаем с заставки?');
    expect(await reply.locator('.chat-msg__quote').textContent()).toContain(leader.login);

    await leaderPage.getByRole('button', { name: 'Реакция 🔥' }).click();
    await memberPage.locator('.room-reactions__one', { hasText: '🔥' }).waitFor();
  });
});

describe('the room\'s chat beside the video', () => {
  it('is covered by none of the floating buttons, wherever the page is scrolled', async ({ browsers }) => {
    const leader = await newPerson();
    const { page: opened } = await browsers.as(leader, { context: { viewport: { width: 1366, height: 768 } } });
    const { page } = await makeRoom(browsers, leader, await seriesOf(), opened);
    await page.locator('button.chat-launcher').waitFor();
    const form = page.getByRole('form', { name: 'Сообщение в комнату' });
    const controls = [form.getByRole('button', { name: 'Отправить' }), form.getByLabel('Сообщение'), form.getByRole('button', { name: 'Эмодзи' })];
    // What covers a control at its centre, when that centre is on screen below the sticky header: nothing, or the element named.
    const coveredBy = (el: Element) => {
      const box = el.getBoundingClientRect();
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      const headerBottom = document.querySelector('.header')?.getBoundingClientRect().bottom ?? 0;
      if (y < headerBottom || y > innerHeight) return null;
      const hit = document.elementFromPoint(x, y);
      return hit && el.contains(hit) ? null : `${hit?.tagName} ${hit?.getAttribute('class')}`;
    };
    // The floating buttons come back a moment after focus leaves a field (global.css): once back and
    // still, every scroll position, in steps shorter than the launcher is tall, on the whole screen and
    // in the page area a 1366 × 768 screen leaves under the browser's own bars.
    const launcher = page.locator('button.chat-launcher');
    await expect.poll(() => launcher.evaluate((el) => el.getAnimations().length === 0 && getComputedStyle(el).translate === 'none')).toBe(true);
    for (const height of [768, 650]) {
      await page.setViewportSize({ width: 1366, height });
      const end = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
      for (let y = 0; y <= end + 20; y += 20) {
        await page.evaluate((top) => new Promise((done) => {
          window.scrollTo({ top, behavior: 'instant' });
          requestAnimationFrame(done);
        }), y);
        for (const control of controls) expect(await control.evaluate(coveredBy), `${height} px high, scrolled to ${y}`).toBeNull();
      }
    }
  });
});

describe('the leader', () => {
  it('lets only themselves control: a member\'s pause is undone and they are told why', async ({ browsers }) => {
    const { leaderPage, memberPage } = await roomOfTwo(browsers);
    await leaderPage.getByRole('radio', { name: CONTROL_WORDS.leader }).click();
    await memberPage.locator('.room-bar').getByText(CONTROL_WORDS.leader).waitFor();
    await seekBy(leaderPage, 18);
    await playerKey(leaderPage, 'k');
    await expect.poll(() => videoPaused(memberPage)).toBe(false);

    await playerKey(memberPage, 'k');
    await memberPage.locator('.room-overlay__notice').getByText(ROOM_MESSAGES.leaderOnly).waitFor();
    const at = await videoTime(memberPage);
    await expect.poll(() => videoPaused(memberPage)).toBe(false);
    await expect.poll(() => videoTime(memberPage)).toBeGreaterThan(at + 1);
    expect((await roomMoment(leaderPage)).playing).toBe(true);
    expect(await videoPaused(leaderPage)).toBe(false);
  });

  it('hands the lead over, and removes a member, who is told so', async ({ browsers }) => {
    const { leader, member, leaderPage, memberPage } = await roomOfTwo(browsers);
    await memberRow(leaderPage, member).getByRole('button', { name: 'Сделать ведущим' }).click();
    await expect.poll(() => memberRow(memberPage, member).textContent()).toContain('ведущий');
    await memberPage.getByRole('radio', { name: CONTROL_WORDS.all }).waitFor();
    await expect.poll(() => leaderPage.getByRole('radio', { name: CONTROL_WORDS.all }).count()).toBe(0);

    await memberRow(memberPage, leader).getByRole('button', { name: 'Удалить' }).click();
    await memberPage.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
    await leaderPage.getByText(ROOM_MESSAGES.removed).waitFor();
    await expect.poll(() => memberRow(memberPage, leader).count()).toBe(0);
  });
});

/**
 * The member's video served a few seconds at a time; after `stall()` it gets no more until `release()`, so a
 * seek lands past what it holds, whatever it had buffered before.
 */
async function videoThatStalls(page: Page): Promise<{ stall(): void; release(): Promise<void> }> {
  const held: (() => void)[] = [];
  let stalled = false;
  await page.route('**/assets/**', async (route) => {
    const range = /bytes=(\d+)-/.exec(route.request().headers().range ?? '');
    if (!range) return route.continue();
    if (stalled) return void held.push(() => void route.continue().catch(() => undefined));
    const whole = await route.fetch({ headers: { ...route.request().headers(), range: 'bytes=0-' } });
    const body = await whole.body();
    const start = Number(range[1]);
    const end = Math.min(body.length, start + 64 * 1024) - 1;
    await route.fulfill({
      status: 206,
      headers: { 'content-type': whole.headers()['content-type'] ?? 'video/mp4', 'accept-ranges': 'bytes', 'content-range': `bytes ${start}-${end}/${body.length}` },
      body: body.subarray(start, end + 1),
    });
  });
  return {
    stall: () => { stalled = true; },
    async release() {
      await page.unroute('**/assets/**');
      held.forEach((go) => go());
    },
  };
}

/** A room of two whose member's video has stalled after the leader's seek and play: the leader sees them loading. */
async function roomHeldByAStall(browsers: Browsers) {
  const room = await roomOfTwo(browsers);
  const { member, leaderPage, memberPage } = room;
  const video = await videoThatStalls(memberPage);
  await memberPage.reload();
  await roomReady(memberPage);
  video.stall();
  await seekBy(leaderPage, DEMO_CLIP.ending.start - 10);
  await expect.poll(async () => (await roomMoment(memberPage)).position).toBeCloseTo(DEMO_CLIP.ending.start - 10, 0);
  await playerKey(leaderPage, 'k');
  await expect.poll(() => memberRow(leaderPage, member).locator('.room-member__state').textContent(), { timeout: 30_000 })
    .toBe(MEMBER_STATE_WORDS.loading);
  expect((await roomMoment(leaderPage)).playing).toBe(false);
  return { ...room, video };
}

describe('waiting', () => {
  it('a member whose video stalls holds the room, until the leader chooses «Не ждать»', async ({ browsers }) => {
    const { leaderPage, video } = await roomHeldByAStall(browsers);
    const dontWait = leaderPage.getByRole('button', { name: 'Не ждать' });
    await dontWait.waitFor({ timeout: ROOM_WAIT_LIMIT_MS + 15_000 });
    await dontWait.click();
    await expect.poll(async () => (await roomMoment(leaderPage)).playing).toBe(true);
    const at = await videoTime(leaderPage);
    await expect.poll(() => videoTime(leaderPage)).toBeGreaterThan(at + 0.5);
    await video.release();
  });

  it('a member whose video stalls holds the room, and it plays on together once their video comes', async ({ browsers }) => {
    const { leaderPage, memberPage, video } = await roomHeldByAStall(browsers);
    await video.release();
    await expect.poll(async () => (await roomMoment(leaderPage)).playing).toBe(true);
    for (const page of [leaderPage, memberPage]) {
      const at = await videoTime(page);
      await expect.poll(() => videoTime(page)).toBeGreaterThan(at + 0.5);
      await expect.poll(() => gapToRoom(page), { timeout: 10_000 }).toBeLessThan(0.25);
    }
  });
});

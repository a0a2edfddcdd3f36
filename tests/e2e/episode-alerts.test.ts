/**
 * New-episode alerts, in Chromium against the built site: an editor adds an episode to a title a
 * person marks 'Смотрю'; the person's account icon counts it, the profile's 'Новые серии' lists
 * it, and marking it read (one, or all at once) clears the counter and is kept by the backend.
 * Its link opens the title's player on that episode, in its season, and reads the alert.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from './support/test.ts';
import { MARK_TYPES } from '../../shared/rules.ts';
import { apiOf } from './support/account.ts';
import { newPerson } from './support/people.ts';
import { adminApi, hydrated, patientPolls, renderChanges } from './support/site.ts';
import { playerHref } from '../../src/lib/episode-link.ts';

patientPolls(20_000);

const WATCHING = MARK_TYPES[3];
const made: number[] = [];

afterAll(async () => {
  const api = await adminApi();
  for (const id of made) await api.request('DELETE', `/items/titles/${id}`);
});

/** A person marking a title of its own 'Смотрю', and a new episode of it: one unread alert. */
async function personWithAlert() {
  const api = await adminApi();
  // A title of its own: the seeded catalogue that other tests read stays as it is.
  const title = await api.post<{ id: number; slug: string; name: string }>('/items/titles', {
    status: 'published', slug: `alerts-${randomUUID().slice(0, 8)}`, name: 'Сериал для оповещений', source: 'video', typeSource: 'Без сезонов',
  });
  made.push(title.id);
  const person = await newPerson();
  await (await apiOf(person)).post('/items/favorites', { type: WATCHING, title: title.id });
  const episode = await api.post<{ id: number }>('/items/series', { title: title.id, name: '7 серия', sort: 7 });
  const alertsOf = () => api.get<{ id: number; read: boolean }[]>(`/items/alerts?filter[user][_eq]=${person.id}&fields=id,read`);
  await expect.poll(async () => (await alertsOf()).length).toBe(1);
  return { person, title, episode, alertsOf };
}

/**
 * A title of three seasons of embeds, the third's «12 серия» last, that a person marks 'Смотрю'; then
 * an editor adds «13 серия» to the third season, an upload: one unread alert. The pages are built again.
 */
async function seasonsWithAlert() {
  const api = await adminApi();
  const [{ iframe }] = await api.get<{ iframe: string }[]>('/items/series?filter[iframe][_starts_with]=/embed/&fields=iframe&limit=1');
  const [{ video }] = await api.get<{ video: string }[]>('/items/series?filter[video][_nnull]=true&filter[deleted][_eq]=false&fields=video&limit=1');
  const title = await api.post<{ id: number; slug: string; name: string }>('/items/titles', {
    status: 'published', slug: `alerts-seasons-${randomUUID().slice(0, 8)}`, name: 'Хроники для оповещений', source: 'iframe', typeSource: 'Сезоны',
  });
  made.push(title.id);
  const seasons = await api.post<{ id: number }[]>('/items/iframeSeasons', [1, 2, 3].map((n) => ({ title: title.id, name: `${n} сезон`, sort: n })));
  // The demo's serial player, at each episode's season and number.
  const player = iframe.replace(/&(season|episode)=\d+/g, '');
  const earlier = await api.post<{ id: number; iframe: string }[]>('/items/series', seasons.map((s, i) => {
    const number = [1, 6, 12][i];
    return { title: title.id, season: s.id, name: `${number} серия`, sort: 1, source: 'iframe', iframe: `${player}&season=${i + 1}&episode=${number}` };
  }));
  const person = await newPerson();
  await (await apiOf(person)).post('/items/favorites', { type: WATCHING, title: title.id });
  const episode = await api.post<{ id: number }>('/items/series', { title: title.id, season: seasons[2].id, name: '13 серия', sort: 2, source: 'video', video });
  const alertsOf = () => api.get<{ id: number; read: boolean }[]>(`/items/alerts?filter[user][_eq]=${person.id}&fields=id,read`);
  await expect.poll(async () => (await alertsOf()).length).toBe(1);
  await renderChanges({ titles: [title.id] });
  return { person, title, episode, earlier, alertsOf };
}

describe('new-episode alerts', () => {
  it('count on the account icon and list on the profile, where they are marked read', async ({ browsers }) => {
    const { person, title, episode, alertsOf } = await personWithAlert();
    const { page } = await browsers.as(person);
    await page.goto('/');
    const badge = page.locator('header .header__account [data-testid="alert-badge"]');
    await expect.poll(() => badge.locator('[aria-hidden="true"]').innerText()).toBe('1');

    await page.goto('/profile?tab=new-episodes');
    const pane = page.getByRole('region', { name: 'Новые серии' });
    const item = pane.locator('.alert', { hasText: title.name });
    await expect.poll(() => item.innerText()).toContain('новая серия «7 серия»');
    expect(await item.getAttribute('class')).toContain('alert--unread');
    expect(await item.locator(`a[href="${playerHref(title.slug, episode.id)}"]`).count()).toBe(1);

    await item.getByRole('button', { name: `Отметить прочитанным: ${title.name}` }).click();
    await expect.poll(() => item.getAttribute('class')).toBe('alert');
    await badge.first().waitFor({ state: 'detached' });
    expect(await alertsOf()).toEqual([{ id: expect.any(Number), read: true }]);
  });

  it('are all marked read at once, the person\'s own alone', async ({ browsers }) => {
    const { person, title, alertsOf } = await personWithAlert();
    await (await adminApi()).post('/items/series', { title: title.id, name: '8 серия', sort: 8 });
    await expect.poll(async () => (await alertsOf()).length).toBe(2);
    const someoneElse = await personWithAlert();

    const { page } = await browsers.as(person);
    await page.goto('/profile?tab=new-episodes');
    const pane = page.getByRole('region', { name: 'Новые серии' });
    const unread = pane.locator('.alert--unread');
    await expect.poll(() => unread.count()).toBe(2);
    await pane.getByRole('button', { name: 'Отметить все прочитанными' }).click();
    await expect.poll(() => unread.count()).toBe(0);
    expect((await alertsOf()).map((a) => a.read)).toEqual([true, true]);
    expect((await someoneElse.alertsOf()).map((a) => a.read)).toEqual([false]);
  });

  it('and unread messages are counted apart on the account icon, neither covering the other', async ({ browsers }) => {
    const { person } = await personWithAlert();
    const friend = await apiOf(await newPerson());
    const chat = await friend.post<{ id: number }>('/items/chats', { user_invited: [{ directus_users_id: person.id }] });
    await friend.post('/items/messages', { text: 'Привет! Вышла новая серия', privateChat: chat.id });

    const { page } = await browsers.as(person);
    await page.goto('/');
    const account = page.locator('header .header__account');
    const alerts = account.locator('[data-testid="alert-badge"]');
    const unread = account.locator('.account-unread');
    await expect.poll(() => alerts.locator('[aria-hidden="true"]').innerText()).toBe('1');
    await expect.poll(() => unread.innerText()).toContain('1');
    const [a, b] = [(await alerts.boundingBox())!, (await unread.boundingBox())!];
    const apart = a.y + a.height <= b.y || b.y + b.height <= a.y || a.x + a.width <= b.x || b.x + b.width <= a.x;
    expect(apart).toBe(true);
  });

  it('open the title\'s player on their episode, in its season, ready to play, and are read once opened', async ({ browsers }) => {
    const { person, title, episode, alertsOf } = await seasonsWithAlert();
    const { page } = await browsers.as(person);
    await page.goto('/profile?tab=new-episodes');
    const badge = page.locator('header .header__account [data-testid="alert-badge"]');
    await expect.poll(() => badge.locator('[aria-hidden="true"]').innerText()).toBe('1');
    const item = page.getByRole('region', { name: 'Новые серии' }).locator('.alert', { hasText: title.name });
    await expect.poll(() => item.getAttribute('class')).toBe('alert alert--unread');

    await item.getByRole('link', { name: title.name }).click();
    await page.waitForURL((url) => url.pathname === `/${title.slug}`);
    await hydrated(page, '#player');
    const player = page.locator('#player');
    await expect.poll(() => player.getByRole('tab', { name: '3 сезон' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => player.getByRole('button', { name: '13 серия', exact: true }).getAttribute('aria-current')).toBe('true');
    await expect.poll(() => player.locator('video').getAttribute('aria-label')).toBe(`${title.name}: 13 серия`);
    // Read in the backend, and counted so by the badge: at once, and from the backend after a reload.
    expect(await alertsOf()).toEqual([{ id: expect.any(Number), read: true }]);
    expect(await badge.count()).toBe(0);
    await page.evaluate(() => localStorage.removeItem('unreadAlerts'));
    const counted = page.waitForResponse((r) => r.url().includes('/items/alerts') && r.url().includes('aggregate'));
    await page.reload();
    await counted;
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await badge.count()).toBe(0);
    expect(episode.id).toBeGreaterThan(0);
  });

  it('name their episode in the address, an embed as well; an episode of another title opens the first', async ({ browsers }) => {
    const { person, title, earlier } = await seasonsWithAlert();
    const { page } = await browsers.as(person);
    const player = page.locator('#player');
    // First, while the person has no place kept in the title (an embed opened is kept as one).
    const [{ id: foreign }] = await (await adminApi()).get<{ id: number }[]>(`/items/series?filter[title][_neq]=${title.id}&fields=id&limit=1`);
    for (const id of [foreign, 'abc']) {
      await page.goto(`/${title.slug}?tab=seasons&episode=${id}#player`);
      await hydrated(page, '#player');
      // The signed-in parts, which read the address, are here once «Смотреть вместе» is; their effects run within two frames.
      await player.getByRole('button', { name: 'Смотреть вместе', exact: true }).waitFor();
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await player.getByRole('button', { name: '1 серия', exact: true }).getAttribute('aria-current')).toBe('true');
      expect(await player.getByRole('tab', { name: '1 сезон' }).getAttribute('aria-selected')).toBe('true');
    }

    await page.goto(playerHref(title.slug, earlier[1].id));
    await hydrated(page, '#player');
    await expect.poll(() => player.getByRole('tab', { name: '2 сезон' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => player.getByRole('button', { name: '6 серия', exact: true }).getAttribute('aria-current')).toBe('true');
    await expect.poll(() => page.frames().some((f) => f.url().endsWith(earlier[1].iframe))).toBe(true);
  });
});

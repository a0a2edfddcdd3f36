/**
 * New-episode alerts, in Chromium against the built site: an editor adds an episode to a title a
 * person marks 'Смотрю'; the person's account icon counts it, the profile's 'Новые серии' lists
 * it, and marking it read (one, or all at once) clears the counter and is kept by the backend.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from './support/test.ts';
import { MARK_TYPES } from '../../shared/rules.ts';
import { apiOf } from './support/account.ts';
import { newPerson } from './support/people.ts';
import { adminApi, patientPolls } from './support/site.ts';

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
    expect(await item.locator(`a[href="/${title.slug}?tab=seasons#player"]`).count()).toBe(1);

    await item.getByRole('button', { name: `Отметить прочитанным: ${title.name}` }).click();
    await expect.poll(() => item.getAttribute('class')).toBe('alert');
    await badge.first().waitFor({ state: 'detached' });
    expect(await alertsOf()).toEqual([{ id: expect.any(Number), read: true }]);
    expect(episode.id).toBeGreaterThan(0);
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
});

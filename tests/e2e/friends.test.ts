/**
 * Friends in Chromium against the built site and a real Directus, two people in two browser
 * contexts: a request from a profile, seen by the other on their next page load (the site does not
 * push friendships live) and accepted; both then in each other's friends lists, and the friend
 * first in the chat sidebar, whose avatar opens (starts) the private chat; a request declined,
 * one cancelled, a friend removed after the confirm dialog; and a visitor asked to sign in.
 */
import type { Page } from 'playwright-core';
import { chatsBetween, newPerson, sessionOf, type Person } from './support/people.ts';
import { adminApi, hydrated, patientPolls } from './support/site.ts';
import { describe, expect, inject, it, type Browsers } from './support/test.ts';

patientPolls(15_000);

/** The person's signed-in page (its errors are checked by the fixture after the test). */
const pageOf = async (browsers: Browsers, person: Person): Promise<Page> => (await browsers.as(person)).page;

/** A call to the API as the person, as the site makes it. */
async function asPerson<T = unknown>(person: Person, method: string, path: string, body?: unknown): Promise<T> {
  const { access_token } = await sessionOf(person);
  const res = await fetch(`${inject('e2eDirectusUrl')}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

const askFriendship = (from: Person, to: Person) => asPerson<{ id: number }>(from, 'POST', '/items/friendships?fields=id', { addressee: to.id });

async function befriend(from: Person, to: Person): Promise<number> {
  const { id } = await askFriendship(from, to);
  await asPerson(to, 'PATCH', `/items/friendships/${id}?fields=id`, { status: 'accepted' });
  return id;
}

/** The friendship rows of two people, either way, as the administrator sees them. */
async function friendshipsBetween(a: Person, b: Person): Promise<{ requester: string; addressee: string; status: string }[]> {
  const api = await adminApi();
  const filter = JSON.stringify({
    _or: [
      { _and: [{ requester: { _eq: a.id } }, { addressee: { _eq: b.id } }] },
      { _and: [{ requester: { _eq: b.id } }, { addressee: { _eq: a.id } }] },
    ],
  });
  return api.get(`/items/friendships?fields=requester,addressee,status&filter=${encodeURIComponent(filter)}`);
}

async function openProfile(page: Page, login: string): Promise<void> {
  await page.goto(`/profile/${login}`);
  await hydrated(page, '.public-profile');
  await expect.poll(() => page.locator('main h1').innerText()).toBe(login);
}

async function openFriendsTab(page: Page): Promise<void> {
  await page.goto('/profile?tab=friends');
  await tabSection(page, 'Друзья').waitFor();
}

/** The logins of a profile's «Друзья · N» panel, and its heading. */
async function profileFriends(page: Page): Promise<{ heading: string; logins: string[] }> {
  const panel = page.getByRole('region', { name: /^Друзья/ });
  await panel.getByRole('heading', { name: /^Друзья · \d+$/ }).waitFor();
  return { heading: await panel.getByRole('heading').innerText(), logins: await panel.locator('.friend-grid__item').allInnerTexts() };
}

/** A section of the own profile's Друзья tab, by its heading. */
const TAB_SECTIONS: Record<string, string> = { 'Заявки в друзья': 'friends-incoming', Друзья: 'friends-list', 'Отправленные заявки': 'friends-outgoing' };
const tabSection = (page: Page, heading: string) => page.locator(`section[aria-labelledby="${TAB_SECTIONS[heading]}"]`);
const rowLogins = (page: Page, heading: string) => tabSection(page, heading).locator('.friend-row .person-name').allInnerTexts();

describe('a friend request', () => {
  it('sent from a profile is seen by the other on their next page, accepted; both are then friends, and the friend comes first in the chat sidebar', async ({ browsers }) => {
    const [anna, boris, carl] = await Promise.all([newPerson(), newPerson(), newPerson()]);
    // Anna already writes with Carl, who is no friend: his chat is newer than anything with Boris.
    const carlsChat = await asPerson<{ id: number }>(carl, 'POST', '/items/chats?fields=id', { user_invited: [{ directus_users_id: anna.id }] });
    await asPerson(carl, 'POST', '/items/messages?fields=id', { text: 'Здравствуй, Анна', privateChat: carlsChat.id });
    const a = await pageOf(browsers, anna);
    const b = await pageOf(browsers, boris);
    await openProfile(a, boris.login);
    await a.getByRole('button', { name: 'Добавить в друзья' }).click();
    await a.getByText('Заявка отправлена', { exact: true }).waitFor();
    expect(await a.getByRole('button', { name: 'Отменить заявку' }).count()).toBe(1);
    expect(await friendshipsBetween(anna, boris)).toEqual([{ requester: anna.id, addressee: boris.id, status: 'pending' }]);

    // Boris sees it when he next opens his friends.
    await openFriendsTab(b);
    await expect.poll(() => rowLogins(b, 'Заявки в друзья')).toEqual([anna.login]);
    expect(await rowLogins(b, 'Друзья')).toEqual([]);
    await tabSection(b, 'Заявки в друзья').getByRole('button', { name: 'Принять заявку' }).click();
    await expect.poll(() => rowLogins(b, 'Друзья')).toEqual([anna.login]);
    expect(await tabSection(b, 'Заявки в друзья').count()).toBe(0);
    expect(await friendshipsBetween(anna, boris)).toEqual([{ requester: anna.id, addressee: boris.id, status: 'accepted' }]);

    // Anna sees it on her next page: friends on Boris's profile, and in both lists.
    await openProfile(a, boris.login);
    await a.getByText('Вы друзья', { exact: true }).waitFor();
    expect(await a.getByRole('button', { name: 'Удалить из друзей' }).count()).toBe(1);
    expect(await profileFriends(a)).toEqual({ heading: 'Друзья · 1', logins: [anna.login] });
    expect(await a.getByRole('region', { name: /^Друзья/ }).getByRole('link', { name: anna.login }).getAttribute('href')).toBe(`/profile/${anna.login}`);
    await openProfile(b, anna.login);
    expect(await profileFriends(b)).toEqual({ heading: 'Друзья · 1', logins: [boris.login] });
    await openFriendsTab(a);
    await expect.poll(() => rowLogins(a, 'Друзья')).toEqual([boris.login]);

    // The chat sidebar: Boris first (no chat yet), then Carl's chat; Boris's avatar starts the chat.
    await a.goto('/messages');
    const sidebar = a.getByRole('navigation', { name: 'Чаты' });
    const names = () => sidebar.locator('.chat-list__name').allInnerTexts();
    await expect.poll(names).toEqual(['Онлайн чат', boris.login, carl.login]);
    expect(await chatsBetween(anna, boris)).toEqual([]);
    await sidebar.locator(`[data-friend-id="${boris.id}"] button`).click();
    await a.waitForURL((url) => url.pathname === '/messages' && url.searchParams.has('id'));
    const [chat] = await chatsBetween(anna, boris);
    expect(Number(new URL(a.url()).searchParams.get('id'))).toBe(chat.id);
    await a.locator('.messages-screen .chat-input textarea').waitFor();

    // Carl writes: his chat is the newest, yet the friend's chat stays above it.
    await asPerson(carl, 'POST', '/items/messages?fields=id', { text: 'Привет от Карла', privateChat: carlsChat.id });
    await a.reload();
    // The reloaded page brings the chat's code again: on a busy machine that alone can take a while.
    await sidebar.locator(`[data-chat-id="${carlsChat.id}"]`).waitFor({ timeout: 60_000 });
    await expect.poll(() => sidebar.locator('[data-chat-id]').evaluateAll((items) => items.map((li) => Number(li.getAttribute('data-chat-id')))))
      .toEqual([chat.id, carlsChat.id]);
    expect(await sidebar.locator(`[data-chat-id="${chat.id}"]`).getAttribute('data-friend')).toBe('true');
  });

  it('declined by the addressee on the sender’s profile is gone for both', async ({ browsers }) => {
    const [anna, boris] = await Promise.all([newPerson(), newPerson()]);
    await askFriendship(anna, boris);
    const b = await pageOf(browsers, boris);
    await openProfile(b, anna.login);
    await b.getByText(`${anna.login} хочет добавить вас в друзья`, { exact: true }).waitFor();
    expect(await b.getByRole('button', { name: 'Принять заявку' }).count()).toBe(1);
    await b.getByRole('button', { name: 'Отклонить' }).click();
    await b.getByRole('button', { name: 'Добавить в друзья' }).waitFor();
    expect(await friendshipsBetween(anna, boris)).toEqual([]);
    expect(await profileFriends(b)).toEqual({ heading: 'Друзья · 0', logins: [] });

    const a = await pageOf(browsers, anna);
    await openFriendsTab(a);
    expect(await tabSection(a, 'Отправленные заявки').count()).toBe(0);
    expect(await a.getByText('У вас пока нет друзей.', { exact: false }).count()).toBe(1);
  });

  it('cancelled by its sender, from the profile or the friends tab, leaves nothing to answer', async ({ browsers }) => {
    const [anna, boris, vera] = await Promise.all([newPerson(), newPerson(), newPerson()]);
    const a = await pageOf(browsers, anna);
    await openProfile(a, boris.login);
    await a.getByRole('button', { name: 'Добавить в друзья' }).click();
    await a.getByRole('button', { name: 'Отменить заявку' }).click();
    await a.getByRole('button', { name: 'Добавить в друзья' }).waitFor();
    expect(await friendshipsBetween(anna, boris)).toEqual([]);

    await askFriendship(anna, vera);
    await openFriendsTab(a);
    await expect.poll(() => rowLogins(a, 'Отправленные заявки')).toEqual([vera.login]);
    await tabSection(a, 'Отправленные заявки').getByRole('button', { name: 'Отменить заявку' }).click();
    await tabSection(a, 'Отправленные заявки').waitFor({ state: 'detached' });
    expect(await friendshipsBetween(anna, vera)).toEqual([]);

    const b = await pageOf(browsers, boris);
    await openFriendsTab(b);
    expect(await tabSection(b, 'Заявки в друзья').count()).toBe(0);
  });
});

describe('a friend', () => {
  it('is removed after the confirm dialog, and leaves both lists', async ({ browsers }) => {
    const [anna, boris] = await Promise.all([newPerson(), newPerson()]);
    await befriend(anna, boris);
    const b = await pageOf(browsers, boris);
    await openFriendsTab(b);
    await expect.poll(() => rowLogins(b, 'Друзья')).toEqual([anna.login]);
    await tabSection(b, 'Друзья').getByRole('button', { name: 'Удалить из друзей' }).click();
    const dialog = b.getByRole('dialog', { name: `Удалить ${anna.login} из друзей?` });
    // «Отмена» keeps the friend.
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await friendshipsBetween(anna, boris)).toHaveLength(1);
    await tabSection(b, 'Друзья').getByRole('button', { name: 'Удалить из друзей' }).click();
    await b.getByRole('dialog', { name: `Удалить ${anna.login} из друзей?` }).getByRole('button', { name: 'Удалить', exact: true }).click();
    await b.getByText('У вас пока нет друзей.', { exact: false }).waitFor();
    expect(await friendshipsBetween(anna, boris)).toEqual([]);

    const a = await pageOf(browsers, anna);
    await openProfile(a, boris.login);
    await a.getByRole('button', { name: 'Добавить в друзья' }).waitFor();
    expect(await profileFriends(a)).toEqual({ heading: 'Друзья · 0', logins: [] });
  });
});

describe('a visitor', () => {
  it('sees the person’s friends and is asked to sign in, with no friend button', async ({ browsers }) => {
    const [anna, boris] = await Promise.all([newPerson(), newPerson()]);
    await befriend(anna, boris);
    const { page } = await browsers.visitor();
    await openProfile(page, boris.login);
    expect(await profileFriends(page)).toEqual({ heading: 'Друзья · 1', logins: [anna.login] });
    const hint = page.locator('.profile-card__hint');
    expect(await hint.innerText()).toBe(`Войдите, чтобы добавить ${boris.login} в друзья.`);
    expect(await hint.getByRole('link', { name: 'Войдите' }).getAttribute('href')).toBe(`/login?next=${encodeURIComponent(`/profile/${boris.login}`)}`);
    expect(await page.getByRole('button', { name: 'Добавить в друзья' }).count()).toBe(0);
  });
});

/**
 * Helpers for the own account tests: a person's own API calls, their stored session, and seeded
 * rows the tests mark.
 */
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { AdminApi } from '../../../directus/apply/admin-api.ts';
import { sessionOf, type Person } from './people.ts';
import { adminApi } from './site.ts';

/** The person's own API, as their browser would call it (a fresh session). */
export async function apiOf(person: Person): Promise<AdminApi> {
  return new AdminApi(inject('e2eDirectusUrl'), (await sessionOf(person)).access_token);
}

/**
 * The person's calls through the site's own /api, as their browser makes them: a write there clears
 * the visitors' short cache of what it changed, so a page opened next shows it at once.
 */
export async function siteApiOf(person: Person): Promise<AdminApi> {
  return new AdminApi(`${inject('siteUrl')}/api`, (await sessionOf(person)).access_token);
}

/** A person's profile fields as the administrator reads them. */
export async function profileRow<T = Record<string, unknown>>(id: string, fields: string): Promise<T> {
  return (await adminApi()).get<T>(`/users/${id}?fields=${fields}`);
}

export interface TitleRow { id: number; name: string; slug: string }

/** Published titles of the seed, in a stable order. */
export async function publishedTitles(limit: number): Promise<TitleRow[]> {
  return (await adminApi()).get<TitleRow[]>(`/items/titles?filter[status][_eq]=published&fields=id,name,slug&sort=id&limit=${limit}`);
}

/** The stored session's access token of the page. */
export function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('session');
    return raw ? (JSON.parse(raw) as { access_token: string }).access_token : null;
  });
}

/** What /users/me answers a bearer token with: its HTTP status. */
export async function meStatusWith(token: string): Promise<number> {
  const res = await fetch(`${inject('e2eDirectusUrl')}/users/me?fields=id`, { headers: { authorization: `Bearer ${token}` } });
  return res.status;
}

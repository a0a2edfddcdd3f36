/**
 * Signed-in people for the browser tests: accounts made by the e2e backend's administrator or seeded
 * with the demo, and browser contexts that start already signed in (the session stored as the site
 * stores it), so a test of a profile screen does not sign in through the form every time. The
 * sign-in form has its own tests.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import { ROLES } from '../../../shared/rules.ts';
import { DEMO_PASSWORD } from '../../../directus/seed/community.ts';
import { USERS } from '../../../directus/seed/data/community.ts';
import { SESSION_KEY, type Session } from '../../../src/features/account/session.ts';
import { visitor, adminApi, type Visitor, type VisitorOptions } from './site.ts';

export interface Person {
  id: string;
  login: string;
  email: string;
  password: string;
}

/** A new account with a full profile (User role unless told), made through the admin API. */
export async function newPerson(o: { role?: string; login?: string; extra?: Record<string, unknown> } = {}): Promise<Person> {
  const api = await adminApi();
  const login = o.login ?? `p_${randomUUID().slice(0, 8)}`;
  const person = { login, email: `${login.toLowerCase()}@example.com`, password: 'secret-password-1' };
  const created = await api.post<{ id: string }>('/users', {
    ...person, role: o.role ?? ROLES.user, status: 'active', first_name: 'Тест', last_name: 'Зритель', dob: '1995-05-17', gender: 'Женский', ...o.extra,
  });
  return { id: created.id, ...person };
}

/** A person of the demo seed (logins in directus/seed/data/community.ts), with the demo password. */
export async function demoPerson(login: string): Promise<Person> {
  const seeded = USERS.find((u) => u.login === login);
  if (!seeded) throw new Error(`${login} is no demo person`);
  const [row] = await (await adminApi()).get<{ id: string }[]>(`/users?filter[login][_eq]=${encodeURIComponent(login)}&fields=id&limit=1`);
  if (!row) throw new Error(`${login} was not seeded`);
  return { id: row.id, login, email: seeded.email, password: DEMO_PASSWORD };
}

/** A remembered session of the person, signed in through the API as the site signs in. */
export async function sessionOf(person: Pick<Person, 'email' | 'password'>): Promise<Session> {
  const res = await fetch(`${inject('e2eDirectusUrl')}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: person.email, password: person.password, mode: 'json' }),
  });
  const body = (await res.json()) as { data?: { access_token: string; refresh_token: string; expires: number } };
  if (!res.ok || !body.data) throw new Error(`sign-in of ${person.email} failed: ${res.status} ${JSON.stringify(body)}`);
  const { access_token, refresh_token, expires } = body.data;
  return { access_token, refresh_token, expires, expires_at: Date.now() + expires, remember: true };
}

/** A browser context of the person, signed in from its first page on. */
export async function signedIn(browser: Browser, person: Person, options: VisitorOptions = {}): Promise<Visitor> {
  const session = await sessionOf(person);
  const v = await visitor(browser, { acceptCookies: true, ...options });
  await v.context.addInitScript(([key, value]: [string, string]) => {
    if (sessionStorage.getItem('__e2e_signed_in')) return;
    sessionStorage.setItem('__e2e_signed_in', '1');
    localStorage.setItem(key, value);
  }, [SESSION_KEY, JSON.stringify(session)] as [string, string]);
  return v;
}

/** The private chats between two people, in either direction, as the administrator sees them. */
export async function chatsBetween(a: Person, b: Person): Promise<{ id: number }[]> {
  const api = await adminApi();
  const filter = JSON.stringify({
    _or: [
      { _and: [{ user_created: { _eq: a.id } }, { user_invited: { _some: { directus_users_id: { _eq: b.id } } } }] },
      { _and: [{ user_created: { _eq: b.id } }, { user_invited: { _some: { directus_users_id: { _eq: a.id } } } }] },
    ],
  });
  return api.get(`/items/chats?fields=id&filter=${encodeURIComponent(filter)}`);
}

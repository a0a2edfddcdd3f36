/**
 * What the backup tests keep, change and expect back on a Directus of their own: a title, a person
 * with a password and an uploaded picture (their avatar), the person's review of the title, and the
 * row counts a manifest records.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Backend } from '../../scripts/lib/backend.ts';
import { COUNTED_TABLES } from '../../scripts/lib/backup/manifest.ts';
import { ROLES } from '../../shared/rules.ts';
import { pngBytes, upload } from './api.ts';

export interface Kept {
  title: { id: number; slug: string; name: string };
  person: { id: string; email: string; password: string };
  picture: { id: string; bytes: Uint8Array<ArrayBuffer> };
  review: { id: number; text: string };
  counts: Record<string, number>;
}

export async function send(base: string, method: string, route: string, opts: { token?: string; body?: unknown } = {}): Promise<{ status: number; data: any }> {
  const isForm = opts.body instanceof FormData;
  const res = await fetch(`${base}${route}`, {
    method,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.body && !isForm ? { 'content-type': 'application/json' } : {}) },
    body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, data: text ? JSON.parse(text).data : null };
}

export const signIn = (base: string, email: string, password: string) => send(base, 'POST', '/auth/login', { body: { email, password } });

/** Rows of a table as the admin counts them through the API (directus_users → /users, others → /items/...). */
export async function countRows(backend: Backend, table: string): Promise<number> {
  const route = table.startsWith('directus_') ? `/${table.slice('directus_'.length)}` : `/items/${table}`;
  const rows = await backend.api.get<{ count: number | string }[]>(`${route}?aggregate[count]=*`);
  return Number(rows[0].count);
}

export async function countAll(backend: Backend): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) counts[table] = await countRows(backend, table);
  return counts;
}

/** A person signs up through the admin, uploads their avatar and reviews the published title. */
export async function keepThings(backend: Backend, title: Kept['title']): Promise<Kept> {
  const base = backend.url;
  const person = { id: '', email: `backup-${randomUUID().slice(0, 8)}@example.com`, password: 'backup-password-1' };
  person.id = (await backend.api.post<{ id: string }>('/users', {
    email: person.email, password: person.password, role: ROLES.user, login: `b${randomUUID().slice(0, 8)}`, first_name: 'Тест', last_name: 'Резервный',
  })).id;
  const token = (await signIn(base, person.email, person.password)).data.access_token as string;
  const bytes = pngBytes();
  const picture = await send(base, 'POST', '/files', { token, body: upload(bytes, 'image/png', 'avatar.png') });
  expect(picture.status).toBe(200);
  expect((await send(base, 'PATCH', '/users/me', { token, body: { avatar: picture.data.id } })).status).toBe(200);
  const text = `Отзыв перед резервной копией ${randomUUID().slice(0, 8)}`;
  const review = await send(base, 'POST', '/items/comments', { token, body: { text, title: title.id } });
  expect(review.status).toBe(200);
  return { title, person, picture: { id: picture.data.id, bytes }, review: { id: review.data.id, text }, counts: await countAll(backend) };
}

export const renamed = (kept: Kept) => `${kept.title.name} (переименован)`;
const visitorTitle = (base: string, kept: Kept) => send(base, 'GET', `/items/titles/${kept.title.id}?fields=name`);

/** The title renamed (and read so by a visitor, which a cache would keep), the review, the person and their picture deleted. */
export async function changeThings(backend: Backend, kept: Kept): Promise<void> {
  const { api, url } = backend;
  await api.patch(`/items/titles/${kept.title.id}`, { name: renamed(kept) });
  expect((await visitorTitle(url, kept)).data.name).toBe(renamed(kept));
  await api.delete(`/items/comments/${kept.review.id}`);
  // Deleting a person takes their uploads with them.
  await api.delete(`/users/${kept.person.id}`);
  expect((await signIn(url, kept.person.email, kept.person.password)).status).toBe(401);
  expect((await send(url, 'GET', `/assets/${kept.picture.id}`)).status).not.toBe(200);
  expect((await send(url, 'GET', `/items/comments/${kept.review.id}`)).status).not.toBe(200);
}

/** Everything as it was at the backup: the person signs in and sees their avatar, whose bytes are served again. */
export async function expectThingsBack(backend: Backend, kept: Kept): Promise<void> {
  const { api, url } = backend;
  expect((await api.get(`/items/titles/${kept.title.id}?fields=name`)).name).toBe(kept.title.name);
  expect((await visitorTitle(url, kept)).data.name).toBe(kept.title.name);
  expect(await api.get(`/items/comments/${kept.review.id}?fields=text,title`)).toEqual({ text: kept.review.text, title: kept.title.id });
  const session = await signIn(url, kept.person.email, kept.person.password);
  expect(session.status).toBe(200);
  const me = await send(url, 'GET', '/users/me?fields=id,avatar', { token: session.data.access_token });
  expect(me.data).toEqual({ id: kept.person.id, avatar: kept.picture.id });
  const asset = await fetch(`${url}/assets/${kept.picture.id}`);
  expect(asset.status).toBe(200);
  expect(new Uint8Array(await asset.arrayBuffer())).toEqual(kept.picture.bytes);
  expect(await countAll(backend)).toEqual(kept.counts);
}

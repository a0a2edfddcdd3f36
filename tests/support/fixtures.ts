/** Fixtures for the API suites: row counts seen by the admin, shop items, images, many users at once. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { ApiError } from '../../directus/apply/admin-api.ts';
import { ROLES } from '../../shared/rules.ts';
import { admin, call, pngBytes, upload, type Reply, type TestUser } from './api.ts';

/** How many rows of a collection match a filter, counted by the admin (who sees everything). */
export async function countRows(collection: string, filter: Record<string, unknown> = {}): Promise<number> {
  const a = await admin();
  const base = collection.startsWith('directus_') ? `/${collection.slice('directus_'.length)}` : `/items/${collection}`;
  const rows = await a.get<{ count: { id: number | string } }[]>(
    `${base}?aggregate[count]=id&filter=${encodeURIComponent(JSON.stringify(filter))}`,
  );
  return Number(rows[0]?.count?.id ?? 0);
}

/** One row as the admin sees it. */
export async function adminRead<T = any>(collection: string, id: string | number, fields = '*'): Promise<T> {
  const a = await admin();
  const base = collection.startsWith('directus_') ? `/${collection.slice('directus_'.length)}` : `/items/${collection}`;
  return a.get<T>(`${base}/${id}?fields=${fields}`);
}

/** Asserts a refusal: the status (or any 4xx) and, when given, the Russian reason in the message. */
export function expectRefused(res: Reply, status?: number | number[], message?: string): void {
  if (Array.isArray(status)) expect(status).toContain(res.status);
  else if (status) expect(res.status).toBe(status);
  else {
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  }
  if (message) expect(res.errors?.[0]?.message ?? '').toContain(message);
}

/** Runs `act` and asserts it stored no row in `collection` (matching `filter`). */
export async function expectNothingStored(collection: string, filter: Record<string, unknown>, act: () => Promise<Reply>): Promise<Reply> {
  const before = await countRows(collection, filter);
  const res = await act();
  expect(await countRows(collection, filter)).toBe(before);
  return res;
}

/** A published shop item of a type, as the admin creates it. */
export async function shopItem(type: 'nameColor' | 'frame' | 'background', fields: Record<string, unknown> = {}): Promise<{ id: number }> {
  const a = await admin();
  return a.post('/items/shop', { type, name: `Товар ${type} ${randomUUID().slice(0, 4)}`, status: 'published', ...fields });
}

/**
 * Signed-in visitors in bulk: users with static tokens, made in one admin call. Password
 * hashing makes 200 logins take about a minute here; a static token is the same kind of
 * identity to Directus (accountability.user is the person's id) without the hashing.
 */
export async function tokenUsers(n: number, role: string = ROLES.user): Promise<{ id: string; token: string }[]> {
  const a = await admin();
  const stamp = randomUUID().slice(0, 8);
  const rows = Array.from({ length: n }, (_, i) => ({ email: `bulk-${stamp}-${i}@example.com`, token: randomUUID(), role }));
  const created = await a.post<{ id: string; email: string }[]>('/users?fields=id,email', rows);
  return created.map((u) => ({ id: u.id, token: rows.find((r) => r.email === u.email)!.token }));
}

/** A 2×2 JPEG and WebP, made with sharp once and kept as bytes. */
export function jpegBytes(): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(Buffer.from(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAwb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCSABTv/9k=',
    'base64',
  ));
}

export function webpBytes(): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(Buffer.from('UklGRjQAAABXRUJQVlA4ICgAAABwAQCdASoCAAIAAsBMJaACdAFAAAD+7L2IwmknR/89M/9gf/JHwsAA', 'base64'));
}

export function textBytes(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(Buffer.from(text, 'utf8'));
}

/** Uploads one file as the given user; returns the reply of POST /files. */
export function uploadAs(user: Pick<TestUser, 'token'>, bytes: Uint8Array<ArrayBuffer>, type: string, name: string): Promise<Reply<{ id: string; type: string }>> {
  return call('POST', '/files', { token: user.token, body: upload(bytes, type, name) });
}

/** A picture uploaded for a private chat: the `chat` field comes before the file, as Directus requires. */
export function chatUpload(chat: number | string): FormData {
  const form = new FormData();
  form.append('chat', String(chat));
  form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'photo.png');
  return form;
}

/** Messages, comments and the like need a little text now and then. */
export const words = (n: number, ch = 'я') => ch.repeat(n);

/** An admin call that answers like `call` (status and errors) instead of throwing on a refusal. */
export async function asAdmin<T = any>(method: string, path: string, body?: unknown): Promise<Reply<T>> {
  const a = await admin();
  try {
    const data = await a.request<T>(method, path, body);
    return { status: data === undefined ? 204 : 200, data };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { status: err.status, data: undefined as T, errors: (err.body as { errors?: Reply['errors'] })?.errors };
  }
}

/** A Directus timestamp as milliseconds; SQLite gives no zone (it is UTC), PostgreSQL gives one. */
export function timestampMs(value: string): number {
  return new Date(/(Z|[+-]\d\d:?\d\d)$/.test(value) ? value : `${value}Z`).getTime();
}

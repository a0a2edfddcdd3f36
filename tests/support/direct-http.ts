/**
 * HTTP calls to a Directus the test started itself (not the shared one of the api project), and
 * people made on it: the fault tests stop, kill and restart their own backends.
 */
import { randomUUID } from 'node:crypto';
import type { AdminApi } from '../../directus/apply/admin-api.ts';
import { ROLES } from '../../shared/rules.ts';

export interface Reply<T = any> { status: number; data: T; errors?: { message: string; extensions?: { code?: string } }[] }

export async function http<T = any>(base: string, method: string, route: string, o: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Reply<T>> {
  const isForm = o.body instanceof FormData;
  const res = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      ...o.headers,
    },
    body: o.body === undefined ? undefined : isForm ? (o.body as FormData) : JSON.stringify(o.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json: { data?: T; errors?: Reply['errors'] } = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    throw new Error(`${method} ${route} → ${res.status}, not JSON: ${text.slice(0, 300)}`);
  }
  return { status: res.status, data: json.data as T, errors: json.errors };
}

export interface Person { id: string; login: string; token: string }

/** A user made by the admin and signed in, both through `base`. */
export async function newPerson(api: AdminApi, base: string): Promise<Person> {
  const login = `f${randomUUID().slice(0, 8)}`;
  const email = `${login}@example.com`;
  const password = 'secret-password-1';
  const created = await api.post<{ id: string }>('/users', { email, password, role: ROLES.user, login, first_name: 'Тест' });
  const res = await http<{ access_token: string }>(base, 'POST', '/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login of ${login} failed: ${res.status} ${JSON.stringify(res.errors)}`);
  return { id: created.id, login, token: res.data.access_token };
}

/** What `promise` settles with, or a failure naming `what` once `ms` pass without an answer. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: not within ${Math.round(ms)} ms`)), ms); });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Asks again every `intervalMs` until `ok` holds; resolves with how long it took. An answer that never
 * comes counts as no, so the time limit holds.
 */
export async function timeUntil(ok: () => Promise<boolean>, timeoutMs: number, what: string, intervalMs = 100): Promise<number> {
  const started = performance.now();
  for (let left = timeoutMs; left > 0; left = timeoutMs - (performance.now() - started)) {
    if (await within(ok(), left, what).catch(() => false)) return Math.round(performance.now() - started);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

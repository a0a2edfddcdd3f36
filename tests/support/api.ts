/** Helpers for API tests: raw HTTP calls as a visitor, a user or the admin, and small fixtures. */
import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { AdminApi } from '../../directus/apply/admin-api.ts';
import { ROLES } from '../../shared/rules.ts';
import { ADMIN } from './global-setup.ts';

export interface Reply<T = any> {
  status: number;
  data: T;
  meta?: any;
  errors?: { message: string; extensions?: { code?: string } }[];
}

export const baseUrl = () => inject('directusUrl');

/**
 * One HTTP call; JSON bodies are sent as JSON, FormData as multipart. `ip` is the caller's address
 * as a proxy tells it (Directus trusts X-Forwarded-For from loopback), for limits per address.
 */
export async function call<T = any>(method: string, path: string, opts: { token?: string; body?: unknown; ip?: string } = {}): Promise<Reply<T>> {
  const isForm = opts.body instanceof FormData;
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}),
      ...(opts.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : {};
  return { status: res.status, data: json.data, meta: json.meta, errors: json.errors };
}

let adminApi: AdminApi | undefined;
export async function admin(): Promise<AdminApi> {
  adminApi ??= await AdminApi.login(baseUrl(), ADMIN.email, ADMIN.password);
  return adminApi;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  login: string;
  token: string;
  call<T = any>(method: string, path: string, body?: unknown): Promise<Reply<T>>;
}

/** A signed-in person with the given role (User by default). */
export async function newUser(role: string = ROLES.user, extra: Record<string, unknown> = {}): Promise<TestUser> {
  const login = `u${randomUUID().slice(0, 8)}`;
  const email = `${login}@example.com`;
  const password = 'secret-password-1';
  const a = await admin();
  const created = await a.post<{ id: string }>('/users', { email, password, role, login, first_name: 'Тест', last_name: 'Пользователь', ...extra });
  return signedIn({ id: created.id, email, password, login });
}

/** The person signed in (again): a token of the role they hold now. */
export async function signedIn(person: Pick<TestUser, 'id' | 'email' | 'password' | 'login'>): Promise<TestUser> {
  const session = await login_(person.email, person.password);
  const { id, email, password, login } = person;
  return { id, email, password, login, token: session, call: (method, path, body) => call(method, path, { token: session, body }) };
}

/** A new administrator's session, for calls answered as `call` answers (GraphQL's errors beside a 200 too). */
export const adminToken = () => login_(ADMIN.email, ADMIN.password);

async function login_(email: string, password: string): Promise<string> {
  const res = await call<{ access_token: string }>('POST', '/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.errors)}`);
  return res.data.access_token;
}

let seq = 0;
/** A title in the catalogue (published unless told otherwise), with a category. */
export async function newTitle(fields: Record<string, unknown> = {}): Promise<{ id: number; slug: string }> {
  const a = await admin();
  seq++;
  const slug = `test-title-${Date.now().toString(36)}-${seq}`;
  return a.post('/items/titles', { slug, name: `Тестовый тайтл ${seq}`, status: 'published', views: 0, ...fields });
}

/** A small valid PNG, made in memory. */
export function pngBytes(): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
    'base64',
  ));
}

/** A one-frame GIF, for the premium avatar rule. */
export function gifBytes(): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'));
}

export function upload(bytes: Uint8Array<ArrayBuffer>, type: string, name: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  return form;
}

/**
 * No request body takes an instance down in the production configuration either: two Directus instances on
 * one PostgreSQL database and Redis get the oversized bodies of tests/api/request-bodies.test.ts, every
 * route on both, and both answer after each.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { startBackend, type Backend } from '../../../scripts/lib/backend.ts';
import { directusEnv, type DirectusOptions } from '../../../scripts/lib/directus-env.ts';
import { startDirectus, type RunningDirectus } from '../../../scripts/lib/directus-process.ts';
import { freePort } from '../../../scripts/lib/free-port.ts';
import { startPaymentGateway, type PaymentGateway } from '../../../scripts/lib/payment-gateway.ts';
import {
  assertRedisReachable, clearRedisNamespace, createDatabase, dropDatabase, productionEnv, uniqueName,
} from '../../../scripts/lib/postgres.ts';
import { ROLES } from '../../../shared/rules.ts';
import { pngBytes } from '../../support/api.ts';
import { endpointsReadingBodies, expectDirectusAnswers, sendEveryShape, type BodyEndpoint } from '../../support/request-bodies.ts';

const ADMIN = { email: 'admin@example.com', password: 'admin-prod-bodies-password' };

let name = '';
let dataDir = '';
let a: Backend | undefined;
let b: RunningDirectus | undefined;
let gateway: PaymentGateway | undefined;
let endpoints: BodyEndpoint[] = [];

async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

beforeAll(async () => {
  await assertRedisReachable();
  name = uniqueName();
  await createDatabase(name);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'dorama-prod-bodies-'));
  const port = await freePort();
  gateway = await startPaymentGateway({ directusUrl: `http://127.0.0.1:${port}`, quiet: true });
  const options: DirectusOptions = {
    dataDir,
    port,
    secret: `prod-bodies-secret-${randomUUID()}`,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    extra: { ...productionEnv(name, name), ...gateway.env, RATE_LIMITER_POINTS: '5000', PRESSURE_LIMITER_ENABLED: 'false' },
  };
  a = await startBackend({ ...options, quiet: true });
  b = await startDirectus(directusEnv({ ...options, port: await freePort() }), { quiet: true });

  const login = `bodies${randomUUID().slice(0, 8)}`;
  const [, other] = await Promise.all([login, `${login}x`].map((l) =>
    a!.api.post<{ id: string }>('/users', { email: `${l}@example.com`, password: 'secret-password-1', role: ROLES.user, login: l })));
  const token = await signIn(a.url, `${login}@example.com`, 'secret-password-1');
  const title = await a.api.post<{ id: number }>('/items/titles', { slug: `${login}-title`, name: 'Тайтл тел запросов', status: 'published' });
  const chat = await fetch(`${a.url}/items/chats`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ user_invited: [{ directus_users_id: other!.id }] }),
  }).then((r) => r.json() as Promise<{ data: { id: number } }>);
  const form = new FormData();
  form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'mine.png');
  const file = await fetch(`${a.url}/files`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
    .then((r) => r.json() as Promise<{ data: { id: string } }>);
  endpoints = endpointsReadingBodies({ userToken: token, titleId: title.id, chatId: chat.data.id, fileId: file.data.id });
}, 360_000);

afterAll(async () => {
  await Promise.allSettled([b?.stop(), a?.stop(), gateway?.stop()]);
  if (name) {
    await dropDatabase(name).catch(() => undefined);
    await clearRedisNamespace(name).catch(() => undefined);
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const NAMES = endpointsReadingBodies({ userToken: '', titleId: 0, chatId: 0, fileId: '' }).map((e) => e.name);

describe('oversized bodies on two instances of PostgreSQL + Redis', () => {
  it.each(NAMES)('%s: every shape on both instances is answered without a server error, and both answer after each', async (endpointName) => {
    const endpoint = endpoints.find((e) => e.name === endpointName)!;
    for (const instance of [a!, b!]) {
      await sendEveryShape(instance.url, endpoint);
      const other = instance === a ? b! : a!;
      await expectDirectusAnswers(other.url, `${endpointName} on ${instance.url}`);
    }
  });
});

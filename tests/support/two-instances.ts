/**
 * The production configuration for one test file: a PostgreSQL database of its own (a copy of the
 * template; its name is also the Redis namespace) and two Directus instances on it with one secret: A
 * started and applied, B started bare, as a second instance is. `stop()` ends both and removes the
 * database, the Redis keys and the data folder, and throws when something stays behind. People are
 * made through A with `newPersonOn`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Backend } from '../../scripts/lib/backend.ts';
import { directusEnv, type DirectusOptions } from '../../scripts/lib/directus-env.ts';
import { startDirectus, type RunningDirectus } from '../../scripts/lib/directus-process.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import {
  assertRedisReachable, clearRedisNamespace, databaseExists, dropDatabase, pgKnex, productionEnv, uniqueName,
} from '../../scripts/lib/postgres.ts';
import { ROLES } from '../../shared/rules.ts';
import { http } from './direct-http.ts';
import { startTestBackend } from './backend-template.ts';
import { TEST_BACKEND_ENV } from './test-backend-env.ts';

export const PRODUCTION_ADMIN = { email: 'admin@example.com', password: 'admin-prod-test-password' };

export interface TwoInstances {
  /** The database's name and the Redis namespace. */
  name: string;
  /** A's options: a further instance of the same world starts from them, on a port of its own. */
  options: DirectusOptions;
  a: Backend;
  b: RunningDirectus;
  db: Knex;
  stop(): Promise<void>;
}

export interface TwoInstancesOptions {
  /** Added to the production settings, or overriding them (a gateway's, a schedule, a limit). */
  env?: Record<string, string>;
  /** A's port, when something must know A's address before it starts (the gateway stand-in). */
  port?: number;
  /** The database holds the demo catalogue (a copy of the seeded template). */
  seeded?: boolean;
}

/** `label` names the data folder. */
export async function startTwoInstances(label: string, { env = {}, port, seeded = false }: TwoInstancesOptions = {}): Promise<TwoInstances> {
  await assertRedisReachable();
  const name = uniqueName();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `dorama-prod-${label}-`));
  const options: DirectusOptions = {
    dataDir,
    port: port ?? (await freePort()),
    secret: `prod-test-secret-${randomUUID()}`,
    adminEmail: PRODUCTION_ADMIN.email,
    adminPassword: PRODUCTION_ADMIN.password,
    extra: { ...productionEnv(name, name), ...TEST_BACKEND_ENV, ...env },
  };
  let a: Backend | undefined;
  let b: RunningDirectus | undefined;
  let db: Knex | undefined;

  async function stop(): Promise<void> {
    await db?.destroy();
    await Promise.allSettled([b?.stop(), a?.stop()]);
    const problems: string[] = [];
    await dropDatabase(name).catch((err: Error) => problems.push(`drop database ${name}: ${err.message}`));
    if (await databaseExists(name).catch(() => true)) problems.push(`database ${name} still exists`);
    await clearRedisNamespace(name).catch((err: Error) => problems.push(`clear Redis ${name}*: ${err.message}`));
    rmSync(dataDir, { recursive: true, force: true });
    if (problems.length) throw new Error(`Cleanup failed:\n${problems.join('\n')}`);
  }

  try {
    a = await startTestBackend({ ...options, quiet: true }, { seeded });
    b = await startDirectus(directusEnv({ ...options, port: await freePort() }), { quiet: true });
    db = pgKnex(name);
    return { name, options, a, b, db, stop };
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
}

export interface ProductionPerson { id: string; login: string; email: string; password: string; token: string }

/** A person made by the admin through A and signed in through A. */
export async function newPersonOn(a: Backend, login = `p${randomUUID().slice(0, 8)}`): Promise<ProductionPerson> {
  const email = `${login.toLowerCase()}@example.com`;
  const password = 'secret-password-1';
  const created = await a.api.post<{ id: string }>('/users', { email, password, role: ROLES.user, login, first_name: 'Тест' });
  const res = await http<{ access_token: string }>(a.url, 'POST', '/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login of ${login} failed: ${res.status} ${JSON.stringify(res.errors)}`);
  return { id: created.id, login, email, password, token: res.data.access_token };
}

/**
 * A benchmark's own backend: Directus instances on a fresh database (SQLite for one alone; PostgreSQL
 * + Redis, started when missing, for several or when asked), every request from this one address let
 * through and the event-loop guard off, so the figures measure the work rather than the limits.
 * `stop()` removes the database, the Redis keys and the folder unless kept; an interrupt stops it too.
 * People are made with `makeBenchPeople`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import { ROLES } from '../../shared/rules.ts';
import { startBackend, type Backend } from './backend.ts';
import { directusEnv, type DirectusOptions } from './directus-env.ts';
import { startDirectus, type RunningDirectus } from './directus-process.ts';
import { freePort } from './free-port.ts';
import { ownedTempDir } from './owned-dirs.ts';
import { clearRedisNamespace, createDatabase, dropDatabase, productionEnv, uniqueName } from './postgres.ts';
import { ensurePostgres, ensureRedis } from './services.ts';

export interface BenchBackend {
  /** The first instance, bootstrapped with the whole backend applied; its admin API. */
  first: Backend;
  /** Every instance, the first among them. */
  instances: RunningDirectus[];
  /** True on PostgreSQL + Redis. */
  pg: boolean;
  stop(): Promise<void>;
}

export interface BenchBackendOptions {
  /** Names the folder and the database. */
  label: string;
  instances: number;
  /** PostgreSQL + Redis even for one instance. */
  pg?: boolean;
  /** Leave the database and the folder for a look afterwards. */
  keep?: boolean;
}

export async function startBenchBackend({ label, instances: count, pg = count > 1, keep = false }: BenchBackendOptions): Promise<BenchBackend> {
  const dataDir = ownedTempDir(os.tmpdir(), `dorama-bench-${label}-`);
  const pgName = pg ? uniqueName(`dorama_bench_${label}`) : '';
  const instances: RunningDirectus[] = [];

  async function stop(): Promise<void> {
    await Promise.allSettled(instances.map((i) => i.stop()));
    if (pgName && !keep) {
      await dropDatabase(pgName).catch((err: Error) => console.error(`could not drop ${pgName}: ${err.message}`));
      await clearRedisNamespace(pgName).catch(() => undefined);
    }
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
  process.once('SIGINT', () => void stop().finally(() => process.exit(130)));

  if (pg) {
    await ensurePostgres();
    await ensureRedis();
    await createDatabase(pgName);
  }
  const options: DirectusOptions = {
    dataDir,
    port: await freePort(),
    secret: randomBytes(24).toString('hex'),
    adminEmail: 'admin@example.com',
    adminPassword: randomBytes(12).toString('hex'),
    extra: {
      ...(pg ? productionEnv(pgName, pgName) : {}),
      // Every client connects from this one address: the per-address limits would refuse them.
      RATE_LIMITER_POINTS: '1000000',
      WEBSOCKETS_REST_CONN_LIMIT_PER_ADDRESS: '100000',
      // On a machine shared with other work, the event-loop guard would refuse the measured requests.
      PRESSURE_LIMITER_ENABLED: 'false',
      LOG_LEVEL: 'warn',
    },
  };
  console.log(`Starting ${count} Directus instance(s) on ${pg ? `PostgreSQL (${pgName}) + Redis` : `SQLite (${dataDir})`} …`);
  try {
    const first = await startBackend({ ...options, quiet: true });
    instances.push(first);
    for (let i = 1; i < count; i++) instances.push(await startDirectus(directusEnv({ ...options, port: await freePort() }), { quiet: true }));
    return { first, instances, pg, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

export interface BenchPerson { id: string; token: string }

/** People made by the admin in batches, each with a static token: signing hundreds in would time argon2, not the work. */
export async function makeBenchPeople(first: Backend, count: number, prefix: string): Promise<BenchPerson[]> {
  const people: BenchPerson[] = [];
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, (_, i) => {
      const login = `${prefix}${start + i}_${randomUUID().slice(0, 6)}`;
      return { email: `${login}@example.com`, login, first_name: 'Тест', role: ROLES.user, token: randomBytes(24).toString('hex') };
    });
    const created = await first.api.post<{ id: string }[]>('/users', batch);
    created.forEach((row, i) => people.push({ id: row.id, token: batch[i]!.token }));
  }
  return people;
}

/**
 * The production configuration for tests and benchmarks: a throw-away PostgreSQL database and
 * the Directus environment that runs several instances on it, sharing Redis for the message
 * bus (realtime events, schema and cache invalidation), locks, cache, rate limits and clocks.
 */
import { randomBytes } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { Redis } from 'ioredis';

export const PG_CONNECTION = {
  host: process.env.PGHOST ?? '127.0.0.1',
  port: Number(process.env.PGPORT ?? 5432),
  user: process.env.PGUSER ?? 'postgres',
  password: process.env.PGPASSWORD ?? '',
};
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A name unique to this run, safe as a PostgreSQL identifier and a Redis key prefix. */
export function uniqueName(prefix = 'dorama_test'): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/** A knex handle on one database of the test server (PostgreSQL through the `pg` driver). */
export function pgKnex(database: string): Knex {
  return knex({ client: 'pg', connection: { ...PG_CONNECTION, database }, pool: { min: 0, max: 2 }, acquireConnectionTimeout: 10_000 });
}

async function withMaintenance<T>(fn: (db: Knex) => Promise<T>): Promise<T> {
  const db = pgKnex('postgres');
  try {
    return await fn(db);
  } catch (err) {
    const e = err as Error & { code?: string };
    if (e.code === 'ECONNREFUSED' || /timeout/i.test(e.message)) {
      throw new Error(`PostgreSQL is not reachable at ${PG_CONNECTION.host}:${PG_CONNECTION.port} as ${PG_CONNECTION.user}: ${e.message}`);
    }
    throw err;
  } finally {
    await db.destroy();
  }
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** Creates a database, empty or a copy of `template` (which nobody may be connected to), and returns its name. */
export async function createDatabase(name = uniqueName(), { template }: { template?: string } = {}): Promise<string> {
  for (const identifier of [name, template ?? name]) if (!IDENTIFIER.test(identifier)) throw new Error(`Unsafe database name: ${identifier}`);
  await withMaintenance((db) => db.raw(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`));
  return name;
}

/** Renames a database nobody is connected to. */
export async function renameDatabase(from: string, to: string): Promise<void> {
  for (const identifier of [from, to]) if (!IDENTIFIER.test(identifier)) throw new Error(`Unsafe database name: ${identifier}`);
  await withMaintenance((db) => db.raw(`ALTER DATABASE "${from}" RENAME TO "${to}"`));
}

/** The names of the server's databases that start with `prefix`. */
export async function databasesNamed(prefix: string): Promise<string[]> {
  return withMaintenance(async (db) => (await db('pg_database').where('datname', 'like', `${prefix}%`).pluck('datname')).sort());
}

/** Drops the database even if a connection is still open (PostgreSQL 13+). */
export async function dropDatabase(name: string): Promise<void> {
  if (!IDENTIFIER.test(name)) throw new Error(`Unsafe database name: ${name}`);
  await withMaintenance((db) => db.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** True when a database of that name exists. */
export async function databaseExists(name: string): Promise<boolean> {
  return withMaintenance(async (db) => !!(await db('pg_database').where({ datname: name }).first('datname')));
}

/**
 * Environment for Directus 11.17 (api 35) on PostgreSQL + Redis, every Redis key under
 * `namespace` so parallel runs and other projects on the same Redis never collide.
 *
 * - REDIS (or REDIS_HOST/REDIS_PORT...) switches the bus, locks, counters and permission cache to Redis;
 *   the bus carries `websocket.event`, so a subscriber on one instance hears writes made on another.
 * - CACHE_STORE, SYNCHRONIZATION_STORE and RATE_LIMITER_STORE must each be set to `redis` separately.
 * - Each rate limiter gets its own key prefix: by default they all share `rlflx`, so on Redis the
 *   registration limiter would count every ordinary request of the same address.
 */
export function productionEnv(database: string, namespace: string): Record<string, string> {
  return {
    DB_CLIENT: 'pg',
    DB_HOST: PG_CONNECTION.host,
    DB_PORT: String(PG_CONNECTION.port),
    DB_DATABASE: database,
    DB_USER: PG_CONNECTION.user,
    ...(PG_CONNECTION.password ? { DB_PASSWORD: PG_CONNECTION.password } : {}),
    REDIS: REDIS_URL,
    REDIS_ENABLED: 'true',
    REDIS_BUS_NAMESPACE: `${namespace}:bus`,
    REDIS_LOCK_NAMESPACE: `${namespace}:lock`,
    REDIS_COUNTERS_NAMESPACE: `${namespace}:counters`,
    REDIS_PERMISSIONS_NAMESPACE: `${namespace}:permissions`,
    CACHE_ENABLED: 'true',
    CACHE_STORE: 'redis',
    CACHE_NAMESPACE: `${namespace}:cache`,
    CACHE_AUTO_PURGE: 'true',
    CACHE_TTL: '5m',
    SYNCHRONIZATION_STORE: 'redis',
    SYNCHRONIZATION_NAMESPACE: `${namespace}:sync`,
    RATE_LIMITER_STORE: 'redis',
    RATE_LIMITER_KEY_PREFIX: `${namespace}:rl`,
    RATE_LIMITER_REGISTRATION_KEY_PREFIX: `${namespace}:rl-registration`,
    RATE_LIMITER_GLOBAL_KEY_PREFIX: `${namespace}:rl-global`,
    WEBSOCKETS_COLLAB_STORE_NAMESPACE: `${namespace}:collab`,
    IMPORT_EXPORT_NAMESPACE: `${namespace}:import-export`,
  };
}

/**
 * Deletes every Redis key of the namespace; returns how many. The cache store (@keyv/redis)
 * writes `sets:namespace:<namespace>:...`, so the match is on the namespace anywhere in the key.
 */
export async function clearRedisNamespace(namespace: string): Promise<number> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
  try {
    await redis.connect();
    let removed = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `*${namespace}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) removed += await redis.unlink(...keys);
    } while (cursor !== '0');
    return removed;
  } finally {
    redis.disconnect();
  }
}

/** How many Redis keys contain the text (a namespace, possibly behind a store's own prefix). */
export async function countRedisKeys(part: string): Promise<number> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
  try {
    await redis.connect();
    let count = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `*${part}*`, 'COUNT', 1000);
      cursor = next;
      count += keys.length;
    } while (cursor !== '0');
    return count;
  } finally {
    redis.disconnect();
  }
}

/** Fails early with a clear message when Redis is not there. */
export async function assertRedisReachable(): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new Error(`Redis is not reachable at ${REDIS_URL}: ${(err as Error).message}`);
  } finally {
    redis.disconnect();
  }
}

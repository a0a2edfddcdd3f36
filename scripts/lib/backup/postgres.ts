/**
 * PostgreSQL through its own tools: `pg_dump` in the custom format, taken in a snapshot the manifest's
 * figures are read in too, and `pg_restore` into a new database that then takes the old one's name.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { COUNTED_TABLES } from './manifest.ts';
import type { PostgresConnection } from './target.ts';

function connect(c: PostgresConnection, database = c.database): Knex {
  return knex({ client: 'pg', connection: { ...c, database }, pool: { min: 0, max: 1 }, acquireConnectionTimeout: 10_000 });
}

async function withDb<T>(c: PostgresConnection, database: string, fn: (db: Knex) => Promise<T>): Promise<T> {
  const db = connect(c, database);
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

/** Runs one of PostgreSQL's programs against the server, failing with its own words. */
function run(program: string, args: string[], c: PostgresConnection): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, ['-h', c.host, '-p', String(c.port), '-U', c.user, '--no-password', ...args], {
      env: { ...process.env, ...(c.password ? { PGPASSWORD: c.password } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (d) => (errors = (errors + d).slice(-4000)));
    child.once('error', (err) => reject(new Error(`${program} could not run (${err.message}): install PostgreSQL's client programs`)));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${program} failed (${code}): ${errors.trim()}`))));
  });
}

/**
 * Dumps the database to `file` and reads the manifest's figures, both in one exported snapshot: the
 * counts describe exactly what the dump holds, however busy the site is meanwhile.
 */
export async function dumpConsistent(c: PostgresConnection, file: string): Promise<{ counts: Record<string, number>; files: string[] }> {
  return withDb(c, c.database, (db) => db.transaction(async (trx) => {
    await trx.raw('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const snapshot = (await trx.raw<{ rows: { id: string }[] }>('SELECT pg_export_snapshot() AS id')).rows[0].id;
    const counts: Record<string, number> = {};
    for (const table of COUNTED_TABLES) counts[table] = Number((await trx(table).count({ n: '*' }))[0].n);
    const files = await trx('directus_files').where({ storage: 'local' }).whereNotNull('filename_disk').pluck('filename_disk');
    await run('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, '--file', file, c.database], c);
    return { counts, files };
  }));
}

/** Who else is connected to the database (a running Directus keeps its pool open). */
export async function otherSessions(c: PostgresConnection): Promise<string[]> {
  return withDb(c, 'postgres', async (db) => {
    const rows = await db('pg_stat_activity').where({ datname: c.database }).whereRaw('pid <> pg_backend_pid()')
      .select<{ pid: number; application_name: string; client_addr: string | null }[]>('pid', 'application_name', 'client_addr');
    return rows.map((r) => `pid ${r.pid}${r.application_name ? ` (${r.application_name})` : ''} from ${r.client_addr ?? 'a local socket'}`);
  });
}

/** A new database name beside `name`, within PostgreSQL's 63 characters (longer ones it would cut silently). */
function sibling(name: string, what: string): string {
  const suffix = `_${what}_${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  return `${name.slice(0, 63 - suffix.length)}${suffix}`;
}

/** Restores the dump into a new database beside the site's and returns its name; nothing of the site's own is touched. */
export async function restoreBeside(c: PostgresConnection, file: string): Promise<string> {
  const name = sibling(c.database, 'restoring');
  await withDb(c, 'postgres', (db) => db.raw('CREATE DATABASE ??', [name]));
  try {
    await run('pg_restore', ['--exit-on-error', '--no-owner', '--no-acl', '--dbname', name, file], c);
    return name;
  } catch (err) {
    await dropDatabase(c, name);
    throw err;
  }
}

/**
 * Gives the restored database the site's name; the site's database before it is kept under another
 * name (returned; null when there was none). PostgreSQL refuses the rename while anyone is connected.
 */
export async function takeName(c: PostgresConnection, restored: string): Promise<string | null> {
  return withDb(c, 'postgres', async (db) => {
    const exists = !!(await db('pg_database').where({ datname: c.database }).first('datname'));
    const aside = exists ? sibling(c.database, 'before_restore') : null;
    await db.transaction(async (trx) => {
      if (aside) await trx.raw('ALTER DATABASE ?? RENAME TO ??', [c.database, aside]);
      await trx.raw('ALTER DATABASE ?? RENAME TO ??', [restored, c.database]);
    });
    return aside;
  });
}

/** Undoes takeName when what follows it fails. */
export async function giveNameBack(c: PostgresConnection, restored: string, aside: string | null): Promise<void> {
  await withDb(c, 'postgres', (db) => db.transaction(async (trx) => {
    await trx.raw('ALTER DATABASE ?? RENAME TO ??', [c.database, restored]);
    if (aside) await trx.raw('ALTER DATABASE ?? RENAME TO ??', [aside, c.database]);
  }));
}

export async function dropDatabase(c: PostgresConnection, name: string): Promise<void> {
  await withDb(c, 'postgres', (db) => db.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]));
}

/**
 * Test backends start from a copy of a template: a backend bootstrapped and applied once and kept for as
 * long as the code it came from is unchanged (SQLite files in the machine's cache, PostgreSQL databases
 * named `dorama_template_…`). Bootstrapping and applying from nothing costs 40–70 s of CPU; a copy, a
 * fraction of a second. The copy is applied again on start, so a backend always matches the code.
 * The API suite's backend still starts from nothing, and its smoke test checks that path.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { startBackend, type Backend, type BackendOptions } from '../../scripts/lib/backend.ts';
import { directusEnv } from '../../scripts/lib/directus-env.ts';
import { withDirLock } from '../../scripts/lib/dir-lock.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { MACHINE_CACHE, ROOT } from '../../scripts/lib/paths.ts';
import {
  clearRedisNamespace, createDatabase, databasesNamed, dropDatabase, PG_CONNECTION, productionEnv, renameDatabase,
} from '../../scripts/lib/postgres.ts';
import { TEST_BACKEND_ENV } from './test-backend-env.ts';

const CACHE = path.join(MACHINE_CACHE, 'test-backends');
const PG_PREFIX = 'dorama_template_';
/** What a template is made from; the demo seed is not part of it. */
const SOURCES = ['directus', 'shared', 'package-lock.json', 'scripts/lib/directus-env.ts', 'tests/support/test-backend-env.ts'];

type Kind = 'sqlite' | 'pg';

/** Starts a backend whose database (named by `o`, and not there yet) is a copy of the template. */
export async function startTestBackend(o: BackendOptions): Promise<Backend> {
  const env = directusEnv(o);
  const kind: Kind = env.DB_CLIENT === 'pg' ? 'pg' : 'sqlite';
  if (kind === 'pg' && (env.DB_HOST !== PG_CONNECTION.host || env.DB_PORT !== String(PG_CONNECTION.port))) {
    throw new Error('Templates are kept on the machine\'s PostgreSQL: a backend on another server starts with startBackend');
  }
  const key = templateKey(kind, o);
  mkdirSync(env.STORAGE_LOCAL_ROOT, { recursive: true });
  // One lock per kind: a template is made, replaced or copied by one process at a time.
  await withDirLock(path.join(CACHE, `${kind}.lock`), async () => {
    if (kind === 'pg') {
      const template = `${PG_PREFIX}${key}`;
      if (!(await databasesNamed(template)).includes(template)) await makePostgresTemplate(key, o);
      await createDatabase(env.DB_DATABASE, { template });
    } else {
      const template = path.join(CACHE, `sqlite-${key}`);
      if (!existsSync(template)) await makeSqliteTemplate(key, o);
      cpSync(path.join(template, 'database.sqlite'), env.DB_FILENAME);
      cpSync(path.join(template, 'uploads'), env.STORAGE_LOCAL_ROOT, { recursive: true });
    }
  });
  return startBackend({ ...o, bootstrapped: true });
}

/**
 * `<sign-in>_<sources>`: a hash of the admin's sign-in (each backend signs in as its template was made) and
 * one of the template's sources. A new template replaces only those of the same sign-in.
 */
function templateKey(kind: Kind, o: BackendOptions): string {
  const signIn = createHash('sha256').update(JSON.stringify([kind, o.adminEmail, o.adminPassword])).digest('hex');
  const sources = createHash('sha256');
  for (const file of sourceFiles()) sources.update(file).update(readFileSync(path.join(ROOT, file)));
  return `${signIn.slice(0, 6)}_${sources.digest('hex').slice(0, 12)}`;
}

function sourceFiles(): string[] {
  const skipped = /(^|\/)(node_modules|dist|seed)(\/|$)/;
  return SOURCES.flatMap((source) => {
    const full = path.join(ROOT, source);
    if (!existsSync(full)) return [];
    if (!statSync(full).isDirectory()) return [source];
    return readdirSync(full, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
      .filter((file) => !skipped.test(file));
  }).sort();
}

/** Older templates of the same sign-in: what a change of the sources left behind. */
const olderOf = (names: string[], prefix: string, key: string) =>
  names.filter((name) => name.startsWith(`${prefix}${key.split('_')[0]}_`) && name !== `${prefix}${key}`);

/** A fresh backend on its own data folder, bootstrapped, applied and stopped; returns the folder. */
async function makeBackend(kind: Kind, o: BackendOptions, extra: Record<string, string> = {}): Promise<string> {
  // Beside the templates: a finished SQLite one is renamed into place, which cannot cross file systems.
  const dataDir = mkdtempSync(path.join(CACHE, `making-${kind}-`));
  try {
    const backend = await startBackend({
      dataDir,
      port: await freePort(),
      secret: randomBytes(32).toString('hex'),
      adminEmail: o.adminEmail,
      adminPassword: o.adminPassword,
      quiet: true,
      extra: { ...TEST_BACKEND_ENV, ...extra },
    });
    await backend.stop();
    return dataDir;
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** Made under another name and renamed when complete: a template that exists is whole. */
async function makePostgresTemplate(key: string, o: BackendOptions): Promise<void> {
  for (const older of olderOf(await databasesNamed(PG_PREFIX), PG_PREFIX, key)) await dropDatabase(older);
  const making = `${PG_PREFIX}${key}_making`;
  await createDatabase(making);
  try {
    rmSync(await makeBackend('pg', o, productionEnv(making, making)), { recursive: true, force: true });
    await renameDatabase(making, `${PG_PREFIX}${key}`);
  } finally {
    await dropDatabase(making);
    await clearRedisNamespace(making);
  }
}

async function makeSqliteTemplate(key: string, o: BackendOptions): Promise<void> {
  const left = readdirSync(CACHE).filter((name) => name.startsWith('making-sqlite-'));
  for (const older of [...left, ...olderOf(readdirSync(CACHE), 'sqlite-', key)]) rmSync(path.join(CACHE, older), { recursive: true, force: true });
  const dataDir = await makeBackend('sqlite', o);
  rmSync(path.join(dataDir, 'tmp'), { recursive: true, force: true });
  renameSync(dataDir, path.join(CACHE, `sqlite-${key}`));
}

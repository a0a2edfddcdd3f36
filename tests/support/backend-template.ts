/**
 * Test backends start from a copy of a template: a backend bootstrapped and applied once and kept for as
 * long as the code it came from is unchanged (in the machine's cache: a folder with its uploads, and its
 * SQLite file or a PostgreSQL database named `dorama_template_…`). Bootstrapping and applying from nothing
 * costs 40–70 s of CPU; a copy, a fraction of a second. The copy is applied again on start, so a backend
 * always matches the code. A seeded template also holds the demo catalogue, seeded through the backend's
 * own rules into a copy of the plain one, with the searches for openings its uploads asked for finished.
 * The API suite's backend still starts from nothing, and its smoke test checks that path.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AdminApi } from '../../directus/apply/admin-api.ts';
import { seedDemo } from '../../directus/seed/index.ts';
import { startBackend, type Backend, type BackendOptions } from '../../scripts/lib/backend.ts';
import { directusEnv } from '../../scripts/lib/directus-env.ts';
import { withDirLock } from '../../scripts/lib/dir-lock.ts';
import { ensureFpcalc } from '../../scripts/lib/fpcalc.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { MACHINE_CACHE, ROOT } from '../../scripts/lib/paths.ts';
import {
  clearRedisNamespace, createDatabase, databaseExists, databasesNamed, dropDatabase, PG_CONNECTION, productionEnv, renameDatabase,
} from '../../scripts/lib/postgres.ts';
import { TEST_BACKEND_ENV } from './test-backend-env.ts';

const CACHE = path.join(MACHINE_CACHE, 'test-backends');
const PG_PREFIX = 'dorama_template_';
/** What a template is made from, and what makes it (this file, how a backend starts); the demo seed only for a seeded one. */
const SOURCES = [
  'directus', 'shared', 'package-lock.json', 'scripts/lib/backend.ts', 'scripts/lib/directus-env.ts',
  'tests/support/backend-template.ts', 'tests/support/test-backend-env.ts',
];
/** The seed's searches for openings took 24 s from the first ask alone on this machine; a template waits at most this. */
const SEARCHES_WAIT_MS = 10 * 60_000;
/** How often their state is read meanwhile. */
const SEARCHES_POLL_MS = 1_000;

type Kind = 'sqlite' | 'pg';

interface Template {
  kind: Kind;
  seeded: boolean;
  /** `<sign-in>_<sources>`, see templateKey. */
  key: string;
}

export interface TemplateChoice {
  /** The demo catalogue is in it: for tests that read the demo and do not test the seed itself. */
  seeded?: boolean;
}

const folderPrefix = (t: Template) => `${t.kind}-${t.seeded ? 'seeded-' : ''}`;
const folderOf = (t: Template) => path.join(CACHE, `${folderPrefix(t)}${t.key}`);
const databasePrefix = (t: Template) => `${PG_PREFIX}${t.seeded ? 'seeded_' : ''}`;
const databaseOf = (t: Template) => `${databasePrefix(t)}${t.key}`;
/** One lock per kind and flavour: a template is made, replaced or copied by one process at a time. */
const lockOf = (t: Template) => path.join(CACHE, `${folderPrefix(t)}lock`);

/** Starts a backend whose database (named by `o`, and not there yet) is a copy of the template. */
export async function startTestBackend(o: BackendOptions, { seeded = false }: TemplateChoice = {}): Promise<Backend> {
  const env = directusEnv(o);
  const kind: Kind = env.DB_CLIENT === 'pg' ? 'pg' : 'sqlite';
  if (kind === 'pg' && (env.DB_HOST !== PG_CONNECTION.host || env.DB_PORT !== String(PG_CONNECTION.port))) {
    throw new Error('Templates are kept on the machine\'s PostgreSQL: a backend on another server starts with startBackend');
  }
  const plain: Template = { kind, seeded: false, key: templateKey(kind, o, false) };
  const chosen: Template = seeded ? { kind, seeded, key: templateKey(kind, o, true) } : plain;
  await withDirLock(lockOf(chosen), async () => {
    if (!(await exists(chosen))) await (seeded ? makeSeeded(chosen, plain, o) : makePlain(chosen, o));
    await copy(chosen, env);
  });
  return startBackend({ ...o, bootstrapped: true });
}

async function exists(t: Template): Promise<boolean> {
  if (!existsSync(folderOf(t))) return false;
  return t.kind === 'sqlite' || databaseExists(databaseOf(t));
}

/** Copies the template into the database and uploads folder that `env` names. */
async function copy(t: Template, env: Record<string, string>): Promise<void> {
  if (t.kind === 'pg') await createDatabase(env.DB_DATABASE, { template: databaseOf(t) });
  else cpSync(path.join(folderOf(t), 'database.sqlite'), env.DB_FILENAME);
  mkdirSync(env.STORAGE_LOCAL_ROOT, { recursive: true });
  const uploads = path.join(folderOf(t), 'uploads');
  if (existsSync(uploads)) cpSync(uploads, env.STORAGE_LOCAL_ROOT, { recursive: true });
}

/**
 * `<sign-in>_<sources>`: a hash of the admin's sign-in (each backend signs in as its template was made) and
 * one of the template's sources. A new template replaces only those of the same sign-in and flavour.
 */
function templateKey(kind: Kind, o: BackendOptions, seeded: boolean): string {
  const signIn = createHash('sha256').update(JSON.stringify([kind, o.adminEmail, o.adminPassword])).digest('hex');
  const sources = createHash('sha256');
  for (const file of sourceFiles(seeded)) sources.update(file).update(readFileSync(path.join(ROOT, file)));
  return `${signIn.slice(0, 6)}_${sources.digest('hex').slice(0, 12)}`;
}

function sourceFiles(seeded: boolean): string[] {
  const skipped = seeded ? /(^|\/)(node_modules|dist)(\/|$)/ : /(^|\/)(node_modules|dist|seed)(\/|$)/;
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

/**
 * Before a template is made: older ones of the same sign-in and flavour (what a change of the sources left
 * behind), unfinished ones, and what is left of this one (its folder without its database, or the reverse).
 */
async function removeOlder(t: Template): Promise<void> {
  const signIn = t.key.split('_')[0];
  const folder = folderPrefix(t);
  for (const name of readdirSync(CACHE)) {
    if (name.startsWith(`${folder}${signIn}_`) || name.startsWith(`${folder}making-`)) rmSync(path.join(CACHE, name), { recursive: true, force: true });
  }
  if (t.kind !== 'pg') return;
  for (const name of await databasesNamed(`${databasePrefix(t)}${signIn}_`)) await dropDatabase(name);
}

/**
 * Makes a template with `fill` on a backend of its own: a data folder beside the templates and, for
 * PostgreSQL, a database named `…_making`. Renamed into place when complete, so a template that exists is whole.
 */
async function makeTemplate(t: Template, o: BackendOptions, fill: (options: BackendOptions) => Promise<void>): Promise<void> {
  await removeOlder(t);
  const dataDir = mkdtempSync(path.join(CACHE, `${folderPrefix(t)}making-`));
  const making = `${databaseOf(t)}_making`;
  try {
    await fill({
      dataDir,
      port: await freePort(),
      secret: randomBytes(32).toString('hex'),
      adminEmail: o.adminEmail,
      adminPassword: o.adminPassword,
      quiet: true,
      extra: { ...TEST_BACKEND_ENV, ...(t.kind === 'pg' ? productionEnv(making, making) : {}) },
    });
    rmSync(path.join(dataDir, 'tmp'), { recursive: true, force: true });
    if (t.kind === 'pg') await renameDatabase(making, databaseOf(t));
    renameSync(dataDir, folderOf(t));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (t.kind === 'pg') {
      await dropDatabase(making);
      await clearRedisNamespace(making);
    }
  }
}

/** Bootstrapped and applied from nothing. */
function makePlain(t: Template, o: BackendOptions): Promise<void> {
  return makeTemplate(t, o, async (options) => {
    if (t.kind === 'pg') await createDatabase(directusEnv(options).DB_DATABASE);
    await (await startBackend(options)).stop();
  });
}

/** A copy of the plain template with the demo seeded into it. */
function makeSeeded(t: Template, plain: Template, o: BackendOptions): Promise<void> {
  // Without fpcalc every search would fail, and the template would keep that for every copy.
  ensureFpcalc();
  return makeTemplate(t, o, async (options) => {
    await withDirLock(lockOf(plain), async () => {
      if (!(await exists(plain))) await makePlain(plain, o);
      await copy(plain, directusEnv(options));
    });
    const backend = await startBackend({ ...options, bootstrapped: true });
    try {
      if (!(await seedDemo(backend.api, () => {}))) throw new Error('the demo seed found a filled catalogue in a copy of the plain template');
      await searchesFinished(backend.api);
    } finally {
      await backend.stop();
    }
  });
}

/**
 * The seed's uploads ask for searches of openings; the template keeps their results, so no copy runs
 * them again (a search left behind is resumed by the next start).
 */
async function searchesFinished(api: AdminApi): Promise<void> {
  const deadline = Date.now() + SEARCHES_WAIT_MS;
  for (;;) {
    const episodes = await api.get<{ title: number }[]>('/items/series?filter[video][_nnull]=true&fields=title&limit=-1');
    const titles = [...new Set(episodes.map((e) => e.title))];
    const states = titles.length
      ? await api.get<{ segmentSearch: string | null }[]>(`/items/titles?filter[id][_in]=${titles.join(',')}&fields=segmentSearch&limit=-1`)
      : [];
    if (states.every((s) => s.segmentSearch === 'done' || s.segmentSearch === 'failed')) return;
    if (Date.now() > deadline) throw new Error(`the seed's searches for openings did not finish in ${SEARCHES_WAIT_MS / 60_000} min`);
    await sleep(SEARCHES_POLL_MS);
  }
}

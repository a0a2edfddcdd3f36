/**
 * Puts an archive back into a stopped site. Nothing of the site is touched until the archive is
 * unpacked and checked against its manifest and the database is ready beside the site's: then the
 * data folder is swapped whole with two renames (and a PostgreSQL database by two renames in one
 * transaction). What was there before is kept aside, under a name the result gives.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { installedDirectusVersion } from './directus-version.ts';
import { fileSum, folderSums } from './file-sums.ts';
import { archiveProblems, MANIFEST_ENTRY, parseManifest, versionProblem, type FileSum, type Manifest } from './manifest.ts';
import { processesHolding } from './open-files.ts';
import { dropDatabase, giveNameBack, otherSessions, restoreBeside, takeName } from './postgres.ts';
import { DATABASE_ENTRY, UPLOADS_ENTRY, type DataTarget } from './target.ts';

export interface RestoreResult {
  manifest: Manifest;
  /** The data folder as it was before, kept aside; null when there was none. */
  asideDir: string | null;
  /** PostgreSQL: the database as it was before, under its new name; null on SQLite or when there was none. */
  asideDatabase: string | null;
  /** Set when this system cannot tell whether Directus runs (no /proc). */
  warning?: string;
}

/** Throws when Directus (or anything) still uses the site's database; otherwise a warning when that cannot be known. */
export async function refuseIfRunning(target: DataTarget): Promise<string | undefined> {
  if (target.kind === 'postgres') {
    const sessions = await otherSessions(target.connection);
    if (sessions.length) {
      throw new Error(`Directus is running on database ${target.connection.database} (connected: ${sessions.join('; ')}): stop every instance first`);
    }
    return undefined;
  }
  const holders = processesHolding([target.file, `${target.file}-wal`, `${target.file}-journal`]);
  if (holders === null) return 'this system cannot tell whether Directus is running: make sure it is stopped';
  if (holders.length) {
    throw new Error(`Directus is running on ${target.dataDir} (${holders.map((h) => `pid ${h.pid}: ${h.command}`).join('; ')}): stop it first`);
  }
  return undefined;
}

const ALLOWED = (entry: string) =>
  entry === MANIFEST_ENTRY || Object.values(DATABASE_ENTRY).includes(entry) || entry === UPLOADS_ENTRY || entry.startsWith(`${UPLOADS_ENTRY}/`);

/** Unpacks the archive into `dir` and checks every file against the manifest. */
export async function unpackChecked(archive: string, dir: string): Promise<Manifest> {
  const broken = (why: string) => new Error(`The archive ${archive} is broken or incomplete: ${why}`);
  if (!existsSync(archive)) throw new Error(`No archive at ${archive}`);
  try {
    await tar.x({ file: archive, cwd: dir, strict: true, filter: (entry) => ALLOWED(entry.replace(/\/$/, '')) });
  } catch (err) {
    throw broken((err as Error).message);
  }
  const manifestFile = path.join(dir, MANIFEST_ENTRY);
  if (!existsSync(manifestFile)) throw broken('it has no manifest');
  let manifest: Manifest;
  try {
    manifest = parseManifest(readFileSync(manifestFile, 'utf8'));
  } catch (err) {
    throw broken((err as Error).message);
  }
  const found: Record<string, FileSum> = {};
  for (const entry of Object.values(DATABASE_ENTRY)) {
    if (existsSync(path.join(dir, entry))) found[entry] = await fileSum(path.join(dir, entry));
  }
  for (const [file, sum] of Object.entries(await folderSums(path.join(dir, UPLOADS_ENTRY)))) found[`${UPLOADS_ENTRY}/${file}`] = sum;
  const problems = archiveProblems(manifest, found);
  if (problems.length) throw broken(problems.slice(0, 5).join('; ') + (problems.length > 5 ? ` and ${problems.length - 5} more` : ''));
  return manifest;
}

const stamp = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');

export async function restoreBackup(target: DataTarget, archive: string): Promise<RestoreResult> {
  const warning = await refuseIfRunning(target);
  const { dataDir } = target;
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // Beside the data folder, so the swap is a rename on one file system.
  const staging = mkdtempSync(path.join(path.dirname(dataDir), `.${path.basename(dataDir)}-restoring-`));
  let restoredDatabase: string | null = null;
  try {
    const manifest = await unpackChecked(path.resolve(archive), staging);
    if (manifest.database.kind !== target.kind) {
      throw new Error(`The archive holds a ${manifest.database.kind} database, and this site is configured for ${target.kind}`);
    }
    const tooNew = versionProblem(manifest.directusVersion, installedDirectusVersion());
    if (tooNew) throw new Error(`Cannot restore: ${tooNew}`);

    const fresh = path.join(staging, 'data');
    const place = (from: string, to: string) => {
      mkdirSync(path.dirname(to), { recursive: true });
      renameSync(from, to);
    };
    place(path.join(staging, UPLOADS_ENTRY), path.join(fresh, path.relative(dataDir, target.uploads)));
    if (target.kind === 'sqlite') place(path.join(staging, manifest.database.entry), path.join(fresh, path.relative(dataDir, target.file)));
    else restoredDatabase = await restoreBeside(target.connection, path.join(staging, manifest.database.entry));

    // Again, right before the swap: the restore may have taken a while.
    await refuseIfRunning(target);
    const asideDatabase = target.kind === 'postgres' && restoredDatabase ? await takeName(target.connection, restoredDatabase) : null;
    let asideDir: string | null = null;
    try {
      if (existsSync(dataDir)) {
        asideDir = `${dataDir}.before-restore-${stamp()}`;
        renameSync(dataDir, asideDir);
      }
      renameSync(fresh, dataDir);
    } catch (err) {
      if (asideDir && !existsSync(dataDir)) renameSync(asideDir, dataDir);
      if (target.kind === 'postgres' && restoredDatabase) await giveNameBack(target.connection, restoredDatabase, asideDatabase);
      throw err;
    }
    restoredDatabase = null;
    return { manifest, asideDir, asideDatabase, ...(warning ? { warning } : {}) };
  } finally {
    if (restoredDatabase && target.kind === 'postgres') await dropDatabase(target.connection, restoredDatabase);
    rmSync(staging, { recursive: true, force: true });
  }
}

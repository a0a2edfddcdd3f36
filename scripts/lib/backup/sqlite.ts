/**
 * SQLite through the `sqlite3` driver Directus itself runs on: a consistent copy of a database in
 * use, taken with SQLite's online backup API, and the figures a manifest records, read from the copy.
 */
import sqlite3 from 'sqlite3';
import { COUNTED_TABLES } from './manifest.ts';

/** sqlite3's Backup object (its bundled types leave it out). */
interface OnlineBackup {
  readonly completed: boolean;
  readonly failed: boolean;
  step(pages: number, callback: (err: Error | null) => void): void;
  finish(callback?: (err: Error | null) => void): void;
}
type BackupCapable = sqlite3.Database & { backup(filename: string, callback: (err: Error | null) => void): OnlineBackup };

/** How long a copy keeps trying while writers hold the database. */
const BUSY_WAIT_MS = 60_000;

function open(file: string, mode: number): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const db: sqlite3.Database = new sqlite3.Database(file, mode, (err) => (err ? reject(err) : resolve(db)));
  });
}

const close = (db: sqlite3.Database) => new Promise<void>((resolve, reject) => db.close((err) => (err ? reject(err) : resolve())));

/**
 * Copies the live database at `source` to `target` in one step of the backup API, so the copy is the
 * database as it was at one moment; while a writer holds the lock the step is tried again.
 */
export async function onlineCopy(source: string, target: string): Promise<void> {
  const db = (await open(source, sqlite3.OPEN_READONLY)) as BackupCapable;
  try {
    const backup = await new Promise<OnlineBackup>((resolve, reject) => {
      const b = db.backup(target, (err) => (err ? reject(err) : resolve(b)));
    });
    const deadline = Date.now() + BUSY_WAIT_MS;
    while (!backup.completed) {
      const err = await new Promise<Error | null>((resolve) => backup.step(-1, resolve));
      if (!err) continue;
      if (backup.failed || Date.now() > deadline) throw new Error(`SQLite backup failed: ${err.message}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise<void>((resolve, reject) => backup.finish((err) => (err ? reject(err) : resolve())));
  } finally {
    await close(db);
  }
}

/** Rows of the counted tables, and the files the database names in the local storage. */
export async function sqliteFigures(file: string): Promise<{ counts: Record<string, number>; files: string[] }> {
  const db = await open(file, sqlite3.OPEN_READONLY);
  const all = <T>(sql: string) => new Promise<T[]>((resolve, reject) => db.all<T>(sql, (err, rows) => (err ? reject(err) : resolve(rows))));
  try {
    const counts: Record<string, number> = {};
    for (const table of COUNTED_TABLES) counts[table] = (await all<{ n: number }>(`SELECT COUNT(*) AS n FROM "${table}"`))[0].n;
    const files = await all<{ name: string }>(`SELECT filename_disk AS name FROM directus_files WHERE storage = 'local' AND filename_disk IS NOT NULL`);
    return { counts, files: files.map((f) => f.name) };
  } finally {
    await close(db);
  }
}

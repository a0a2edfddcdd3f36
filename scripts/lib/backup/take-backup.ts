/**
 * One archive of a running site: the database as it was at one moment, then the uploads folder, and
 * the manifest. Everything is gathered in a folder of its own beside the archive, and the archive gets
 * its name only when whole, so a failed or interrupted backup never looks like a good one.
 */
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { installedDirectusVersion } from './directus-version.ts';
import { folderSums, fileSum } from './file-sums.ts';
import { archiveName, MANIFEST_ENTRY, MANIFEST_FORMAT, type Manifest } from './manifest.ts';
import { dumpConsistent } from './postgres.ts';
import { onlineCopy, sqliteFigures } from './sqlite.ts';
import { DATABASE_ENTRY, UPLOADS_ENTRY, type DataTarget } from './target.ts';

export interface BackupResult {
  file: string;
  manifest: Manifest;
}

export async function takeBackup(target: DataTarget, outDir: string, now = new Date()): Promise<BackupResult> {
  mkdirSync(outDir, { recursive: true });
  const staging = mkdtempSync(path.join(outDir, '.backup-'));
  const file = path.join(outDir, archiveName(now));
  const partial = `${file}.partial`;
  try {
    const entry = DATABASE_ENTRY[target.kind];
    const dbFile = path.join(staging, entry);
    let figures: Awaited<ReturnType<typeof sqliteFigures>>;
    if (target.kind === 'sqlite') {
      await onlineCopy(target.file, dbFile);
      figures = await sqliteFigures(dbFile);
    } else {
      figures = await dumpConsistent(target.connection, dbFile);
    }
    // After the database: a file uploaded meanwhile is at most one too many, never a row without its file.
    const uploadsCopy = path.join(staging, UPLOADS_ENTRY);
    if (existsSync(target.uploads)) cpSync(target.uploads, uploadsCopy, { recursive: true });
    else mkdirSync(uploadsCopy);
    const uploads = await folderSums(uploadsCopy);
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      createdAt: now.toISOString(),
      directusVersion: installedDirectusVersion(),
      database: { kind: target.kind, entry, ...(await fileSum(dbFile)) },
      counts: figures.counts,
      uploads,
      missingUploads: figures.files.filter((f) => !(f in uploads)).sort(),
    };
    writeFileSync(path.join(staging, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`);

    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, [MANIFEST_ENTRY, entry, UPLOADS_ENTRY]);
    // It holds accounts' password hashes and e-mail addresses.
    chmodSync(partial, 0o600);
    renameSync(partial, file);
    return { file, manifest };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}

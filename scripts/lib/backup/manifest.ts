/**
 * The manifest every backup archive carries (`manifest.json`): when and from what it was taken, how
 * many rows the main collections had, and a checksum of the database and of every uploaded file, by
 * which a restore tells a whole archive from a broken or incomplete one.
 */
import { DATABASE_ENTRY, UPLOADS_ENTRY, type DatabaseKind } from './target.ts';

export const MANIFEST_ENTRY = 'manifest.json';
export const MANIFEST_FORMAT = 1;

/** The collections whose row counts a manifest records: the catalogue, people, reviews, chat, accounts, files. */
export const COUNTED_TABLES = ['titles', 'actors', 'comments', 'messages', 'directus_users', 'directus_files'] as const;

export interface FileSum {
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  directusVersion: string;
  database: FileSum & { kind: DatabaseKind; entry: string };
  counts: Record<string, number>;
  /** Every file of the uploads folder, by its path inside that folder ('/'-separated). */
  uploads: Record<string, FileSum>;
  /** Files the database names that were not in the uploads folder when the backup was taken. */
  missingUploads: string[];
}

/** `dorama-backup-2026-11-26T17-16-27Z.tar.gz`: sorts by time, and has no ':' for other systems' file names. */
export function archiveName(at: Date): string {
  return `dorama-backup-${at.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-')}.tar.gz`;
}

const isSum = (v: unknown): v is FileSum =>
  !!v && typeof v === 'object' && Number.isInteger((v as FileSum).bytes) && /^[0-9a-f]{64}$/.test(String((v as FileSum).sha256));

/** The manifest read back, or an error saying why this is no backup of ours. */
export function parseManifest(text: string): Manifest {
  let value: Partial<Manifest>;
  try {
    value = JSON.parse(text) as Partial<Manifest>;
  } catch {
    throw new Error('its manifest is not JSON');
  }
  if (value.format !== MANIFEST_FORMAT) throw new Error(`its manifest has format ${String(value.format)}, this version reads ${MANIFEST_FORMAT}`);
  const db = value.database;
  if (!db || !(db.kind in DATABASE_ENTRY) || db.entry !== DATABASE_ENTRY[db.kind] || !isSum(db)) throw new Error('its manifest does not describe a database');
  if (!value.uploads || typeof value.uploads !== 'object' || !Object.values(value.uploads).every(isSum)) throw new Error('its manifest does not list the uploads');
  if (typeof value.createdAt !== 'string' || typeof value.directusVersion !== 'string' || !value.counts || !Array.isArray(value.missingUploads)) {
    throw new Error('its manifest is incomplete');
  }
  return value as Manifest;
}

/** The archive's own paths of everything the manifest lists, with their sums. */
export function expectedEntries(manifest: Manifest): Record<string, FileSum> {
  const { kind: _kind, entry, ...sum } = manifest.database;
  return {
    [entry]: sum,
    ...Object.fromEntries(Object.entries(manifest.uploads).map(([file, s]) => [`${UPLOADS_ENTRY}/${file}`, s])),
  };
}

/** What differs between the manifest and the files found in the unpacked archive (besides the manifest); empty when whole. */
export function archiveProblems(manifest: Manifest, found: Record<string, FileSum>): string[] {
  const expected = expectedEntries(manifest);
  const problems: string[] = [];
  for (const [file, sum] of Object.entries(expected)) {
    const got = found[file];
    if (!got) problems.push(`${file} is missing`);
    else if (got.bytes !== sum.bytes || got.sha256 !== sum.sha256) problems.push(`${file} differs from its checksum`);
  }
  for (const file of Object.keys(found)) if (!(file in expected)) problems.push(`${file} is not in the manifest`);
  return problems;
}

const parts = (version: string) => version.split(/[.-]/).slice(0, 3).map(Number);

/** Why an archive from one Directus cannot go into another, or null: a newer one's migrations cannot be undone. */
export function versionProblem(archived: string, installed: string): string | null {
  const [a, b] = [parts(archived), parts(installed)];
  for (let i = 0; i < 3; i++) {
    if (a[i] === b[i]) continue;
    return a[i] > b[i] ? `the archive was taken with Directus ${archived}, newer than the installed ${installed}: upgrade first` : null;
  }
  return null;
}

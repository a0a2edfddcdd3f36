/**
 * Where a site's data lives, read from the environment Directus runs with (directus-env.ts): the
 * database (a SQLite file or a PostgreSQL database) and the uploads folder, both kept under DATA_DIR.
 */
import path from 'node:path';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface PostgresConnection {
  host: string;
  port: number;
  database: string;
  user: string;
  password?: string;
}

export type DataTarget = { dataDir: string; uploads: string } & (
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; connection: PostgresConnection }
);

/** The file each kind's database has inside an archive. */
export const DATABASE_ENTRY: Record<DatabaseKind, string> = { sqlite: 'database.sqlite', postgres: 'database.pgdump' };
export const UPLOADS_ENTRY = 'uploads';

/** Relative to the data folder; a path outside it cannot take part in the folder's swap on restore. */
function inside(dataDir: string, file: string, what: string): string {
  const relative = path.relative(dataDir, file);
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new Error(`${what} (${file}) is not inside DATA_DIR (${dataDir}): keep it there to back it up and restore it`);
  }
  return relative;
}

export function dataTarget(env: Record<string, string | undefined>, dataDir: string): DataTarget {
  if ((env.STORAGE_LOCATIONS ?? 'local') !== 'local') {
    throw new Error(`Uploads are kept in STORAGE_LOCATIONS=${env.STORAGE_LOCATIONS}: only the local folder can be backed up here; back the store up with its own tools`);
  }
  const uploads = path.resolve(dataDir, env.STORAGE_LOCAL_ROOT ?? 'uploads');
  inside(dataDir, uploads, 'The uploads folder');
  const client = env.DB_CLIENT ?? 'sqlite3';
  if (client === 'sqlite3') {
    const file = path.resolve(dataDir, env.DB_FILENAME ?? 'database.sqlite');
    inside(dataDir, file, 'The SQLite database');
    return { kind: 'sqlite', dataDir, uploads, file };
  }
  if (client === 'pg' || client === 'postgres') {
    if (env.DB_CONNECTION_STRING) throw new Error('DB_CONNECTION_STRING is not supported here: set DB_HOST, DB_PORT, DB_DATABASE, DB_USER and DB_PASSWORD');
    if (!env.DB_DATABASE) throw new Error('DB_DATABASE is not set');
    return {
      kind: 'postgres',
      dataDir,
      uploads,
      connection: {
        host: env.DB_HOST ?? '127.0.0.1',
        port: Number(env.DB_PORT ?? 5432),
        database: env.DB_DATABASE,
        user: env.DB_USER ?? 'postgres',
        ...(env.DB_PASSWORD ? { password: env.DB_PASSWORD } : {}),
      },
    };
  }
  throw new Error(`DB_CLIENT=${client} is not supported: backups cover SQLite (sqlite3) and PostgreSQL (pg)`);
}

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { directusEnv } from '../../scripts/lib/directus-env.ts';
import { dataTarget } from '../../scripts/lib/backup/target.ts';

const dataDir = '/srv/site/data';
/** The environment `npm start` gives Directus: the data's places come from there, as they do for a backup. */
const started = (extra: Record<string, string> = {}) =>
  directusEnv({ dataDir, port: 8055, secret: 's', adminEmail: 'a@example.com', adminPassword: 'p', extra });

describe('where a site keeps its data', () => {
  it('finds the SQLite file and the uploads of the embedded default', () => {
    expect(dataTarget(started(), dataDir)).toEqual({
      kind: 'sqlite', dataDir, file: path.join(dataDir, 'database.sqlite'), uploads: path.join(dataDir, 'uploads'),
    });
  });

  it('takes PostgreSQL from DB_*', () => {
    const env = started({ DB_CLIENT: 'pg', DB_HOST: 'db.internal', DB_PORT: '5433', DB_DATABASE: 'dorama', DB_USER: 'directus', DB_PASSWORD: 'pw' });
    expect(dataTarget(env, dataDir)).toEqual({
      kind: 'postgres', dataDir, uploads: path.join(dataDir, 'uploads'),
      connection: { host: 'db.internal', port: 5433, database: 'dorama', user: 'directus', password: 'pw' },
    });
  });

  it.each([
    ['uploads in another store', { STORAGE_LOCATIONS: 's3' }, /STORAGE_LOCATIONS=s3/],
    ['uploads outside the data folder', { STORAGE_LOCAL_ROOT: '/mnt/uploads' }, /not inside DATA_DIR/],
    ['a database outside the data folder', { DB_FILENAME: '/var/db.sqlite' }, /not inside DATA_DIR/],
    ['a connection string', { DB_CLIENT: 'pg', DB_CONNECTION_STRING: 'postgres://x', DB_DATABASE: 'd' }, /DB_CONNECTION_STRING/],
    ['another database', { DB_CLIENT: 'mysql' }, /mysql is not supported/],
  ])('refuses %s, saying why', (_what, extra, message) => {
    expect(() => dataTarget(started(extra), dataDir)).toThrow(message);
  });
});

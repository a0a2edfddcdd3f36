/**
 * Backups on PostgreSQL + Redis: `pg_dump` of the running site with its uploads, then a title renamed,
 * a review, a person and their picture deleted; Directus stopped, the archive restored with
 * `pg_restore` into a database that takes the site's name, Directus started again (and its Redis cache
 * cleared, as docs/operations.md says) and everything is as it was. Refused while Directus is connected.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../../../scripts/lib/backend.ts';
import type { DirectusOptions } from '../../../scripts/lib/directus-env.ts';
import { freePort } from '../../../scripts/lib/free-port.ts';
import {
  assertRedisReachable, clearRedisNamespace, databaseExists, databasesNamed, dropDatabase, productionEnv, uniqueName,
} from '../../../scripts/lib/postgres.ts';
import type { Manifest } from '../../../scripts/lib/backup/manifest.ts';
import { restoreBackup } from '../../../scripts/lib/backup/restore-backup.ts';
import { takeBackup } from '../../../scripts/lib/backup/take-backup.ts';
import { dataTarget, type DataTarget } from '../../../scripts/lib/backup/target.ts';
import { changeThings, expectThingsBack, keepThings, type Kept } from '../../support/backup-site.ts';
import { startTestBackend } from '../../support/backend-template.ts';
import { TEST_BACKEND_ENV } from '../../support/test-backend-env.ts';
import { PRODUCTION_ADMIN } from '../../support/two-instances.ts';

let name = '';
let workDir = '';
let options: DirectusOptions & { quiet: boolean; skipBuild?: boolean };
let backend: Backend | undefined;
let target: DataTarget;
let archive = '';
let manifest: Manifest;
let kept: Kept;

beforeAll(async () => {
  await assertRedisReachable();
  name = uniqueName();
  workDir = mkdtempSync(path.join(os.tmpdir(), 'dorama-prod-backup-'));
  options = {
    dataDir: path.join(workDir, 'data'),
    port: await freePort(),
    secret: `prod-backup-secret-${randomUUID()}`,
    adminEmail: PRODUCTION_ADMIN.email,
    adminPassword: PRODUCTION_ADMIN.password,
    quiet: true,
    extra: { ...productionEnv(name, name), ...TEST_BACKEND_ENV },
  };
  backend = await startTestBackend(options);
  const slug = `backup-${randomUUID().slice(0, 8)}`;
  const title = await backend.api.post<Kept['title']>('/items/titles', { slug, name: `Тайтл для копии ${slug}`, status: 'published', views: 0 });
  kept = await keepThings(backend, { id: title.id, slug, name: title.name });
  target = dataTarget(backend.env, options.dataDir);
  ({ file: archive, manifest } = await takeBackup(target, path.join(workDir, 'backups')));
}, 600_000);

afterAll(async () => {
  await backend?.stop();
  if (name) {
    for (const db of await databasesNamed(name)) await dropDatabase(db);
    expect(await databaseExists(name)).toBe(false);
    await clearRedisNamespace(name);
  }
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}, 60_000);

describe('a backup of the site on PostgreSQL', () => {
  it('holds a pg_dump and the uploads, counted in the dump\'s own snapshot', async () => {
    expect(manifest.database).toMatchObject({ kind: 'postgres', entry: 'database.pgdump' });
    expect(manifest.counts).toEqual(kept.counts);
    expect(Object.keys(manifest.uploads)).toHaveLength(kept.counts.directus_files);
    const entries: string[] = [];
    await tar.t({ file: archive, onReadEntry: (e) => entries.push(e.path) });
    expect(entries).toContain('database.pgdump');
  });

  it('is refused as a restore while Directus is connected, and leaves no database beside', async () => {
    await expect(restoreBackup(target, archive)).rejects.toThrow(/Directus is running on database/);
    expect(await databasesNamed(name)).toEqual([name]);
  });

  it('brings back the title, the review, the person who signs in and their picture', async () => {
    await changeThings(backend!, kept);
    await backend!.stop();
    backend = undefined;

    const restored = await restoreBackup(target, archive);
    expect(restored.asideDatabase).toMatch(new RegExp(`^${name}_before_restore_`));
    expect(await databasesNamed(name)).toEqual([name, restored.asideDatabase].sort());
    expect(restored.asideDir && existsSync(restored.asideDir)).toBe(true);

    backend = await startBackend({ ...options, skipBuild: true });
    await backend.api.request('POST', '/utils/cache/clear', undefined, false);
    await expectThingsBack(backend, kept);
  }, 300_000);
});

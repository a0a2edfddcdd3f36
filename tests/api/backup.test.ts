/**
 * Backups end to end, on a seeded Directus of its own: a backup of the running site, then a title
 * renamed, a review, a person and their picture deleted; Directus stopped, the archive restored,
 * Directus started again, and everything is as it was, down to the site built from it. Restores are
 * refused while Directus runs on the data and for broken archives, which leave the data untouched.
 */
import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../../scripts/lib/backend.ts';
import type { DirectusOptions } from '../../scripts/lib/directus-env.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { buildSite } from '../../scripts/site-build/build.ts';
import { folderSums } from '../../scripts/lib/backup/file-sums.ts';
import { MANIFEST_ENTRY, type Manifest } from '../../scripts/lib/backup/manifest.ts';
import { restoreBackup } from '../../scripts/lib/backup/restore-backup.ts';
import { takeBackup } from '../../scripts/lib/backup/take-backup.ts';
import { dataTarget, type DataTarget } from '../../scripts/lib/backup/target.ts';
import { changeThings, expectThingsBack, keepThings, renamed, type Kept } from '../support/backup-site.ts';
import { startTestBackend } from '../support/backend-template.ts';
import { ADMIN } from '../support/global-setup.ts';
import { TEST_BACKEND_ENV } from '../support/test-backend-env.ts';

const BUILD_WAIT = 600_000;
let workDir = '';
let options: DirectusOptions & { quiet: boolean; skipBuild?: boolean };
let backend: Backend | undefined;
let target: DataTarget;
let archive = '';
let manifest: Manifest;
let kept: Kept;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'dorama-backup-'));
  options = {
    dataDir: path.join(workDir, 'data'),
    port: await freePort(),
    secret: `backup-secret-${randomUUID()}`,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    quiet: true,
    extra: TEST_BACKEND_ENV,
  };
  backend = await startTestBackend(options, { seeded: true });
  target = dataTarget(backend.env, options.dataDir);
  const title = (await backend.api.get<Kept['title'][]>('/items/titles?filter[status][_eq]=published&sort=id&limit=1&fields=id,slug,name'))[0];
  kept = await keepThings(backend, title);
  ({ file: archive, manifest } = await takeBackup(target, path.join(workDir, 'backups')));
}, 900_000);

afterAll(async () => {
  await backend?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('a backup of the running site', () => {
  it('is one archive whose manifest counts the rows and sums the files', async () => {
    expect(path.basename(archive)).toMatch(/^dorama-backup-.+\.tar\.gz$/);
    expect(manifest.database.kind).toBe('sqlite');
    expect(manifest.directusVersion).toBe(JSON.parse(readFileSync(path.join(import.meta.dirname, '../../node_modules/directus/package.json'), 'utf8')).version);
    expect(manifest.counts).toEqual(kept.counts);
    const stored = await backend!.api.get<{ filename_disk: string }>(`/files/${kept.picture.id}?fields=filename_disk`);
    expect(manifest.uploads[stored.filename_disk].sha256).toBe(createHash('sha256').update(kept.picture.bytes).digest('hex'));
    expect(manifest.missingUploads).toEqual([]);
    const entries: string[] = [];
    await tar.t({ file: archive, onReadEntry: (e) => entries.push(e.path) });
    expect(entries).toContain(MANIFEST_ENTRY);
    expect(entries).toContain('database.sqlite');
    // Secrets stay out: Directus's environment and the checkout's .env are no part of it.
    expect(entries.filter((e) => /(^|\/)\.env|secret/i.test(e))).toEqual([]);
    expect(readFileSync(archive).includes(options.secret)).toBe(false);
  });

  it('is refused as a restore while Directus runs on the data', async () => {
    await expect(restoreBackup(target, archive)).rejects.toThrow(/Directus is running on/);
    expect(existsSync(options.dataDir)).toBe(true);
  });
});

describe('after changes, a restore into the stopped site', () => {
  beforeAll(async () => {
    await changeThings(backend!, kept);
    await backend!.stop();
    backend = undefined;
  }, 120_000);

  it('refuses a broken archive and leaves the data as it was', async () => {
    const data = await folderSums(options.dataDir);
    const broken = path.join(workDir, 'broken');
    mkdirSync(broken);

    const truncated = path.join(broken, 'truncated.tar.gz');
    copyFileSync(archive, truncated);
    truncateSync(truncated, Math.floor(readFileSync(archive).length / 2));
    await expect(restoreBackup(target, truncated)).rejects.toThrow(/broken or incomplete/);

    const garbled = path.join(broken, 'garbled.tar.gz');
    const bytes = readFileSync(archive);
    bytes.fill(0x55, Math.floor(bytes.length / 3), Math.floor(bytes.length / 3) + 512);
    writeFileSync(garbled, bytes);
    await expect(restoreBackup(target, garbled)).rejects.toThrow(/broken or incomplete/);

    // A whole tar whose picture was changed after the backup: only the manifest's checksum tells.
    const unpacked = path.join(broken, 'unpacked');
    mkdirSync(unpacked);
    await tar.x({ file: archive, cwd: unpacked });
    const picture = Object.keys(manifest.uploads)[0];
    writeFileSync(path.join(unpacked, 'uploads', picture), 'not the picture');
    const tampered = path.join(broken, 'tampered.tar.gz');
    await tar.c({ gzip: true, file: tampered, cwd: unpacked }, readdirSync(unpacked));
    await expect(restoreBackup(target, tampered)).rejects.toThrow(`uploads/${picture} differs from its checksum`);

    const noManifest = path.join(broken, 'no-manifest.tar.gz');
    rmSync(path.join(unpacked, MANIFEST_ENTRY));
    await tar.c({ gzip: true, file: noManifest, cwd: unpacked }, readdirSync(unpacked));
    await expect(restoreBackup(target, noManifest)).rejects.toThrow(/has no manifest/);

    expect(await folderSums(options.dataDir)).toEqual(data);
    expect(readdirSync(workDir).filter((name) => name !== 'data' && name.startsWith('data'))).toEqual([]);
    expect(readdirSync(workDir).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('brings back the title, the review, the person who signs in and their picture', async () => {
    const restored = await restoreBackup(target, archive);
    expect(restored.manifest.createdAt).toBe(manifest.createdAt);
    expect(restored.asideDir && existsSync(restored.asideDir)).toBe(true);

    backend = await startBackend({ ...options, skipBuild: true });
    await expectThingsBack(backend, kept);
  }, 300_000);

  it('gives a site that builds with the title as it was', async () => {
    const outDir = path.join(workDir, 'site');
    await buildSite({ directusUrl: backend!.url, outDir });
    const page = readFileSync(path.join(outDir, kept.title.slug, 'index.html'), 'utf8');
    expect(page).toContain(kept.title.name);
    expect(page).not.toContain(renamed(kept));
  }, BUILD_WAIT);
});

import { describe, expect, it } from 'vitest';
import {
  archiveName, archiveProblems, expectedEntries, MANIFEST_FORMAT, parseManifest, versionProblem, type Manifest,
} from '../../scripts/lib/backup/manifest.ts';

const sum = (c: string, bytes = 10) => ({ bytes, sha256: c.repeat(64) });

const manifest: Manifest = {
  format: MANIFEST_FORMAT,
  createdAt: '2026-11-26T17:16:27.123Z',
  directusVersion: '11.17.4',
  database: { kind: 'sqlite', entry: 'database.sqlite', ...sum('a', 4096) },
  counts: { titles: 3, directus_files: 2 },
  uploads: { 'poster.jpg': sum('b'), 'deep/avatar.webp': sum('c') },
  missingUploads: [],
};

describe('backup archive name', () => {
  it('sorts by time and has no colons', () => {
    expect(archiveName(new Date('2026-11-26T17:16:27.123Z'))).toBe('dorama-backup-2026-11-26T17-16-27Z.tar.gz');
    expect(archiveName(new Date('2026-01-02T00:00:00Z')) < archiveName(new Date('2026-11-26T00:00:00Z'))).toBe(true);
  });
});

describe('manifest', () => {
  it('reads back what was written', () => {
    expect(parseManifest(JSON.stringify(manifest))).toEqual(manifest);
  });

  it.each([
    ['not JSON', 'garbage{', /not JSON/],
    ['another format', JSON.stringify({ ...manifest, format: 2 }), /format 2/],
    ['a database entry that does not fit its kind', JSON.stringify({ ...manifest, database: { ...manifest.database, entry: 'database.pgdump' } }), /database/],
    ['a bad checksum', JSON.stringify({ ...manifest, uploads: { 'x.png': { bytes: 1, sha256: 'zz' } } }), /uploads/],
    ['no counts', JSON.stringify({ ...manifest, counts: undefined }), /incomplete/],
  ])('refuses %s', (_what, text, message) => {
    expect(() => parseManifest(text)).toThrow(message);
  });

  it('names the database and every upload by their paths in the archive', () => {
    expect(Object.keys(expectedEntries(manifest)).sort()).toEqual(['database.sqlite', 'uploads/deep/avatar.webp', 'uploads/poster.jpg']);
  });
});

describe('checking an unpacked archive', () => {
  const whole = expectedEntries(manifest);

  it('finds nothing wrong with a whole archive', () => {
    expect(archiveProblems(manifest, whole)).toEqual([]);
  });

  it('names a missing file, a changed one and one too many', () => {
    const { 'uploads/poster.jpg': _gone, ...rest } = whole;
    expect(archiveProblems(manifest, { ...rest, 'database.sqlite': sum('d', 4096), 'uploads/extra.png': sum('e') })).toEqual([
      'database.sqlite differs from its checksum',
      'uploads/poster.jpg is missing',
      'uploads/extra.png is not in the manifest',
    ]);
  });

  it('tells a truncated file by its size', () => {
    expect(archiveProblems(manifest, { ...whole, 'database.sqlite': sum('a', 2048) })).toEqual(['database.sqlite differs from its checksum']);
  });
});

describe('Directus versions', () => {
  it('restores into the same or a newer Directus', () => {
    expect(versionProblem('11.17.4', '11.17.4')).toBeNull();
    expect(versionProblem('11.9.0', '11.17.4')).toBeNull();
    expect(versionProblem('10.13.1', '11.0.0')).toBeNull();
  });

  it('refuses an archive from a newer one', () => {
    expect(versionProblem('11.17.5', '11.17.4')).toMatch(/newer than the installed 11\.17\.4/);
    expect(versionProblem('12.0.0', '11.17.4')).toMatch(/upgrade first/);
  });
});

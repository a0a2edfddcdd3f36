/**
 * `npm run backup -- DIR`: one archive of the running site in DIR (database, uploads, manifest), taken
 * without stopping it. The site is the one `npm start` runs, or the one DB_* / DATA_DIR name. Secrets
 * (`.env`) are never in it: keep them apart. See docs/operations.md.
 */
import { siteTarget, fromCaller } from './lib/backup/site-target.ts';
import { takeBackup } from './lib/backup/take-backup.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('Usage: npm run backup -- DIR');
  process.exit(2);
}
try {
  const target = siteTarget();
  const started = Date.now();
  const { file, manifest } = await takeBackup(target, fromCaller(dir));
  const counts = Object.entries(manifest.counts).map(([table, n]) => `${table} ${n}`).join(', ');
  console.log(`Backup written in ${((Date.now() - started) / 1000).toFixed(1)} s: ${file}`);
  console.log(`  ${manifest.database.kind} database (${manifest.database.bytes} bytes), ${Object.keys(manifest.uploads).length} uploaded files`);
  console.log(`  rows: ${counts}`);
  if (manifest.missingUploads.length) {
    console.warn(`  ${manifest.missingUploads.length} files the database names were not in the uploads folder: ${manifest.missingUploads.slice(0, 5).join(', ')}`);
  }
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
}

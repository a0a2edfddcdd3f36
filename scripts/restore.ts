/**
 * `npm run restore -- FILE`: puts an archive of `npm run backup` back into the stopped site (the data
 * folder, and the PostgreSQL database when DB_CLIENT=pg). Refuses while Directus runs on it or when
 * the archive is broken; what was there before is kept aside. See docs/operations.md.
 */
import { siteTarget, fromCaller } from './lib/backup/site-target.ts';
import { restoreBackup } from './lib/backup/restore-backup.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- FILE');
  process.exit(2);
}
try {
  const target = siteTarget();
  const { manifest, asideDir, asideDatabase, warning } = await restoreBackup(target, fromCaller(file));
  if (warning) console.warn(`Note: ${warning}`);
  console.log(`Restored the backup of ${manifest.createdAt} into ${target.dataDir}`);
  console.log(`  rows: ${Object.entries(manifest.counts).map(([table, n]) => `${table} ${n}`).join(', ')}`);
  if (asideDir) console.log(`  the data folder before it is kept in ${asideDir}: delete it once the site runs well`);
  if (asideDatabase) console.log(`  the database before it is kept as ${asideDatabase}: drop it once the site runs well`);
  console.log('Start the site again (npm start, or your Directus service); the site is rebuilt from the restored data.');
  if (process.env.CACHE_ENABLED === 'true' && process.env.CACHE_STORE === 'redis') {
    console.log('Directus\'s cache in Redis may still hold answers from before: once Directus is up, clear it (POST /utils/cache/clear as an admin).');
  }
} catch (err) {
  console.error(`Restore refused: ${(err as Error).message}`);
  process.exit(1);
}

/**
 * `npm start`: the whole local backend in one command. First run writes `.env` with fresh
 * secrets, creates `.data/` (SQLite and uploads), applies the backend and seeds the demo.
 */
import { loadLocalConfig } from './lib/local-env.ts';
import { startBackend } from './lib/backend.ts';
import { seedDemo } from '../directus/seed/index.ts';
import { DEMO_PASSWORD } from '../directus/seed/community.ts';

const config = loadLocalConfig();
if (config.created) console.log(`Wrote .env with generated secrets. Admin: ${config.adminEmail} / ${config.adminPassword}`);

console.log(`Starting Directus with data in ${config.dataDir} ...`);
const backend = await startBackend({
  dataDir: config.dataDir,
  port: config.directusPort,
  secret: config.secret,
  adminEmail: config.adminEmail,
  adminPassword: config.adminPassword,
  inheritProduction: true,
});
console.log(backend.applyWrites ? `Backend applied (${backend.applyWrites} changes)` : 'Backend already up to date');

const started = Date.now();
if (await seedDemo(backend.api, (m) => console.log(`  seeded ${m}`))) {
  console.log(`Demo catalogue seeded in ${((Date.now() - started) / 1000).toFixed(1)} s; demo users sign in with password "${DEMO_PASSWORD}"`);
}

console.log(`\nDirectus:  ${backend.url}  (admin app: ${backend.url}/admin, ${config.adminEmail} / ${config.adminPassword})`);
console.log('Press Ctrl+C to stop.');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await backend.stop();
    process.exit(0);
  });
}
backend.child.once('exit', (code) => process.exit(code ?? 1));

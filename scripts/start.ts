/**
 * `npm start`: the whole local site in one command. First run writes `.env` with fresh secrets,
 * creates `.data/` (SQLite and uploads), applies the backend and seeds the demo; every run then
 * builds the static site from Directus and serves it with the /api proxy.
 */
import { loadLocalConfig } from './lib/local-env.ts';
import { startBackend } from './lib/backend.ts';
import { mailOutbox } from './lib/directus-env.ts';
import { seedDemo } from '../directus/seed/index.ts';
import { DEMO_PASSWORD } from '../directus/seed/community.ts';
import { buildSite } from './lib/site-build.ts';
import { startSiteServer } from './lib/static-server.ts';
import { ROOT } from './lib/paths.ts';
import path from 'node:path';

const config = loadLocalConfig();
if (config.created) console.log(`Wrote .env with generated secrets. Admin: ${config.adminEmail} / ${config.adminPassword}`);

console.log(`Starting Directus with data in ${config.dataDir} ...`);
const siteUrl = `http://127.0.0.1:${config.sitePort}`;
const backend = await startBackend({
  dataDir: config.dataDir,
  siteUrl,
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

const distDir = path.join(ROOT, 'dist');
console.log('Building the site ...');
const buildStarted = Date.now();
try {
  await buildSite({ directusUrl: backend.url, outDir: distDir, siteUrl });
} catch (err) {
  await backend.stop();
  throw err;
}
console.log(`Site built in ${((Date.now() - buildStarted) / 1000).toFixed(1)} s`);
const site = await startSiteServer({ distDir, port: config.sitePort, directusUrl: backend.url });

console.log(`\nSite:      ${site.url}`);
console.log(`Directus:  ${backend.url}  (admin app: ${backend.url}/admin, ${config.adminEmail} / ${config.adminPassword})`);
console.log(`Mail:      ${mailOutbox(config.dataDir)}  (password reset letters land here as .eml files)`);
console.log('Press Ctrl+C to stop.');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await site.close();
    await backend.stop();
    process.exit(0);
  });
}
backend.child.once('exit', (code) => process.exit(code ?? 1));

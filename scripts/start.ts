/**
 * `npm start`: the whole local site in one command. First run writes `.env` with fresh secrets,
 * creates `.data/` (SQLite and uploads), applies the backend and seeds the demo. The site server
 * comes up first with the rebuild webhook (`/__rebuild`), which the backend calls on every change an
 * editor makes; the site is built at start only when the catalogue or the code changed since the
 * build it serves (`.data/site/`). Directus is started again when it stops on its own (directus-supervisor.ts).
 */
import { loadLocalConfig } from './lib/local-env.ts';
import { startBackend } from './lib/backend.ts';
import { DirectusSupervisor } from './lib/directus-supervisor.ts';
import { mailOutbox } from './lib/directus-env.ts';
import { seedDemo } from '../directus/seed/index.ts';
import { DEMO_PASSWORD } from '../directus/seed/community.ts';
import { startSiteServer } from './lib/static-server.ts';
import { COUNTERS_REFRESH_MINUTES, createRebuildLoop, rebuildSecret } from './site-build/rebuild-loop.ts';
import { REBUILD_PATH } from './site-build/rebuild-webhook.ts';
import { servedBuild } from './site-build/rebuilder.ts';
import { startPaymentGateway } from './lib/payment-gateway.ts';
import { ensureFpcalc } from './lib/fpcalc.ts';
import path from 'node:path';

const config = loadLocalConfig();
if (config.created) console.log(`Wrote .env with generated secrets. Admin: ${config.adminEmail} / ${config.adminPassword}`);

// The segment finder listens to uploaded episodes with fpcalc; without it the site still runs and the
// analysis says the program is missing.
try {
  ensureFpcalc();
} catch (err) {
  console.warn(`fpcalc is not installed (${(err as Error).message}); openings and endings will not be proposed`);
}

const siteUrl = `http://127.0.0.1:${config.sitePort}`;
const directusUrl = `http://127.0.0.1:${config.directusPort}`;
const secret = rebuildSecret(config.secret);
const refreshMinutes = Number(process.env.SITE_COUNTERS_REFRESH_MINUTES ?? COUNTERS_REFRESH_MINUTES);
const loop = createRebuildLoop({
  sitesDir: path.join(config.dataDir, 'site'),
  directusUrl,
  secret,
  siteUrl,
  countersEveryMs: refreshMinutes * 60_000,
  log: (line) => console.log(line),
});
// Up before the backend, so the changes the seed makes reach the webhook (they wait for the first build).
const site = await startSiteServer({
  distDir: () => loop.rebuilder.currentDir(), port: config.sitePort, directusUrl, handlers: [loop.webhook], build: () => servedBuild(loop.rebuilder),
});

// The real gateway when .env names a merchant, otherwise its local stand-in (a process of its own).
const gateway = await startPaymentGateway({
  directusUrl, port: config.gatewayPort, stateFile: path.join(config.dataDir, 'gateway-standin.json'), inheritProduction: true,
});

console.log(`Starting Directus with data in ${config.dataDir} ...`);
const backend = await startBackend({
  extra: gateway.env,
  siteRebuild: { url: `${siteUrl}${REBUILD_PATH}`, secret },
  dataDir: config.dataDir,
  siteUrl,
  port: config.directusPort,
  secret: config.secret,
  adminEmail: config.adminEmail,
  adminPassword: config.adminPassword,
  inheritProduction: true,
});
// A Directus that stops on its own is started again (the site keeps serving meanwhile); one that keeps
// stopping right after each start is left stopped, and everything else ends with it.
const directus = new DirectusSupervisor(backend, { env: backend.env, log: (line) => console.log(line) });
const stopAll = async (code: number) => {
  // Directus first: it gets Ctrl+C too, and its exit must not read as a crash.
  const stopping = directus.stop();
  await loop.close();
  await site.close();
  await stopping;
  await gateway.stop();
  process.exit(code);
};
directus.once('gave-up', () => void stopAll(1));
console.log(backend.applyWrites ? `Backend applied (${backend.applyWrites} changes)` : 'Backend already up to date');

const started = Date.now();
if (await seedDemo(backend.api, (m) => console.log(`  seeded ${m}`))) {
  console.log(`Demo catalogue seeded in ${((Date.now() - started) / 1000).toFixed(1)} s; demo users sign in with password "${DEMO_PASSWORD}"`);
}

const buildStarted = Date.now();
try {
  const outcome = await loop.rebuilder.start();
  console.log(outcome === 'kept'
    ? 'Catalogue and code unchanged since the last build: serving it'
    : `Site built in ${((Date.now() - buildStarted) / 1000).toFixed(1)} s`);
} catch (err) {
  await loop.close();
  await site.close();
  await directus.stop();
  await gateway.stop();
  throw err;
}

console.log(`\nSite:      ${site.url}`);
console.log(`Directus:  ${backend.url}  (admin app: ${backend.url}/admin, ${config.adminEmail} / ${config.adminPassword})`);
console.log(`Mail:      ${mailOutbox(config.dataDir)}  (password reset and plan letters land here as .eml files)`);
console.log(gateway.standinUrl
  ? `Payments:  local stand-in of the gateway at ${gateway.standinUrl} (set HELEKET_MERCHANT and HELEKET_API_KEY for the real one)`
  : 'Payments:  Heleket, merchant from HELEKET_MERCHANT');
console.log(`Rebuilds:  on every editor's change (admin app → Сайт); counters refreshed every ${refreshMinutes} min when they moved`);
console.log('Press Ctrl+C to stop.');

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stopAll(0));

/**
 * Serves an existing build: `node scripts/serve.ts` → dist/ on SITE_PORT (4321), `/api/*` proxied to
 * Directus at DIRECTUS_URL (default http://127.0.0.1:DIRECTUS_PORT, 8055). Reads `.env` when there is one;
 * DIST_DIR overrides the folder, SITE_HOST the listening address (127.0.0.1). Starts no Directus and
 * builds nothing: `npm start` does both and then uses `startSiteServer` the same way.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/paths.ts';
import { ENV_FILE } from './lib/local-env.ts';
import { startSiteServer } from './lib/static-server.ts';

if (existsSync(ENV_FILE)) process.loadEnvFile(ENV_FILE);
const env = process.env;
const distDir = path.resolve(ROOT, env.DIST_DIR ?? 'dist');
if (!existsSync(path.join(distDir, 'index.html'))) {
  console.error(`No build in ${distDir}: run \`npm run build\` (with Directus running) first.`);
  process.exit(1);
}
const directusUrl = env.DIRECTUS_URL ?? `http://127.0.0.1:${env.DIRECTUS_PORT ?? 8055}`;
const site = await startSiteServer({
  distDir,
  port: Number(env.SITE_PORT ?? 4321),
  host: env.SITE_HOST ?? '127.0.0.1',
  directusUrl,
  log: env.SITE_LOG ? (line) => console.log(line) : undefined,
});
console.log(`Site:      ${site.url}  (serving ${distDir}; /api → ${directusUrl})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await site.close();
    process.exit(0);
  });
}

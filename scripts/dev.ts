/**
 * `npm run dev`: Astro's dev server over the running backend, so a change to an island or a page shows
 * on the next reload without a build. Start the backend first (`npm start`, which also serves the built
 * site on SITE_PORT); this serves on SITE_DEV_PORT (4322) and proxies `/api` (websockets too) to Directus
 * at DIRECTUS_URL, as the site's own server does. Pages are rendered on request from the live catalogue.
 */
import { existsSync } from 'node:fs';
import { dev } from 'astro';
import { ENV_FILE } from './lib/local-env.ts';
import { API_PREFIX } from './lib/rewrites.ts';
import { ROOT } from './lib/paths.ts';

if (existsSync(ENV_FILE)) process.loadEnvFile(ENV_FILE);
const directusUrl = process.env.DIRECTUS_URL ?? `http://127.0.0.1:${process.env.DIRECTUS_PORT ?? 8055}`;
process.env.DIRECTUS_URL = directusUrl;
const port = Number(process.env.SITE_DEV_PORT ?? 4322);

const reachable = await fetch(`${directusUrl}/server/ping`).then((r) => r.ok, () => false);
if (!reachable) {
  console.error(`Directus does not answer at ${directusUrl}: start it with \`npm start\` first.`);
  process.exit(1);
}

const server = await dev({
  root: ROOT,
  server: { port, host: '127.0.0.1' },
  vite: {
    server: {
      proxy: {
        [API_PREFIX]: { target: directusUrl, changeOrigin: true, ws: true, rewrite: (p: string) => p.slice(API_PREFIX.length) || '/' },
      },
    },
  },
});
console.log(`Dev site:  http://127.0.0.1:${server.address.port}  (/api → ${directusUrl}; edits show on reload)`);

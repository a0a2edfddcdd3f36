/**
 * `npm run build`: one full build of the site into a folder (`dist/`, or the one named as the
 * argument), through `buildSite()`, the same entry `npm start` and the production runner build with
 * (in parts, one a core, each page rendered). Reads Directus at DIRECTUS_URL (the local one by
 * default); SITE_URL is the public address pages link to.
 *
 *   DIRECTUS_URL=http://127.0.0.1:8055 SITE_URL=https://example.ru npm run build [-- OUT_DIR]
 */
import path from 'node:path';
import { ROOT } from '../lib/paths.ts';
import { buildSite } from './build.ts';

const outDir = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist'));
const directusUrl = process.env.DIRECTUS_URL ?? `http://127.0.0.1:${process.env.DIRECTUS_PORT ?? 8055}`;
const started = performance.now();
try {
  await buildSite({ directusUrl, outDir, siteUrl: process.env.SITE_URL, onOutput: (text) => process.stdout.write(text) });
  console.log(`Built into ${outDir} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
}

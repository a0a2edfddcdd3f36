/** Bundles each Directus extension under directus/extensions/ from its TypeScript source. */
import { build } from 'esbuild';
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EXTENSIONS_DIR } from './lib/paths.ts';
import { vuePlugin } from './lib/esbuild-vue.ts';

type Entry = string | { app: string; api: string };

/** Extension types that run in the admin app (the rest run in Directus). */
const APP_TYPES = new Set(['interface', 'display', 'layout', 'module', 'panel', 'theme']);

export async function buildExtensions(): Promise<string[]> {
  const built: string[] = [];
  for (const name of readdirSync(EXTENSIONS_DIR)) {
    const dir = path.join(EXTENSIONS_DIR, name);
    const manifestPath = path.join(dir, 'package.json');
    if (!existsSync(manifestPath)) continue;
    const options = JSON.parse(readFileSync(manifestPath, 'utf8'))['directus:extension'];
    const source: Entry = options.source;
    const out: Entry = options.path;
    const targets = typeof source === 'string'
      ? [{ src: source, out: out as string, side: APP_TYPES.has(options.type) ? 'app' : 'api' }]
      : [
          { src: source.api, out: (out as { api: string }).api, side: 'api' },
          { src: source.app, out: (out as { app: string }).app, side: 'app' },
        ];
    for (const t of targets) {
      await build({
        entryPoints: [path.join(dir, t.src)],
        outfile: path.join(dir, t.out),
        bundle: true,
        format: 'esm',
        platform: t.side === 'api' ? 'node' : 'browser',
        target: t.side === 'api' ? 'node22' : 'es2022',
        // Directus and the project's own dependencies provide these at run time; bundling them would
        // split error classes and db handles, and native sharp cannot be bundled.
        external: ['@directus/*', 'knex', 'express', 'vue', 'ioredis', 'sharp', 'busboy', 'body-parser', 'jsonwebtoken', 'rate-limiter-flexible'],
        logLevel: 'warning',
        // Admin app modules are Vue single-file components.
        plugins: t.side === 'app' ? [vuePlugin()] : [],
      });
    }
    built.push(name);
  }
  return built;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const built = await buildExtensions();
  console.log(`Built extensions: ${built.join(', ')}`);
}

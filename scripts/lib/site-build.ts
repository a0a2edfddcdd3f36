/** Builds the static site with Astro on the project's own Node, reading Directus at a given address. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.ts';

/** Astro's CLI entry, from its package.json (`bin/astro.mjs` in Astro 7). */
export function astroCli(): string {
  const dir = path.join(ROOT, 'node_modules/astro');
  const bin = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { bin: string | Record<string, string> }).bin;
  return path.join(dir, typeof bin === 'string' ? bin : (bin.astro as string));
}

export interface SiteBuildOptions {
  directusUrl: string;
  outDir: string;
  /** The public address pages put in canonical links, OpenGraph and the sitemap. */
  siteUrl?: string;
  /** Show Astro's output as it builds (`npm start`) instead of keeping it for an error. */
  verbose?: boolean;
}

/** `astro build`; rejects with the tail of its output when it fails. */
export function buildSite(o: SiteBuildOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [astroCli(), 'build', '--outDir', o.outDir], {
      cwd: ROOT,
      env: {
        ...process.env,
        DIRECTUS_URL: o.directusUrl,
        ...(o.siteUrl ? { SITE_URL: o.siteUrl } : {}),
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', o.verbose ? 'inherit' : 'pipe', o.verbose ? 'inherit' : 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (d) => (output = (output + d).slice(-40000)));
    child.stderr?.on('data', (d) => (output = (output + d).slice(-40000)));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build failed (${code}):\n${output}`))));
  });
}

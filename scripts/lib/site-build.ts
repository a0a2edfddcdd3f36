/** Builds the static site with Astro on the project's own Node, reading Directus at a given address. */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.ts';

/** Astro's CLI entry, from its package.json (`bin/astro.mjs` in Astro 7). */
function astroCli(): string {
  const dir = path.join(ROOT, 'node_modules/astro');
  const bin = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { bin: string | Record<string, string> }).bin;
  return path.join(dir, typeof bin === 'string' ? bin : (bin.astro as string));
}

export interface SiteBuildOptions {
  directusUrl: string;
  outDir: string;
  /** The public address pages put in canonical links, OpenGraph and the sitemap. */
  siteUrl?: string;
  /** Called with the build's process id as it starts (the benchmark samples its memory). */
  onStart?: (pid: number) => void;
}

/**
 * Astro keeps its intermediate prerender bundle inside the output folder only when that lies under
 * the project (elsewhere it shares the project's `.astro/`, and two builds at once collide), and that
 * bundle must resolve the project's packages. So every build goes to a folder of its own under
 * `.astro/builds/`, which is then moved where it was asked for.
 */
function stagingDir(): string {
  const dir = path.join(ROOT, '.astro', 'builds');
  mkdirSync(dir, { recursive: true });
  return mkdtempSync(path.join(dir, 'build-'));
}

function moveDir(from: string, to: string): void {
  rmSync(to, { recursive: true, force: true });
  mkdirSync(path.dirname(to), { recursive: true });
  try {
    renameSync(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    cpSync(from, to, { recursive: true });
    rmSync(from, { recursive: true, force: true });
  }
}

/** `astro build` into `outDir`; rejects with the tail of its output when it fails. */
export function buildSite(o: SiteBuildOptions): Promise<void> {
  const staging = stagingDir();
  const out = path.join(staging, 'dist');
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [astroCli(), 'build', '--outDir', out], {
      cwd: ROOT,
      env: {
        ...process.env,
        DIRECTUS_URL: o.directusUrl,
        ...(o.siteUrl ? { SITE_URL: o.siteUrl } : {}),
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (child.pid) o.onStart?.(child.pid);
    let output = '';
    child.stdout?.on('data', (d) => (output = (output + d).slice(-40000)));
    child.stderr?.on('data', (d) => (output = (output + d).slice(-40000)));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build failed (${code}):\n${output}`))));
  })
    .then(() => moveDir(out, path.resolve(o.outDir)))
    .finally(() => rmSync(staging, { recursive: true, force: true }));
}

/**
 * The JavaScript a visitor's page loads, compressed as the site server sends it (brotli, and gzip
 * for browsers without it): its scripts and every island's component and renderer, with what they
 * import statically, as a visitor who scrolls to the end gets them. Dynamic imports are left out:
 * they load only when a person needs them (the signed-in parts, the emoji picker, an overlay's
 * code); so are islands that hydrate only for signed-in people (`client:signed-in`).
 * es-module-lexer reads the imports as the browser will.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';
import { GZIP_OPTIONS, brotliOptions } from './static-server.ts';

export interface ModuleSize {
  url: string;
  gzip: number;
  brotli: number;
}

export interface PageJs {
  /** Gzipped bytes of every module, summed. */
  bytes: number;
  /** Brotli bytes of every module, summed. */
  brotli: number;
  /** Each module's address and compressed sizes, largest first. */
  modules: ModuleSize[];
}

const ASTRO_URL = /(?:src|href|component-url|renderer-url)="(\/_astro\/[^"]+\.js)"/g;

/** The addresses of the scripts a visitor's page names: its own, its islands' components and renderers. */
function pageScripts(html: string): string[] {
  const forVisitors = html.replace(/<astro-island\b[^>]*\bclient="signed-in"[^>]*>/g, '');
  return [...forVisitors.matchAll(ASTRO_URL)].map((m) => m[1]);
}

export async function pageJs(distDir: string, htmlFile: string): Promise<PageJs> {
  await init;
  const queue = pageScripts(readFileSync(path.join(distDir, htmlFile), 'utf8'));
  const seen = new Set<string>();
  while (queue.length) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const [imports] = parse(readFileSync(path.join(distDir, url), 'utf8'));
    for (const i of imports) {
      if (i.d !== -1 || !i.n?.endsWith('.js')) continue;
      queue.push(i.n.startsWith('/') ? i.n : path.posix.join(path.posix.dirname(url), i.n));
    }
  }
  const modules = [...seen].map((url): ModuleSize => {
    const raw = readFileSync(path.join(distDir, url));
    return { url, gzip: gzipSync(raw, GZIP_OPTIONS).length, brotli: brotliCompressSync(raw, brotliOptions(raw.length)).length };
  }).sort((a, b) => b.brotli - a.brotli);
  const sum = (of: keyof Omit<ModuleSize, 'url'>) => modules.reduce((total, m) => total + m[of], 0);
  return { bytes: sum('gzip'), brotli: sum('brotli'), modules };
}

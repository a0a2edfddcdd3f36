/**
 * The JavaScript a visitor's page loads, gzipped: its scripts and every island's component and
 * renderer, with what they import statically. Dynamic imports are left out: they load only when a
 * person needs them (the signed-in parts, the emoji picker). es-module-lexer reads the imports as
 * the browser will.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';

export interface PageJs {
  /** Gzipped bytes of every module, summed. */
  bytes: number;
  /** Each module's address and gzipped size, largest first. */
  modules: [string, number][];
}

export async function pageJs(distDir: string, htmlFile: string): Promise<PageJs> {
  await init;
  const html = readFileSync(path.join(distDir, htmlFile), 'utf8');
  const queue = [...html.matchAll(/(?:src|href|component-url|renderer-url)="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1]);
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
  const modules = [...seen].map((url): [string, number] => [url, gzipSync(readFileSync(path.join(distDir, url))).length]).sort((a, b) => b[1] - a[1]);
  return { bytes: modules.reduce((sum, [, n]) => sum + n, 0), modules };
}

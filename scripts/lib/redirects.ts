/**
 * Former addresses sent on with a 301 to the pages they lead to now (shared/former-slugs.ts), in ONE
 * table the build makes from GET /site/former-slugs and writes into its output in two forms:
 * - `_redirects`: a line `/old /new 301` each, as static hosts and CDNs read it (Netlify, Cloudflare
 *   Pages); the site's own server (static-server.ts) answers from it;
 * - `redirects.map`: a line `/old /new;` each, for nginx's `map` (`deploy/nginx.conf.example` includes it;
 *   `tests/unit/nginx-example.test.ts` keeps the two in step).
 * An address is sent on only where no page answers it, so a page always wins over a stale line.
 */
import { statSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { SLUG_PAGES, type FormerSlug } from '../../shared/former-slugs.ts';
import { SLUG_PATTERN } from '../../shared/slug.ts';
import { normalizePath } from './rewrites.ts';

export const REDIRECTS_FILE = '_redirects';
export const NGINX_REDIRECTS_FILE = 'redirects.map';

/** Every former address and the address it is sent to, in the order the backend answered. */
export function redirectsOf(former: readonly FormerSlug[]): Map<string, string> {
  const table = new Map<string, string>();
  for (const { collection, from, to } of former) {
    // Both end up in files read line by line: only a slug's shape goes in.
    if (!SLUG_PATTERN.test(from) || !SLUG_PATTERN.test(to) || from === to) continue;
    for (const [page, target] of SLUG_PAGES[collection] ?? []) table.set(page.replace('{}', from), target.replace('{}', to));
  }
  return table;
}

export const redirectsText = (table: ReadonlyMap<string, string>): string =>
  [...table].map(([from, to]) => `${from} ${to} 301\n`).join('');

export const nginxMapText = (table: ReadonlyMap<string, string>): string =>
  [...table].map(([from, to]) => `${from} ${to};\n`).join('');

/** The table of a `_redirects` file: its lines of a path, a path and 301. */
export function parseRedirects(text: string): Map<string, string> {
  const table = new Map<string, string>();
  for (const line of text.split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/);
    if (from?.startsWith('/') && to?.startsWith('/') && status === '301') table.set(from, to);
  }
  return table;
}

/** Writes both forms of the table into the build's folder `dir` (each whole: written aside, then renamed in). */
export function writeRedirects(dir: string, table: ReadonlyMap<string, string>): void {
  for (const [file, text] of [[REDIRECTS_FILE, redirectsText(table)], [NGINX_REDIRECTS_FILE, nginxMapText(table)]] as const) {
    const full = path.join(dir, file);
    writeFileSync(`${full}.tmp`, text);
    renameSync(`${full}.tmp`, full);
  }
}

/** The path a former address is looked up by: decoded, without a trailing slash (`/old/` is `/old`). */
export function redirectKey(pathname: string): string | null {
  const decoded = normalizePath(pathname);
  if (typeof decoded !== 'string') return null;
  return decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded;
}

/**
 * Where a served build sends `pathname` (still percent-encoded), from its `_redirects`; null when it is
 * no former address. Each build's table is read once, and again when an edit put in place rewrote it.
 */
export function redirectLookup(): (distDir: string, pathname: string) => string | null {
  let read: { file: string; stamp: string; table: Map<string, string> } | null = null;
  return (distDir, pathname) => {
    const file = path.join(distDir, REDIRECTS_FILE);
    let stamp: string;
    try {
      const st = statSync(file);
      stamp = `${st.ino}:${st.size}:${st.mtimeMs}`;
    } catch {
      return null;
    }
    if (read?.file !== file || read.stamp !== stamp) read = { file, stamp, table: parseRedirects(readFileSync(file, 'utf8')) };
    const key = redirectKey(pathname);
    return key === null ? null : read.table.get(key) ?? null;
  };
}

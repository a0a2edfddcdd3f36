/**
 * Directus's private modules (`@directus/api`) are reached through directus-internals.ts alone,
 * so a Directus upgrade is checked in one place.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const EXTENSIONS = fileURLToPath(new URL('..', import.meta.url));
const ADAPTER = path.join(EXTENSIONS, 'shared/directus-internals.ts');
const SOURCE = /\.(ts|tsx|js|mjs|cjs|vue)$/;

/** An import, re-export, dynamic import or require of `@directus/api` or any module inside it. */
const PRIVATE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"`]@directus\/api(?:\/[^'"`]*)?['"`]/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'dist' || entry.name === 'node_modules' ? [] : sources(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

const privateImports = (text: string) => text.match(PRIVATE_IMPORT) ?? [];

describe('Directus internals', () => {
  it('are imported by no extension file but the adapter', () => {
    const outside = sources(EXTENSIONS)
      .filter((file) => file !== ADAPTER && !file.endsWith('.test.ts'))
      .flatMap((file) => privateImports(readFileSync(file, 'utf8')).map((found) => `${path.relative(EXTENSIONS, file)}: ${found}`));
    expect(outside).toEqual([]);
  });

  it('are all reached through the adapter, each with a note of why', () => {
    const text = readFileSync(ADAPTER, 'utf8');
    const exports = text.split('\n').filter((line) => line.startsWith('export '));
    expect(exports.length).toBeGreaterThan(0);
    expect(exports.every((line) => privateImports(line).length === 1)).toBe(true);
    // Every group of re-exports follows a comment saying what it is needed for.
    const groups = text.split(/\n\s*\n/).filter((block) => block.includes('export '));
    for (const group of groups) expect(group.trimStart().startsWith('/**'), group).toBe(true);
  });

  it('are found in every form an import can take', () => {
    for (const line of [
      "import { useBus } from '@directus/api/bus/index';",
      "export { createRateLimiter } from '@directus/api/rate-limiter';",
      "const m = await import('@directus/api/redis/index');",
      "import '@directus/api/app';",
      "import api from \"@directus/api\";",
      "const { env } = require('@directus/api/env');",
    ]) expect(privateImports(line), line).toHaveLength(1);
    for (const line of ["import { defineHook } from '@directus/extensions';", "import { ForbiddenError } from '@directus/errors';", "declare module '@directus/api/rate-limiter' {"]) {
      expect(privateImports(line), line).toEqual([]);
    }
  });
});

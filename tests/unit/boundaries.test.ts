/** The backend never imports the site, and what both use imports neither. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx|mjs)$/.test(name) ? [full] : [];
  });
}

/** Every relative import of a file, resolved to a path under the project. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => path.resolve(path.dirname(file), m[1]));
}

const inside = (file: string, dir: string) => !path.relative(path.join(ROOT, dir), file).startsWith('..');

describe('module boundaries', () => {
  it('the backend imports nothing from the site', () => {
    const offending = sources(path.join(ROOT, 'directus')).flatMap((file) =>
      relativeImports(file).filter((target) => inside(target, 'src')).map((target) => `${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`));
    expect(offending).toEqual([]);
  });

  it('shared rules import only each other', () => {
    const offending = sources(path.join(ROOT, 'shared')).flatMap((file) =>
      relativeImports(file).filter((target) => !inside(target, 'shared')).map((target) => `${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`));
    expect(offending).toEqual([]);
  });
});

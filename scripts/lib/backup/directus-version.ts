/** The version of Directus installed with the project, which a manifest records and a restore compares. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../paths.ts';

export function installedDirectusVersion(): string {
  return (JSON.parse(readFileSync(path.join(ROOT, 'node_modules/directus/package.json'), 'utf8')) as { version: string }).version;
}

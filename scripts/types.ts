/** `npm run types`: writes the site's schema type from the backend's data model. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/paths.ts';
import { schemaTypes } from './lib/schema-types.ts';

export const SCHEMA_TYPES_FILE = path.join(ROOT, 'src/lib/directus/schema.ts');

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(SCHEMA_TYPES_FILE, schemaTypes());
  console.log(`Wrote ${path.relative(ROOT, SCHEMA_TYPES_FILE)}`);
}

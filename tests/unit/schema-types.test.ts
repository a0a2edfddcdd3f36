/** The site's schema type is the backend's data model, regenerated with `npm run types`. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { schemaTypes } from '../../scripts/lib/schema-types.ts';
import { SCHEMA_TYPES_FILE } from '../../scripts/types.ts';

describe('the site\'s schema type', () => {
  it('is what the data model gives (run `npm run types` after changing directus/schema)', () => {
    expect(readFileSync(SCHEMA_TYPES_FILE, 'utf8')).toBe(schemaTypes());
  });
});

/** Whether any public row points at one of these files (by the schema's relations, so new file fields count too). */
import type { Knex } from 'knex';
import type { SchemaOverview } from '../../shared/directus.ts';
import { PUBLIC_COLLECTIONS } from './public-collections.ts';

export async function fileUsedPublicly(db: Knex, schema: SchemaOverview, ids: string[]): Promise<boolean> {
  if (!ids.length) return false;
  const links = schema.relations.filter((r) => r.related_collection === 'directus_files' && PUBLIC_COLLECTIONS.includes(r.collection));
  for (const link of links) {
    if (await db(link.collection).whereIn(link.field, ids).first(link.field)) return true;
  }
  return false;
}

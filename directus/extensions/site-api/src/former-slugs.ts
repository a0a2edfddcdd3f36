/**
 * The former addresses that lead somewhere, for the build (GET /site/former-slugs, shared/former-slugs.ts):
 * each former slug of a published title, or of a person, category or tag, with the slug its row has now.
 * One a row of the collection holds now is that row's page and is left out; one of a row deleted or
 * unpublished leads nowhere. Former slugs are one per change of a slug, so one read of each collection's
 * takes them all, by their row's key and the slugs' unique index.
 */
import type { Knex } from 'knex';
import { FORMER_SLUG_COLLECTIONS, FORMER_SLUGS, type FormerSlug } from '../../../../shared/former-slugs.ts';

export async function formerSlugs(database: Knex): Promise<FormerSlug[]> {
  const found: FormerSlug[] = [];
  for (const collection of FORMER_SLUG_COLLECTIONS) {
    const rows: { from: unknown; to: unknown }[] = await database(`${FORMER_SLUGS} as f`)
      .join(`${collection} as now`, 'now.id', 'f.item')
      .where('f.collection', collection)
      .modify((q) => {
        if (collection === 'titles') q.where('now.status', 'published');
      })
      .whereNotExists(database(`${collection} as holder`).select('holder.id').whereRaw('?? = ??', ['holder.slug', 'f.slug']))
      .orderBy('f.id')
      .select({ from: 'f.slug', to: 'now.slug' });
    for (const row of rows) found.push({ collection, from: String(row.from), to: String(row.to) });
  }
  return found;
}

/**
 * Former slugs (shared/former-slugs.ts): when a title's, person's, category's or tag's slug changes, the
 * one it leaves is kept, so its old addresses lead to the page now. A former slug is the last row's to
 * leave it; one a row holds again is that row's page (GET /site/former-slugs leaves it out), and a
 * deleted row's lead nowhere.
 */
import type { Knex } from 'knex';
import { FORMER_SLUG_COLLECTIONS, FORMER_SLUGS } from '../../../../shared/former-slugs.ts';
import type { Meta, Payload, Register } from './types.ts';

/** `slug`, left by `item` of `collection`, now leads to it, whoever it led to before. */
async function keep(db: Knex, collection: string, slug: string, item: number | string): Promise<void> {
  await db(FORMER_SLUGS).where({ collection, slug }).delete();
  await db(FORMER_SLUGS).insert({ collection, slug, item: Number(item) });
}

export function registerFormerSlugs({ filter, action }: Register): void {
  for (const collection of FORMER_SLUG_COLLECTIONS) {
    // The slug rules (slugs.ts) made the payload's slug what it will be stored as.
    filter(`${collection}.items.update`, async (payload: Payload, meta: Meta, { database }) => {
      const slug = payload.slug;
      if (typeof slug !== 'string' || !slug) return payload;
      const leaving: { id: number | string; slug: unknown }[] = await database(collection)
        .whereIn('id', meta.keys ?? []).whereNot('slug', slug).select('id', 'slug');
      for (const row of leaving) if (typeof row.slug === 'string' && row.slug) await keep(database, collection, row.slug, row.id);
      return payload;
    });
    action(`${collection}.items.delete`, async ({ keys }, { database }) => {
      if (keys?.length) await database(FORMER_SLUGS).where('collection', collection).whereIn('item', keys.map(Number)).delete();
    });
  }
}

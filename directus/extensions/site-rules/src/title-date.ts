/**
 * A title's `date_updated` (its pages' `lastmod` in the sitemap) moves with a change to any part of it
 * saved on its own: an episode added from the episodes' list, a season, a segment, a soundtrack, a link
 * row. Directus stamps the title only when the title itself is saved, so search engines were told
 * nothing changed on a page that gained an episode.
 */
import type { Knex } from 'knex';
import { PARTS, ownersOf } from '../../shared/row-owners.ts';
import type { Register } from './types.ts';

const partsOfTitles = Object.entries(PARTS)
  .filter(([, part]) => (Array.isArray(part) ? part : [part]).some((p) => p.owner === 'titles'))
  .map(([collection]) => collection);

async function stampOwners(database: Knex, collection: string, keys: readonly unknown[]): Promise<void> {
  const known = keys.filter((key): key is string | number => typeof key === 'number' || typeof key === 'string');
  if (!known.length) return;
  const titles = (await ownersOf(database, collection, known))?.titles ?? [];
  if (titles.length) await database('titles').whereIn('id', titles).update({ date_updated: new Date() });
}

export function registerTitleDateRules({ filter, action }: Register): void {
  for (const collection of partsOfTitles) {
    // The title a part leaves or loses, read while the row still names it, in the write's transaction
    // when it has one (a nested save holds SQLite's one writer).
    filter(`${collection}.items.update`, async (payload, meta, { database }) => {
      await stampOwners(database, collection, meta.keys ?? []);
      return payload;
    });
    filter(`${collection}.items.delete`, async (keys, _meta, { database }) => {
      await stampOwners(database, collection, Array.isArray(keys) ? keys : []);
      return keys;
    });
    // The title a part joins.
    for (const event of ['create', 'update'] as const) {
      action(`${collection}.items.${event}`, async ({ key, keys }, { database }) => stampOwners(database, collection, keys ?? (key === undefined ? [] : [key])));
    }
  }
}

/**
 * Titles: the search index's columns kept in step, and the columns the database keeps for the lists'
 * orders left to it (a title's slug is checked with every slug, slugs.ts).
 */
import { TITLE_KEY_SOURCES, titleIndexFields, withoutIndexFields } from '../../../../shared/search-variants.ts';
import { TITLE_ORDER_FIELDS } from '../../site-api/src/title-orders.ts';
import type { Register } from './types.ts';

/** A payload without the columns hooks and triggers write: what anyone sends for them is dropped. */
function withoutKeptFields(payload: Record<string, unknown>): Record<string, unknown> {
  const rest = withoutIndexFields(payload);
  for (const f of TITLE_ORDER_FIELDS) delete rest[f];
  return rest;
}

export function registerTitleRules({ filter, action }: Register): void {
  filter('titles.items.create', (payload) => ({ ...withoutKeptFields(payload), ...titleIndexFields(payload) }));
  filter('titles.items.update', (payload) => withoutKeptFields(payload));
  action('titles.items.update', async ({ keys, payload }, { database }) => {
    const touched = TITLE_KEY_SOURCES.some((f) => payload && f in payload);
    if (!touched || !keys?.length) return;
    const rows = await database('titles').whereIn('id', keys).select('id', 'name', 'originalName', 'anotherName', 'description');
    for (const row of rows) await database('titles').where('id', row.id).update(titleIndexFields(row));
  });
}

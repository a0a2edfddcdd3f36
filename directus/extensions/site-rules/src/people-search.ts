/** People: the search index's column of their names kept in step, whoever writes them. */
import { PERSON_KEY_SOURCES, personSearchKeys } from '../../../../shared/search-variants.ts';
import type { Register } from './types.ts';

export function registerPeopleSearchRules({ filter, action }: Register): void {
  filter('actors.items.create', ({ searchNames: _set, ...payload }) => ({ ...payload, ...personSearchKeys(payload) }));
  filter('actors.items.update', ({ searchNames: _set, ...payload }) => payload);
  action('actors.items.update', async ({ keys, payload }, { database }) => {
    if (!keys?.length || !PERSON_KEY_SOURCES.some((f) => payload && f in payload)) return;
    const rows = await database('actors').whereIn('id', keys).select('id', 'nameRu', 'nameEn');
    for (const row of rows) await database('actors').where('id', row.id).update(personSearchKeys(row));
  });
}

/**
 * A person's index column kept in step, whoever writes their names (a title's is kept by the rules
 * hook, site-rules/src/titles.ts), and every name written through this instance taken into the
 * search's vocabulary at once.
 */
import type { RegisterFunctions } from '@directus/extensions';
import { PERSON_KEY_SOURCES, personSearchKeys } from '../../../../shared/search-variants.ts';
import type { VocabularyCache } from './vocabulary.ts';

export function registerSearchKeyRules({ filter, action }: Pick<RegisterFunctions, 'filter' | 'action'>, vocabulary: VocabularyCache): void {
  filter('actors.items.create', ({ searchNames: _set, ...payload }: Record<string, unknown>) => ({ ...payload, ...personSearchKeys(payload) }));
  filter('actors.items.update', ({ searchNames: _set, ...payload }: Record<string, unknown>) => payload);
  action('actors.items.update', async ({ keys, payload }, { database }) => {
    if (!keys?.length || !PERSON_KEY_SOURCES.some((f) => payload && f in payload)) return;
    const rows = await database('actors').whereIn('id', keys).select('id', 'nameRu', 'nameEn');
    for (const row of rows) await database('actors').where('id', row.id).update(personSearchKeys(row));
  });
  for (const table of ['titles', 'actors'] as const) {
    for (const event of ['create', 'update']) {
      action(`${table}.items.${event}`, ({ key, keys }) => vocabulary.took(table, keys ?? (key === undefined ? [] : [key])));
    }
  }
}

/**
 * Search: a person's index column kept in step, whoever writes their names (a title's is kept by
 * titles.ts); and every change to titles' or people's names announced to the search endpoint on
 * the extensions' own emitter, so its vocabulary takes in a new name at once.
 */
import { PERSON_KEY_SOURCES, personSearchKeys } from '../../../../shared/search-variants.ts';
import { NAMES_WRITTEN } from '../../shared/search-events.ts';
import type { Register } from './types.ts';

interface LocalEmitter {
  emitAction(event: string, meta: Record<string, unknown>): void;
}

export function registerSearchKeyRules({ filter, action }: Register, emitter: LocalEmitter | undefined): void {
  filter('actors.items.create', ({ searchNames: _set, ...payload }) => ({ ...payload, ...personSearchKeys(payload) }));
  filter('actors.items.update', ({ searchNames: _set, ...payload }) => payload);
  action('actors.items.update', async ({ keys, payload }, { database }) => {
    if (!keys?.length || !PERSON_KEY_SOURCES.some((f) => payload && f in payload)) return;
    const rows = await database('actors').whereIn('id', keys).select('id', 'nameRu', 'nameEn');
    for (const row of rows) await database('actors').where('id', row.id).update(personSearchKeys(row));
  });
  for (const collection of ['titles', 'actors']) {
    for (const event of ['create', 'update']) {
      action(`${collection}.items.${event}`, ({ key, keys }) => {
        emitter?.emitAction(NAMES_WRITTEN, { collection, keys: keys ?? (key === undefined ? [] : [key]) });
      });
    }
  }
}

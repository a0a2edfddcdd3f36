/**
 * A write is asked of Directus's own permissions before any rule reads its body. Directus asks them
 * only after a write's filters, so a rule that reads the database (a slug taken, a segment past a new
 * end, a review shown) would answer a caller who may not make the write at all, with a 400 telling
 * what it read: that a draft's slug or episode exists, where its segments are.
 */
import { validateAccess } from '../../shared/directus-internals.ts';
import { isPrivileged, isStaff } from '../../shared/accountability.ts';
import { forbidden } from '../../shared/errors.ts';
import type { Register } from './types.ts';

export function registerWriteAccess({ filter }: Register): void {
  for (const action of ['create', 'update', 'delete'] as const) {
    // `items.<action>` is heard before each collection's own `<collection>.items.<action>`. A delete's
    // payload is its keys; an update's keys are in its meta; a create has none yet.
    filter(`items.${action}`, async (payload, { collection, keys }, { accountability, database, schema }) => {
      if (isPrivileged(accountability) || !schema) return payload;
      const primaryKeys = action === 'delete' ? (payload as unknown as (string | number)[]) : action === 'update' ? keys : undefined;
      await validateAccess({ accountability: accountability!, action, collection: String(collection), ...(primaryKeys ? { primaryKeys } : {}) }, { knex: database, schema });
      return payload;
    });
  }
  // Directus's own users are not items: accounts are made by /site/register alone, and a person edits
  // only their own, so the profile rules (a login taken, an age) answer nobody else.
  filter('users.create', (payload, _meta, { accountability }) => (isPrivileged(accountability) ? payload : forbidden()));
  filter('users.update', (payload, { keys }, { accountability }) => {
    if (isPrivileged(accountability) || isStaff(accountability)) return payload;
    const me = accountability?.user;
    if (!me || !(keys ?? []).every((key) => String(key) === me)) forbidden();
    return payload;
  });
}

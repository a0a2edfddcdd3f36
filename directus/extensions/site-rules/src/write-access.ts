/**
 * A write to a collection the caller may not write at all is refused before any rule reads its body.
 * Directus asks its permissions only after a write's filters, so a rule that reads the database (a
 * slug taken, a segment past a new end) would answer first, with a 400 telling what it read: that a
 * draft's slug or episode exists, where its segments are. Where the caller may write some rows, the
 * rules speak (a friendship's two people are told why), and look only at rows the caller may see.
 */
import { validateAccess } from '../../shared/directus-internals.ts';
import { isPrivileged, isStaff } from '../../shared/accountability.ts';
import { forbidden } from '../../shared/errors.ts';
import type { Register } from './types.ts';

export function registerWriteAccess({ filter }: Register): void {
  for (const action of ['create', 'update', 'delete'] as const) {
    // `items.<action>` is heard before each collection's own `<collection>.items.<action>`.
    filter(`items.${action}`, async (payload, { collection }, { accountability, database, schema }) => {
      if (isPrivileged(accountability) || !schema) return payload;
      await validateAccess({ accountability: accountability!, action, collection: String(collection) }, { knex: database, schema });
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

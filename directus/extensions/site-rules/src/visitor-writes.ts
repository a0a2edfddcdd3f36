/**
 * A visitor's write to what only members may write, and anyone's write to another person's account,
 * is refused as forbidden before any rule reads its body. Directus asks its permissions only after the filters, so a member's rules (a valid
 * rating, a known list, a published title) would otherwise answer a visitor first, with a 400 that
 * tells what they check.
 */
import { VISITOR_WRITES } from '../../../access/policies.ts';
import { isPrivileged, isStaff } from '../../shared/accountability.ts';
import { forbidden } from '../../shared/errors.ts';
import type { Register } from './types.ts';

export function registerVisitorWrites({ filter }: Register): void {
  for (const action of ['create', 'update', 'delete'] as const) {
    // `items.<action>` is heard before each collection's own `<collection>.items.<action>`.
    filter(`items.${action}`, (payload, { collection }, { accountability }) => {
      if (!isPrivileged(accountability) && !accountability?.user && !VISITOR_WRITES[action].includes(String(collection))) forbidden();
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

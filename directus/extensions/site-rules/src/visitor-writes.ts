/**
 * A visitor's write to what only members may write is refused as forbidden before any rule reads
 * its body. Directus asks its permissions only after the filters, so a member's rules (a valid
 * rating, a known list, a published title) would otherwise answer a visitor first, with a 400 that
 * tells what they check.
 */
import { VISITOR_WRITES } from '../../../access/policies.ts';
import { isPrivileged } from '../../shared/accountability.ts';
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
}

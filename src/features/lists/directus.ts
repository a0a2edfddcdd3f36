/** The titles the signed-in person marked 'Не интересно' (their own marks only), as ids. */
import { readItems } from '@directus/sdk';
import { MARK_TYPES } from '../../../shared/rules.ts';
import { pageClient } from '../../lib/directus/client.ts';
import { everyPage } from '../../lib/directus/every-page.ts';
import { send } from '../../lib/directus/queries.ts';

const NOT_INTERESTED = MARK_TYPES[4];

export async function readNotInterestedIds(): Promise<number[]> {
  const rows = await everyPage((at) => send(pageClient(), readItems('favorites', {
    fields: ['title'],
    // The filter names the person: editors may read everyone's marks.
    filter: { _and: [{ type: { _eq: NOT_INTERESTED } }, { user_created: { _eq: '$CURRENT_USER' } }] },
    sort: ['id'],
    ...at,
  }), 'not interested titles'));
  return rows.map((r) => Number(r.title)).filter(Number.isInteger);
}

/**
 * «Найти заставки»: the flow editors run by hand on titles queues each title's seasons for the search
 * of openings and endings, and answers at once; the title's state tells how it goes.
 */
import { defineOperationApi } from '@directus/extensions';
import { ForbiddenError, InvalidPayloadError } from '@directus/errors';
import { segmentSearch } from '../runner.ts';

export const NO_TITLES = 'Выберите дорамы, в которых искать заставки';

/** Title ids as the manual trigger sends them (numbers, or their digits as text); null when any is not one. */
export function titleIdsOf(value: unknown): number[] | null {
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map((v) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : NaN));
  return ids.length > 0 && ids.length <= 100 && ids.every((id) => Number.isSafeInteger(id) && id > 0) ? [...new Set(ids)] : null;
}

export default defineOperationApi<{ keys: unknown }>({
  id: 'find-segments',
  handler: async ({ keys }, context) => {
    // A manual flow only asks that the caller may read titles, as visitors may: the work is the editors'.
    const who = context.accountability;
    if (who && !who.admin && !who.app) throw new ForbiddenError();
    const ids = titleIdsOf(keys);
    if (!ids) throw new InvalidPayloadError({ reason: NO_TITLES });
    const search = segmentSearch(context);
    let queued = 0;
    for (const id of ids) if (await search.request(id, 'all')) queued++;
    return { queued };
  },
});

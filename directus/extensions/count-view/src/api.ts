/**
 * Counts a title view for the site's `POST /flows/trigger/{id}` with `{ titleId }`.
 * The increment is one UPDATE, so parallel views never lose a count; the same visitor
 * opening the same title again within the window is not counted twice.
 */
import { defineOperationApi } from '@directus/extensions';
import { InvalidPayloadError } from '@directus/errors';
import { visitMemory, type VisitMemory } from './visits.ts';
import { TITLE_ID_INVALID, TITLE_NOT_FOUND } from '../../shared/catalogue.ts';
import { addressKey } from '../../../../shared/address-key.ts';

const REPEAT_WINDOW_MS = 10 * 60 * 1000;
let recent: VisitMemory | undefined;

/** A title id is a positive integer, or its digits as text; anything else (a list, true, 1.5) is not. */
export function titleIdOf(value: unknown): number | null {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export default defineOperationApi<{ titleId: unknown }>({
  id: 'count-view',
  handler: async ({ titleId }, { database, env, accountability }) => {
    const id = titleIdOf(titleId);
    if (id === null) throw new InvalidPayloadError({ reason: TITLE_ID_INVALID });
    recent ??= visitMemory(env, REPEAT_WINDOW_MS);
    const visitor = `${accountability?.user ?? addressKey(accountability?.ip)}:${id}`;
    if (!(await recent.firstTime(visitor))) return { counted: false };
    const updated = await database('titles').where({ id, status: 'published' }).increment('views', 1);
    if (!updated) {
      await recent.forget(visitor);
      throw new InvalidPayloadError({ reason: TITLE_NOT_FOUND });
    }
    return { counted: true };
  },
});

/**
 * Counts a title view for the spec's `POST /flows/trigger/{id}` with `{ titleId }`.
 * The increment is one UPDATE, so parallel views never lose a count; the same visitor
 * opening the same title again within the window is not counted twice.
 */
import { InvalidPayloadError } from '@directus/errors';
import type { Knex } from 'knex';
import { visitMemory, type VisitMemory } from './visits.ts';

const REPEAT_WINDOW_MS = 10 * 60 * 1000;
let recent: VisitMemory | undefined;

interface Ctx {
  database: Knex;
  env: Record<string, unknown>;
  accountability: { ip?: string | null; user?: string | null } | null;
}

export default {
  id: 'count-view',
  handler: async ({ titleId }: { titleId: unknown }, { database, env, accountability }: Ctx) => {
    const id = Number(titleId);
    if (!Number.isInteger(id) || id <= 0) throw new InvalidPayloadError({ reason: 'titleId должен быть номером тайтла' });
    recent ??= visitMemory(env, REPEAT_WINDOW_MS);
    const visitor = `${accountability?.user ?? accountability?.ip ?? 'unknown'}:${id}`;
    if (!(await recent.firstTime(visitor))) return { counted: false };
    const updated = await database('titles').where({ id, status: 'published' }).increment('views', 1);
    if (!updated) {
      await recent.forget(visitor);
      throw new InvalidPayloadError({ reason: 'Тайтл не найден' });
    }
    return { counted: true };
  },
};

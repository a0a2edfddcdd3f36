/**
 * Counts a title view for the spec's `POST /flows/trigger/{id}` with `{ titleId }`.
 * The increment is one UPDATE, so parallel views never lose a count; the same visitor
 * opening the same title again within the window is not counted twice.
 */
import { InvalidPayloadError } from '@directus/errors';
import type { Knex } from 'knex';
import { RepeatWindow } from './repeat-window.ts';

const REPEAT_WINDOW_MS = 10 * 60 * 1000;
const recent = new RepeatWindow(REPEAT_WINDOW_MS, 100_000);

interface Ctx {
  database: Knex;
  accountability: { ip?: string | null; user?: string | null } | null;
  data: { $trigger?: { headers?: Record<string, string> } };
}

export default {
  id: 'count-view',
  handler: async ({ titleId }: { titleId: unknown }, { database, accountability, data }: Ctx) => {
    const id = Number(titleId);
    if (!Number.isInteger(id) || id <= 0) throw new InvalidPayloadError({ reason: 'titleId должен быть номером тайтла' });
    const visitor = accountability?.user ?? accountability?.ip ?? data.$trigger?.headers?.['x-forwarded-for'] ?? 'unknown';
    if (!recent.firstTime(`${visitor}:${id}`)) return { counted: false };
    const updated = await database('titles').where({ id, status: 'published' }).increment('views', 1);
    if (!updated) {
      recent.forget(`${visitor}:${id}`);
      throw new InvalidPayloadError({ reason: 'Тайтл не найден' });
    }
    return { counted: true };
  },
};

/**
 * A like or dislike taken back reaches the title page's listeners as a change of the review it was
 * on: the fan-outs announce no reaction's deletion (message-fanout.ts), so its review is announced as updated
 * instead, and each listener reads it again, with its reactions as they now are, under its own
 * permissions. The reviews are noted before the reactions go, and announced once they went.
 */
import { useBus } from '../../shared/directus-internals.ts';
import type { Register } from './types.ts';

export function registerReactionRemovals({ filter, action }: Register): void {
  /** The review each reaction being deleted is on, by the reaction's id. */
  const on = new Map<string, number>();

  filter('reactions.items.delete', async (keys, _meta, { database }) => {
    const ids = (Array.isArray(keys) ? keys : []).filter((k): k is string | number => typeof k === 'string' || typeof k === 'number');
    if (ids.length === 0) return keys;
    const rows: { id: unknown; comment: unknown }[] = await database('reactions').whereIn('id', ids).whereNotNull('comment').select('id', 'comment');
    for (const row of rows) on.set(String(row.id), Number(row.comment));
    return keys;
  });

  action('reactions.items.delete', async ({ keys }) => {
    const comments = new Set<number>();
    for (const key of keys ?? []) {
      const comment = on.get(String(key));
      on.delete(String(key));
      if (comment !== undefined) comments.add(comment);
    }
    if (comments.size) await useBus().publish('websocket.event', { collection: 'comments', action: 'update', keys: [...comments], payload: {} });
  });
}

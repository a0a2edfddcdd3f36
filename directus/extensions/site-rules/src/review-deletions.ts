/**
 * A review or reply an editor deletes outright reaches the open title pages. Directus's own deletion
 * event names every deleted row to every subscriber, so the fan-outs never announce it
 * (fanout-rules.ts); here the rows are read before they go, as a visitor reads them, with the
 * replies the database deletes along with a review (no event of their own), and once the deletion is
 * done those a visitor could read (a published title's, a post's) are told on the bus
 * (DELETION_NEWS), which every instance's fan-out passes to the subscriptions that hear deletions.
 * A draft's review, or one whose deletion failed, is told to nobody.
 */
import type { Knex } from 'knex';
import { useBus } from '../../shared/directus-internals.ts';
import type { Accountability, SchemaOverview } from '../../shared/directus.ts';
import { DELETION_NEWS, type DeletedRow, type DeletionNews } from './fanout-rules.ts';
import { visitorFrom } from './socket-accountability.ts';
import type { Register } from './types.ts';

interface ItemsServiceLike {
  readMany(keys: (string | number)[], query: Record<string, unknown>): Promise<Record<string, unknown>[]>;
}
type ItemsServiceClass = new (collection: string, options: { knex: Knex; schema: SchemaOverview; accountability: Accountability | null }) => ItemsServiceLike;

/** Keys read at once: well under the filters' cap of values (query-size.ts). */
const CHUNK = 1_000;
/** A note whose deletion never came (refused after the rules ran) is forgotten after this. */
const NOTE_KEPT_MS = 60_000;

const keysIn = (payload: unknown): (string | number)[] =>
  (Array.isArray(payload) ? payload : []).filter((k): k is string | number => typeof k === 'string' || typeof k === 'number');

export function registerReviewDeletions(
  { filter, action }: Register, ItemsService: ItemsServiceClass, getSchema: () => Promise<SchemaOverview>, logError: (err: unknown) => void,
): void {
  /** By the id of each review being deleted: what a visitor read of it and of its replies, and when. */
  const noted = new Map<string, { at: number; rows: DeletedRow[] }>();

  async function note(ids: (string | number)[], database: Knex, schema: SchemaOverview | null): Promise<void> {
    const now = Date.now();
    for (const [key, kept] of noted) if (now - kept.at > NOTE_KEPT_MS) noted.delete(key);
    const replies: { id: number; comment: number }[] = await database('comments').whereIn('comment', ids).select('id', 'comment');
    // In the deletion's own transaction when it has one: SQLite has a single connection.
    const visitor = new ItemsService('comments', { knex: database, schema: schema ?? await getSchema(), accountability: visitorFrom(null) });
    const all = [...ids, ...replies.map((r) => r.id)];
    const shown = new Map<string, DeletedRow>();
    for (let i = 0; i < all.length; i += CHUNK) {
      for (const row of await visitor.readMany(all.slice(i, i + CHUNK), { fields: ['id', 'title', 'deleted'] })) {
        shown.set(String(row.id), { id: Number(row.id), title: row.title == null ? null : Number(row.title), deleted: Boolean(row.deleted) });
      }
    }
    for (const id of ids) noted.set(String(id), { at: now, rows: shown.has(String(id)) ? [shown.get(String(id))!] : [] });
    for (const reply of replies) {
      const row = shown.get(String(reply.id));
      if (row) noted.get(String(reply.comment))?.rows.push(row);
    }
  }

  filter('comments.items.delete', async (keys, _meta, { database, schema }) => {
    const ids = keysIn(keys);
    // A deletion is never held up by its telling: what could not be read is told to nobody.
    if (ids.length) await note(ids, database, schema).catch(logError);
    return keys;
  });

  action('comments.items.delete', async ({ keys }) => {
    // A reply deleted with its review is noted under both: told once.
    const rows = new Map<number, DeletedRow>();
    for (const key of keys ?? []) {
      for (const row of noted.get(String(key))?.rows ?? []) rows.set(row.id, row);
      noted.delete(String(key));
    }
    const news: DeletionNews = { collection: 'comments', rows: [...rows.values()] };
    if (rows.size) await useBus().publish(DELETION_NEWS, news);
  });
}

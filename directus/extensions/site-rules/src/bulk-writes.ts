/**
 * Writes to many rows at once, over REST (PATCH or DELETE of a collection's route with the rows in the
 * body) and over the websocket (`items` update or delete without one id).
 *
 * Directus finds the rows a write's `query` names before any permission applies, then refuses the write
 * when the caller may not change one of them: a 403 when some row matched and a 204 when none did, a
 * yes/no about any field of any row (another person's marks, a file's name, a draft's state) for
 * anyone. So for everyone but administrators the rows are found first as the caller reads them, with
 * every read rule (query-guard.ts), and the write goes on by their keys.
 *
 * And no write names more rows than one read answers (MAX_READ_ROWS): 32,765 keys passed the
 * database's limit of parameters, a 500.
 */
import { InvalidPayloadError, isDirectusError } from '@directus/errors';
import type { Request } from 'express';
import { MAX_READ_ROWS } from '../../../../shared/rules.ts';
import type { Accountability, SchemaOverview } from '../../shared/directus.ts';
import { WebSocketError, sanitizeQuery } from '../../shared/directus-internals.ts';
import { isTree } from '../../shared/tree.ts';
import { queryShapeError } from './query-shape.ts';
import type { Register } from './types.ts';

export const TOO_MANY_TO_WRITE = `Не больше ${MAX_READ_ROWS} записей за один запрос`;

/** How a write names its rows: by keys (so many of them), or by a query Directus would run unchecked. */
export type BulkTarget = { keys: number } | { query: Record<string, unknown> };

/** The rows a REST PATCH or DELETE body names, as Directus reads it; null for a body it refuses itself. */
export function restTarget(body: unknown): BulkTarget | null {
  if (Array.isArray(body)) return { keys: body.length };
  if (!isTree(body)) return null;
  if (Array.isArray(body.keys)) return { keys: body.keys.length };
  return isTree(body.query) ? { query: body.query } : null;
}

/**
 * The rows a websocket `items` update or delete names, as Directus reads it; null for one row, a
 * singleton's update or another action. An update's query also says what to answer, so it names the
 * rows only when nothing else does.
 */
export function socketTarget(message: Record<string, unknown>, singleton: boolean): BulkTarget | null {
  // One row only when its id is truthy: Directus takes `id: ""` or `0` for none and writes by the query.
  if ((message.action !== 'update' && message.action !== 'delete') || message.id) return null;
  if (Array.isArray(message.ids)) return { keys: message.ids.length };
  if (message.action === 'update' && Array.isArray(message.data)) return { keys: message.data.length };
  if (message.action === 'update' && singleton) return null;
  return isTree(message.query) ? { query: message.query } : message.action === 'update' ? { query: {} } : null;
}

/**
 * The collection a route of Directus's names for writes by body: `/items/{collection}`, or `/files`,
 * `/users`... read as Express routes it: its routes in any case, the collection decoded (`/ITEMS/%6Dessages`).
 */
export function routeCollection(path: string, schema: SchemaOverview): string | null {
  const match = /^\/(?:items\/([^/]+)|([a-z_]+))\/?$/i.exec(path);
  const collection = match?.[1] !== undefined ? decodeURIComponent(match[1]) : match?.[2] ? `directus_${match[2].toLowerCase()}` : null;
  return collection && schema.collections[collection] ? collection : null;
}

interface ItemsServiceLike {
  readByQuery(query: Record<string, unknown>): Promise<Record<string, unknown>[]>;
}
type ItemsServiceClass = new (collection: string, options: { schema: SchemaOverview; accountability: Accountability | null }) => ItemsServiceLike;

type Caller = Request & { accountability?: Accountability | null; schema?: SchemaOverview };

export function registerBulkWrites({ init, filter }: Register, ItemsService: ItemsServiceClass, getSchema: () => Promise<SchemaOverview>): void {
  const tooMany = (target: BulkTarget) => 'keys' in target && target.keys > MAX_READ_ROWS;

  /** The keys of the rows `query` matches among those `accountability` reads: all of them, or a refusal past MAX_READ_ROWS. */
  async function keysOf(collection: string, query: Record<string, unknown>, schema: SchemaOverview, accountability: Accountability | null): Promise<unknown[]> {
    const sanitized = await sanitizeQuery(query, schema, accountability);
    const primary = schema.collections[collection]!.primary;
    const items = new ItemsService(collection, { schema, accountability });
    const asked = typeof sanitized.limit === 'number' && sanitized.limit >= 0 ? sanitized.limit : Infinity;
    const rows = await items.readByQuery({ ...sanitized, fields: [primary], limit: Math.min(asked, MAX_READ_ROWS) });
    if (asked > MAX_READ_ROWS && rows.length === MAX_READ_ROWS) {
      const offset = (typeof sanitized.offset === 'number' ? sanitized.offset : 0) + MAX_READ_ROWS;
      const more = await items.readByQuery({ ...sanitized, fields: [primary], limit: 1, offset, page: undefined });
      if (more.length) throw new InvalidPayloadError({ reason: TOO_MANY_TO_WRITE });
    }
    return rows.map((row) => row[primary]);
  }

  init('routes.before', ({ app }) => {
    app.use(async (req: Caller, _res: unknown, next: (err?: unknown) => void) => {
      try {
        const collection = (req.method === 'PATCH' || req.method === 'DELETE') && req.schema ? routeCollection(req.path, req.schema) : null;
        const target = collection && !req.schema!.collections[collection]!.singleton ? restTarget(req.body) : null;
        if (!target) return next();
        if (tooMany(target)) throw new InvalidPayloadError({ reason: TOO_MANY_TO_WRITE });
        if ('query' in target && !req.accountability?.admin) {
          const keys = await keysOf(collection!, target.query, req.schema!, req.accountability ?? null);
          req.body = req.method === 'DELETE' ? keys : { keys, data: (req.body as { data?: unknown }).data };
        }
        next();
      } catch (err) {
        next(err);
      }
    });
  });

  filter('websocket.message', async (frame: Record<string, unknown>, meta) => {
    if (frame.type !== 'items' || typeof frame.collection !== 'string') return frame;
    const schema = await getSchema();
    const info = Object.hasOwn(schema.collections, frame.collection) ? schema.collections[frame.collection] : undefined;
    const target = info ? socketTarget(frame, !!info.singleton) : null;
    if (!target) return frame;
    const uid = typeof frame.uid === 'string' || typeof frame.uid === 'number' ? String(frame.uid) : undefined;
    if (tooMany(target)) throw new WebSocketError('items', 'INVALID_PAYLOAD', TOO_MANY_TO_WRITE, uid);
    const accountability = (meta.client as { accountability?: Accountability | null } | undefined)?.accountability ?? null;
    if (!('query' in target) || accountability?.admin) return frame;
    // Before the query is read here: a fault in it (`sort: [null]`) would be no error Directus answers.
    const shapeError = queryShapeError(target.query);
    if (shapeError) throw new WebSocketError('items', 'INVALID_QUERY', shapeError, uid);
    let ids: unknown[];
    try {
      ids = await keysOf(frame.collection, target.query, schema, accountability);
    } catch (err) {
      throw isDirectusError(err) ? new WebSocketError('items', err.code, err.message, uid) : err;
    }
    // An update keeps its query: Directus answers with the updated rows it names.
    return frame.action === 'delete' ? { ...frame, query: undefined, ids } : { ...frame, ids };
  });
}

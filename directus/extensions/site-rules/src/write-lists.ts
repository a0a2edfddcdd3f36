/**
 * What a write lists: each row an object, each key a text or a number (isKey). Directus reads a
 * field of every row listed, so `[null]` was a 500 for every collection by REST and went unanswered
 * over the websocket; it took an array as one row's changes (`PATCH /items/genres/1` with `[null]`
 * answered 204), and a socket delete of `ids: [null]` failed writing its activity log. The same holds
 * of a row's list of related rows (a message's pictures, `images: [null]`), by every path a write takes.
 * A REST write whose body is not JSON (text, a form) is refused for its type (unreadBody).
 */
import { InvalidPayloadError } from '@directus/errors';
import type { Request } from 'express';
import { NOT_JSON_TYPE } from '../../shared/json-body.ts';
import type { SchemaOverview } from '../../shared/directus.ts';
import { WebSocketError } from '../../shared/directus-internals.ts';
import { isTree } from '../../shared/tree.ts';
import { routeCollection } from './bulk-writes.ts';
import type { Register } from './types.ts';

export const ROWS_SHAPE = 'Запись — объект JSON, несколько записей — массив объектов';
export const KEYS_SHAPE = 'Ключи записей — непустые строки или числа, не ноль';
export const RELATED_SHAPE = 'Связанные записи — ключи или объекты JSON';

/** A text or a number, never '' or 0: Directus takes a key that is falsy for none, and writes by the query. */
export const isKey = (value: unknown) => (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value) && value !== 0);
const listsRows = (data: unknown) => Array.isArray(data) && data.every(isTree);
export const listsKeys = (keys: unknown) => Array.isArray(keys) && keys.every(isKey);

/**
 * The shape error of a REST POST or PATCH body to a collection's route, or null: a list must hold
 * objects, and a route naming one row takes no list. Any other body is Directus's to check.
 */
export function restRowsError(body: unknown, oneRow: boolean): string | null {
  return !Array.isArray(body) || (!oneRow && listsRows(body)) ? null : ROWS_SHAPE;
}

/** The shape error of a websocket `items` frame's rows and keys, or null. */
export function socketRowsError(frame: Record<string, unknown>): string | null {
  const { action, data, id, ids } = frame;
  if (action !== 'create' && action !== 'update' && action !== 'delete') return null;
  if ((id !== undefined && !isKey(id)) || (ids !== undefined && !listsKeys(ids))) return KEYS_SHAPE;
  if (action === 'create') return isTree(data) || listsRows(data) ? null : ROWS_SHAPE;
  // A list of rows is a batch, each naming its own key; with `id` or `ids` the data is one set of changes.
  if (action === 'update') return isTree(data) || (listsRows(data) && id === undefined && ids === undefined) ? null : ROWS_SHAPE;
  return null;
}

const listsRelated = (list: unknown) => Array.isArray(list) && list.every((v) => isKey(v) || isTree(v));

/**
 * The shape error of a row's lists of related rows (its one-to-many and many-to-many fields), or null:
 * a list of keys or rows, or `{ create, update, delete }` of rows, rows and keys.
 */
export function relatedRowsError(payload: Record<string, unknown>, collection: string, schema: SchemaOverview): string | null {
  const fields = schema.collections[collection]?.fields ?? {};
  for (const [name, value] of Object.entries(payload)) {
    if (fields[name]?.type !== 'alias' || value === null || value === undefined) continue;
    const fine = isTree(value)
      ? (['create', 'update'] as const).every((k) => value[k] === undefined || listsRows(value[k])) && (value.delete === undefined || listsKeys(value.delete))
      : listsRelated(value);
    if (!fine) return RELATED_SHAPE;
  }
  return null;
}

/**
 * Whether `path` is a collection's route for its rows (`/items/genres`, `/users`) or an item's
 * (`/items/genres/1`, `/users/me`, `/files/<id>`). `/fields/titles` takes a list of the collection's
 * fields, and routes deeper than an item's (`/flows/trigger/…`) are the system's own: left alone.
 */
export function collectionRoute(path: string, schema: SchemaOverview): { oneRow: boolean } | null {
  if (routeCollection(path, schema)) return { oneRow: false };
  const item = /^(\/items\/[^/]+|\/[a-z_]+)\/[^/]+\/?$/i.exec(path);
  return item && item[1]!.toLowerCase() !== '/fields' && routeCollection(item[1]!, schema) ? { oneRow: true } : null;
}

type Caller = Request & { schema?: SchemaOverview };

/**
 * Whether a request sent a body Directus's JSON parser left unread (text, a form): its routes take it
 * for no data, which a rule then refused for what it lacked («Сообщение не может быть пустым»).
 * Uploads (multipart) are read by the files' own routes, and only there.
 */
function unreadBody(req: Caller): boolean {
  const sent = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  const upload = /^\/files(?:\/|$)/i.test(req.path) && req.is('multipart/form-data');
  return sent && !(req as { _body?: unknown })._body && !upload;
}

/** The shape error of the related lists in a socket frame's rows, or null. */
function socketRelatedError(frame: Record<string, unknown>, schema: SchemaOverview): string | null {
  const { action, collection, data } = frame;
  if ((action !== 'create' && action !== 'update') || typeof collection !== 'string') return null;
  const rows = Array.isArray(data) ? data : [data];
  for (const row of rows) {
    const reason = isTree(row) ? relatedRowsError(row, collection, schema) : null;
    if (reason) return reason;
  }
  return null;
}

export function registerWriteListCheck({ init, filter }: Register, getSchema: () => Promise<SchemaOverview>): void {
  init('routes.before', ({ app }) => {
    app.use((req: Caller, _res: unknown, next: (err?: unknown) => void) => {
      const route = (req.method === 'POST' || req.method === 'PATCH') && req.schema ? collectionRoute(req.path, req.schema) : null;
      const reason = !route ? null : unreadBody(req) ? NOT_JSON_TYPE : restRowsError(req.body, route.oneRow);
      next(reason ? new InvalidPayloadError({ reason }) : undefined);
    });
  });
  // Heard for every row of every path (REST, GraphQL, sockets, nested rows), before Directus reads the lists.
  for (const event of ['items.create', 'items.update']) {
    filter(event, (payload, { collection }, { schema }) => {
      const reason = schema && isTree(payload) ? relatedRowsError(payload, String(collection), schema) : null;
      if (reason) throw new InvalidPayloadError({ reason });
      return payload;
    });
  }
  // Also over the socket, where the answer then names its message's uid (a rule's refusal would not).
  filter('websocket.message', async (frame: Record<string, unknown>) => {
    const reason = frame.type === 'items' ? socketRowsError(frame) ?? socketRelatedError(frame, await getSchema()) : null;
    const uid = typeof frame.uid === 'string' || typeof frame.uid === 'number' ? String(frame.uid) : undefined;
    if (reason) throw new WebSocketError('items', 'INVALID_PAYLOAD', reason, uid);
    return frame;
  });
}

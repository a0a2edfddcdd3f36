/**
 * A DELETE of a collection's items by body (`/items/{collection}`, no key in the address) whose body
 * is no list of keys, `keys` or `query` is refused with a 400: Directus checks that shape for every
 * collection but a singleton (`static`), where an empty body or a text `query` was a 500, and a list
 * of keys it does not check (`[null]` failed writing its activity log).
 */
import { InvalidPayloadError } from '@directus/errors';
import type { Request } from 'express';
import { isTree } from '../../shared/tree.ts';
import type { Register } from './types.ts';
import { listsKeys } from './write-lists.ts';

export const BATCH_DELETE_SHAPE = 'Запрос DELETE: массив ключей, либо keys — массив, либо query — объект';

// Express routes `/ITEMS/…` as `/items/…`.
const ITEMS_BY_BODY = /^\/items\/[^/]+\/?$/i;

/** Whether a DELETE body names what to delete as Directus reads it: a list of keys (isKey), `{ keys: [...] }` or `{ query: {...} }`. */
export function batchDeleteReadable(body: unknown): boolean {
  if (Array.isArray(body)) return listsKeys(body);
  if (!isTree(body)) return false;
  const { keys, query } = body;
  return keys === undefined ? isTree(query) : listsKeys(keys) && query === undefined;
}

export function registerBatchDeleteCheck({ init }: Register): void {
  init('routes.before', ({ app }) => {
    app.use((req: Request, _res: unknown, next: (err?: unknown) => void) => {
      const checked = req.method === 'DELETE' && ITEMS_BY_BODY.test(req.path);
      next(!checked || batchDeleteReadable(req.body) ? undefined : new InvalidPayloadError({ reason: BATCH_DELETE_SHAPE }));
    });
  });
}

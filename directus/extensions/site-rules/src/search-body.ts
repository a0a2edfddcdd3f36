/**
 * A SEARCH request (a read with its query in the body) whose `query` is not an object is refused with a
 * 400: Directus reads the query before it checks its shape, and a string there was a 500.
 */
import { InvalidPayloadError } from '@directus/errors';
import type { Request } from 'express';
import { isTree } from '../../shared/tree.ts';
import type { Register } from './types.ts';

export const SEARCH_QUERY_SHAPE = 'Запрос SEARCH: query — объект';

/** Whether a SEARCH body's query is one Directus can read: none, or a plain object. */
export function searchQueryReadable(body: unknown): boolean {
  const query = isTree(body) ? body.query : undefined;
  return query === undefined || query === null || isTree(query);
}

export function registerSearchBodyCheck({ init }: Register): void {
  init('routes.before', ({ app }) => {
    app.use((req: Request, _res: unknown, next: (err?: unknown) => void) => {
      next(req.method !== 'SEARCH' || searchQueryReadable(req.body) ? undefined : new InvalidPayloadError({ reason: SEARCH_QUERY_SHAPE }));
    });
  });
}

/**
 * Runs the query shape check (query-shape.ts) where Directus parses a query: the address's parameters,
 * before Directus reads them; a body's `query` (SEARCH, exports), once read; and a socket frame's
 * (socketQueryShapeError, called by the realtime rules); and, once the collection read is known, the
 * aliases against its fields and its nested reads', the key added to a read of aliases alone
 * (aliases.ts). A GraphQL document's arguments are checked where it is read (graphql-reads.ts).
 * Everyone's, administrators' too: the faults it stops hit whoever sent them. A rejection no request
 * awaits is logged rather than ending the process, so a fault of this kind not yet known costs a log
 * line, not the server.
 */
import { InvalidQueryError } from '@directus/errors';
import type { Request } from 'express';
import { isTree } from '../../shared/tree.ts';
import { QUERY_SHAPE, queryShapeError } from './query-shape.ts';
import { SYSTEM_QUERY_EVENTS } from './query-guard.ts';
import { fieldsWithKey, takenAliasError } from './aliases.ts';
import { notStored } from './query-check.ts';
import type { SchemaOverview } from '../../shared/directus.ts';
import type { Register } from './types.ts';

type Next = (err?: unknown) => void;

const refusalOf = (query: unknown) => {
  const reason = isTree(query) ? queryShapeError(query) : null;
  return reason ? new InvalidQueryError({ reason }) : undefined;
};

/** The shape error of a socket frame's query, or null. A query that is not an object went unanswered. */
export function socketQueryShapeError(frame: Record<string, unknown>): string | null {
  if (frame.query === undefined) return null;
  return isTree(frame.query) ? queryShapeError(frame.query) : QUERY_SHAPE;
}

/**
 * The refusal of a group by a field with no column (a list of related rows), or null. It was a 500 for
 * administrators; everyone else meets the same refusal, sorts and counts too, in query-check.ts.
 */
export function unstoredGroupError(schema: SchemaOverview, collection: string, group: unknown): string | null {
  const fields = schema.collections[collection]?.fields ?? {};
  const named = [group].flat().find((name) => typeof name === 'string' && Object.hasOwn(fields, name) && fields[name]!.alias);
  return typeof named === 'string' ? notStored(named) : null;
}

let loggingRejections = false;

export function registerQueryShapeCheck({ init, filter }: Register, logError: (err: unknown) => void): void {
  if (!loggingRejections) {
    loggingRejections = true;
    process.on('unhandledRejection', (reason) => logError(reason));
  }
  init('middlewares.before', ({ app }) => {
    app.use((req: Request, _res: unknown, next: Next) => next(refusalOf(req.query)));
  });
  init('routes.before', ({ app }) => {
    app.use((req: Request, _res: unknown, next: Next) => next(isTree(req.body) ? refusalOf(req.body.query) : undefined));
  });
  // What needs the collection's fields is checked once Directus knows which collection is read, by any route.
  for (const event of ['items.query', ...SYSTEM_QUERY_EVENTS]) {
    filter(event, (query, meta, { schema }) => {
      if (!isTree(query) || !schema || typeof meta.collection !== 'string') return query;
      const reason = takenAliasError(schema, meta.collection, query) ?? unstoredGroupError(schema, meta.collection, query.group);
      if (reason) throw new InvalidQueryError({ reason });
      const fields = fieldsWithKey(schema, meta.collection, query);
      return fields ? { ...query, fields } : query;
    });
  }
}

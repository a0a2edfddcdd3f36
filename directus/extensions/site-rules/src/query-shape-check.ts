/**
 * Runs the query shape check (query-shape.ts) where Directus parses a query: the address's parameters,
 * before Directus reads them; a body's `query` (SEARCH, exports), once read; and a socket frame's
 * (socketQueryShapeError, called by the realtime rules). Everyone's, administrators' too: the fault it
 * stops ended the process whoever sent it. A rejection no request awaits is logged rather than ending
 * the process, so a fault of this kind not yet known costs a log line, not the server.
 */
import { InvalidQueryError } from '@directus/errors';
import type { Request } from 'express';
import { isTree } from '../../shared/tree.ts';
import { QUERY_SHAPE, queryShapeError } from './query-shape.ts';
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

let loggingRejections = false;

export function registerQueryShapeCheck({ init }: Register, logError: (err: unknown) => void): void {
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
}

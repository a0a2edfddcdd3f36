/**
 * Requests nested too deep are refused with a 400 before Directus walks them: query parameters
 * (a filter given as JSON or in brackets) before Directus parses them, bodies once they are read.
 */
import { InvalidPayloadError, InvalidQueryError } from '@directus/errors';
import type { Request } from 'express';
import { TOO_DEEP, nestsDeeperThan } from '../../shared/nesting.ts';
import type { Register } from './types.ts';

type Next = (err?: unknown) => void;

/** A query parameter as Directus will read it: JSON text becomes a value, anything else stays as it is. */
function asValue(param: unknown): unknown {
  if (typeof param !== 'string' || !/^\s*[[{]/.test(param)) return param;
  try {
    return JSON.parse(param);
  } catch {
    return param;
  }
}

export function registerNestingLimits({ init }: Register): void {
  init('middlewares.before', ({ app }) => {
    app.use((req: Request, _res: unknown, next: Next) => {
      const tooDeep = Object.values(req.query ?? {}).some((param) => nestsDeeperThan(asValue(param)));
      next(tooDeep ? new InvalidQueryError({ reason: TOO_DEEP }) : undefined);
    });
  });
  init('routes.before', ({ app }) => {
    app.use((req: Request, _res: unknown, next: Next) => next(nestsDeeperThan(req.body) ? new InvalidPayloadError({ reason: TOO_DEEP }) : undefined));
  });
}

/** The extensions' async routes: a failure goes to Directus's error handler, which answers it, never unhandled. */
import type { Request, Response } from 'express';
import type { Accountability } from './directus.ts';

/** A request as Directus hands it to a route: with who is calling, when anyone is signed in. */
export type Caller = Request & { accountability?: Accountability | null };

export const handle = <R extends Request = Caller>(work: (req: R, res: Response) => Promise<void>) =>
  (req: R, res: Response, next: (err?: unknown) => void) => { work(req, res).catch(next); };

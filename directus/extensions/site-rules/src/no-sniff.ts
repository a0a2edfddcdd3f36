/**
 * Every answer is read as the type it names: a browser never takes a JSON answer, an error or an
 * uploaded file for a script or a page, whichever server stands in front of Directus.
 */
import type { Response } from 'express';
import type { Register } from './types.ts';

export function registerNoSniff({ init }: Register): void {
  init('middlewares.before', ({ app }) => {
    app.use((_req: unknown, res: Response, next: () => void) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      next();
    });
  });
}

/**
 * The bodies of /together are read here, ahead of Directus's JSON parser, which answers broken JSON
 * with its own English reason: a body that is no JSON is refused in Russian as every other body
 * of the room's routes is (shared/json-body.ts), and the route takes what was read.
 */
import type { Application, NextFunction, Request, Response } from 'express';
import { InvalidPayloadError } from '@directus/errors';
import { NOT_AN_OBJECT } from '../../shared/json-body.ts';
import { requestBytes } from '../../shared/request-body.ts';

/** A room is made of a title and an episode: no body of the room's routes comes near this. */
export const TOGETHER_BODY_MAX = 16 * 1024;

export function readBodiesFirst(app: Application, route: string): void {
  app.use(route, (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST') return next();
    requestBytes(req, res, TOGETHER_BODY_MAX).then((bytes) => {
      let value: unknown;
      if (bytes.length) {
        try {
          value = JSON.parse(bytes.toString('utf8'));
        } catch {
          throw new InvalidPayloadError({ reason: NOT_AN_OBJECT });
        }
      }
      // Directus's parser leaves a body marked read alone; the route's json-body reads it from here.
      Object.assign(req, { body: value, _body: true });
      next();
    }).catch(next);
  });
}

/** Whether a call comes from the site itself: signed with SITE_REBUILD_SECRET, which the site and the backend share. */
import type { Request } from 'express';
import { SITE_SECRET_HEADER, secretMatches } from '../../../shared/secret-match.ts';
import { envText } from './env.ts';

export function signedBySite(req: Pick<Request, 'headers'>, env: Record<string, unknown>): boolean {
  const given = req.headers[SITE_SECRET_HEADER];
  return typeof given === 'string' && secretMatches(given, envText(env, 'SITE_REBUILD_SECRET') ?? '');
}

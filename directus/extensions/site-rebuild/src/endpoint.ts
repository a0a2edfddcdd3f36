/**
 * `/site-rebuild`: the admin app's view of the site (GET: the build state, POST: rebuild now), for
 * editors and administrators only, checked here whatever the app shows; and the site's own calls,
 * signed with SITE_REBUILD_SECRET: GET /fingerprint (has the catalogue or a counter changed since a
 * build?) and POST /report (a build failed: every editor gets a notification).
 */
import { defineEndpoint } from '@directus/extensions';
import { ForbiddenError } from '@directus/errors';
import type { Request, Response } from 'express';
import { EDITOR_ROLE } from '../../../access/policies.ts';
import { hasAnyRole, type Actor } from '../../shared/accountability.ts';
import { catalogueFingerprint, countersFingerprint } from './fingerprint.ts';
import { failureNotice } from './failure-notice.ts';
import { envText } from '../../shared/env.ts';
import { signedBySite } from '../../shared/site-signature.ts';

type Req = Request & { accountability?: Actor | null };

const SITE_UNREACHABLE = 'Сайт не отвечает: состояние сборки недоступно';

function editorOnly(req: Req): string {
  const a = req.accountability;
  if (!a?.user || !(a.admin === true || hasAnyRole(a, [EDITOR_ROLE]))) throw new ForbiddenError();
  return a.user;
}

const unreachable = (res: Response) =>
  res.status(503).json({ errors: [{ message: SITE_UNREACHABLE, extensions: { code: 'SERVICE_UNAVAILABLE' } }] });

export default defineEndpoint({
  id: 'site-rebuild',
  handler: (router, { env, database, services, getSchema, logger }) => {
    const url = envText(env, 'SITE_REBUILD_URL') ?? '';
    const secret = envText(env, 'SITE_REBUILD_SECRET') ?? '';

    const askSite = async (method: 'GET' | 'POST', body?: unknown): Promise<unknown | null> => {
      if (!url || !secret) return null;
      try {
        const res = await fetch(url, {
          method,
          headers: { authorization: `Bearer ${secret}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`answered ${res.status}`);
        return ((await res.json()) as { data: unknown }).data;
      } catch (err) {
        logger.warn(`site rebuild webhook: ${(err as Error).message}`);
        return null;
      }
    };

    /** How the build list names a person: their name, or their email. */
    const nameOf = async (user: string): Promise<string | undefined> => {
      const row = await database('directus_users').where('id', user).first('first_name', 'last_name', 'email');
      const name = [row?.first_name, row?.last_name].filter((part) => typeof part === 'string' && part.trim()).join(' ');
      return name || row?.email || undefined;
    };

    router.get('/', async (req, res, next) => {
      try {
        editorOnly(req as Req);
        const state = await askSite('GET');
        if (state === null) return void unreachable(res);
        res.json({ data: state });
      } catch (err) {
        next(err);
      }
    });

    router.post('/', async (req, res, next) => {
      try {
        const by = editorOnly(req as Req);
        const state = await askSite('POST', { manual: true, by, byName: await nameOf(by) });
        if (state === null) return void unreachable(res);
        res.status(202).json({ data: state });
      } catch (err) {
        next(err);
      }
    });

    router.get('/fingerprint', async (req, res, next) => {
      try {
        if (!signedBySite(req, env)) throw new ForbiddenError();
        const [catalogue, counters] = await Promise.all([catalogueFingerprint(database), countersFingerprint(database)]);
        res.json({ data: { catalogue, counters } });
      } catch (err) {
        next(err);
      }
    });

    router.post('/report', async (req, res, next) => {
      try {
        if (!signedBySite(req, env)) throw new ForbiddenError();
        const notice = failureNotice(req.body);
        const editors = await database('directus_users').where({ role: EDITOR_ROLE, status: 'active' }).pluck('id');
        const notifications = new services.NotificationsService({ knex: database, schema: await getSchema() });
        for (const recipient of editors) await notifications.createOne({ recipient, ...notice });
        res.json({ data: { notified: editors.length } });
      } catch (err) {
        next(err);
      }
    });
  },
});

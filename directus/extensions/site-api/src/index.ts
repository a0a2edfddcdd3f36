/**
 * The site's own routes under /site: small public answers that expose no user or rating
 * (GET /site/availability, /site/online, /site/rating/:titleId, and for the build /site/ratings,
 * /site/comment-counts and /site/former-slugs),
 * accounts in one step (POST /site/register, /site/account/delete, see account.ts), a person's
 * rating and watching progress (PUT /site/rating/:titleId, /site/progress/:titleId, my-titles.ts),
 * their private chats with unread counts (GET /site/chats, POST /site/chats/:id/read, chats.ts),
 * their likes and dislikes (PUT /site/reactions, GET /site/reactions/mine, reactions.ts),
 * their watched episodes (GET /site/watched, PUT /site/watched/:episode, POST /site/watched/import, watched.ts),
 * signed addresses of kept episodes' videos for subscribers (GET /site/kept-videos/…, kept-videos.ts),
 * and POST /site/schema/indexes for the apply command (admins only: indexes, the triggers of title-orders.ts,
 * and the withheld videos' marks).
 */
import { defineEndpoint } from '@directus/extensions';
import { ForbiddenError, InvalidPayloadError } from '@directus/errors';
import { ONLINE_WINDOW_MS, UNIQUENESS_MIN_LENGTH } from '../../../../shared/rules.ts';
import { isLoginTaken } from '../../shared/login-taken.ts';
import { COMPOSITE_INDEXES, RETIRED_INDEXES } from '../../../schema/collections.ts';
import { registerAccountRoutes } from './account.ts';
import { registerChatRoutes } from './chats.ts';
import { registerCoMarkRoutes } from './co-marks.ts';
import { registerMyTitlesRoutes } from './my-titles.ts';
import { registerReactionRoutes } from './reactions.ts';
import { registerWatchedRoutes } from './watched.ts';
import { registerKeptVideoRoutes } from './kept-videos.ts';
import { commentCounts } from './comment-counts.ts';
import { formerSlugs } from './former-slugs.ts';
import { ratingSummary, summarise, type RatingSummary } from './rating-summary.ts';
import { eachPage } from './each-page.ts';
import { ensureIndexes } from './indexes.ts';
import { ensureTitleOrders } from './title-orders.ts';
import { markWithheldVideos } from '../../shared/withheld-videos.ts';
import { envMs } from '../../shared/env.ts';
import { pace } from '../../shared/pace.ts';
import { sharedRun } from '../../shared/shared-run.ts';
import { TITLE_NOT_FOUND } from '../../shared/catalogue.ts';
import type { Request } from 'express';
import { addressKey } from '../../../../shared/address-key.ts';

type Req = Request & { accountability?: { admin?: boolean; ip?: string | null } | null };

/**
 * How long one read of every rated title's rating serves every caller (RATINGS_REUSE_MS when set).
 * It reads the totals kept on the titles' rows, a page at a time: counting a million ratings instead
 * took 2.9–3.4 s on SQLite, every other call waiting for the one connection. Every build reads it.
 */
export const RATINGS_REUSE_MS = 60_000;

/**
 * How long one count of every published title's reviews serves every caller (COMMENT_COUNTS_REUSE_MS
 * when set). Through the public grouped count it took 17 calls at 100,000 titles; every edit's build reads it.
 */
export const COMMENT_COUNTS_REUSE_MS = 60_000;

export default defineEndpoint({
  id: 'site',
  handler: (router, context) => {
    const { database, services, getSchema, env } = context;
    // Each answer says whether someone has an account: an address gets what filling in a form needs.
    const availability = pace('availability', env, 'Слишком много проверок подряд.');
    router.get('/availability', async (req: Req, res, next) => {
      try {
        const { login, email } = req.query;
        const [field, raw] = typeof login === 'string' ? ['login', login] : typeof email === 'string' ? ['email', email] : [null, ''];
        const value = raw.trim();
        if (!field || value.length < UNIQUENESS_MIN_LENGTH) {
          throw new InvalidPayloadError({ reason: `Укажите login или email не короче ${UNIQUENESS_MIN_LENGTH} символов` });
        }
        await availability.take(addressKey(req.accountability?.ip ?? req.ip));
        const taken = field === 'login'
          ? await isLoginTaken(database, value)
          : await database('directus_users').whereRaw('lower(email) = ?', [value.toLowerCase()]).first('id');
        res.json({ data: { available: !taken } });
      } catch (err) {
        next(err);
      }
    });

    router.get('/online', async (_req, res, next) => {
      try {
        // Directus's own filter handles how each database stores timestamps. The cutoff is a
        // plain date: `$NOW(...)` is expanded by the request parser only, never inside a service.
        const users = new services.ItemsService('directus_users', { schema: await getSchema(), knex: database });
        const since = new Date(Date.now() - ONLINE_WINDOW_MS).toISOString();
        const [row] = await users.readByQuery({
          filter: { last_access: { _gt: since } },
          aggregate: { count: ['id'] },
        });
        res.json({ data: { count: Number(row?.count?.id ?? 0) } });
      } catch (err) {
        next(err);
      }
    });

    router.get('/rating/:titleId', async (req, res, next) => {
      try {
        const titleId = Number(req.params.titleId);
        if (!Number.isInteger(titleId) || titleId <= 0) throw new InvalidPayloadError({ reason: 'Неверный номер сериала или фильма' });
        // Drafts and unknown ids have no public rating: the same answer as for a missing page.
        const shown = await database('titles').where({ id: titleId, status: 'published' }).first('id');
        if (!shown) {
          res.status(404).json({ errors: [{ message: TITLE_NOT_FOUND, extensions: { code: 'NOT_FOUND' } }] });
          return;
        }
        res.json({ data: await ratingSummary(database, titleId) });
      } catch (err) {
        next(err);
      }
    });

    // Every rated title's rating, the same for everyone: callers share one read.
    const ratings = sharedRun(async () => {
      const summaries: ({ title: number } & RatingSummary)[] = [];
      const rated = () => database('titles').where('status', 'published').where('ratingCount', '>', 0)
        .select({ id: 'id', average: 'ratingAverage', count: 'ratingCount' });
      await eachPage<{ id: number; average: unknown; count: unknown }>(rated, (rows) => {
        for (const row of rows) summaries.push({ title: Number(row.id), ...summarise(row) });
      });
      return summaries;
    }, envMs(env, 'RATINGS_REUSE_MS', RATINGS_REUSE_MS));
    router.get('/ratings', async (_req, res, next) => {
      try {
        res.json({ data: await ratings() });
      } catch (err) {
        next(err);
      }
    });

    // Every published title's shown reviews, the same for everyone: callers share one count.
    const reviewCounts = sharedRun(() => commentCounts(database), envMs(env, 'COMMENT_COUNTS_REUSE_MS', COMMENT_COUNTS_REUSE_MS));
    router.get('/comment-counts', async (_req, res, next) => {
      try {
        res.json({ data: await reviewCounts() });
      } catch (err) {
        next(err);
      }
    });

    // Read afresh by every build: a slug changed a moment ago is a redirect in the build it starts.
    router.get('/former-slugs', async (_req, res, next) => {
      try {
        res.json({ data: await formerSlugs(database) });
      } catch (err) {
        next(err);
      }
    });

    router.post('/schema/indexes', async (req: Req, res, next) => {
      try {
        if (!req.accountability?.admin) throw new ForbiddenError();
        const changed = [...(await ensureIndexes(database, COMPOSITE_INDEXES, RETIRED_INDEXES)), ...(await ensureTitleOrders(database))];
        // Videos stored before the mark existed, or written where no hook ran (a restore, bulk rows).
        await markWithheldVideos(database, 'all');
        res.json({ data: { changed } });
      } catch (err) {
        next(err);
      }
    });

    registerAccountRoutes(router, context, availability);
    registerMyTitlesRoutes(router, context);
    registerChatRoutes(router, context);
    registerCoMarkRoutes(router, context);
    registerReactionRoutes(router, context);
    registerWatchedRoutes(router, context);
    registerKeptVideoRoutes(router, context);
  },
});

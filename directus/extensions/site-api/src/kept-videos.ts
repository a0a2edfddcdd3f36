/**
 * Kept episodes' uploaded videos, which nobody reaches by file id (their files are withheld:
 * shared/withheld-videos.ts):
 * - GET /site/kept-videos/:titleId — to a person whose plan shows kept episodes, a signed address
 *   for each kept episode of the title with an uploaded video (video-grant.ts);
 * - GET /site/kept-videos/play/:episode?until=&sig= — the video itself while the address holds and
 *   the episode is still one a plan shows (not taken down, its title published), by byte ranges as
 *   a video element asks for them.
 */
import { pipeline } from 'node:stream/promises';
import { ForbiddenError, RangeNotSatisfiableError } from '@directus/errors';
import type { EndpointExtensionContext } from '@directus/extensions';
import type { Router } from 'express';
import parseRange from 'range-parser';
import { PREMIUM_ROLES } from '../../../../shared/rules.ts';
import { hasAnyRole } from '../../shared/accountability.ts';
import { publishedTitle } from '../../shared/catalogue.ts';
import { envText } from '../../shared/env.ts';
import { numberKeyOf } from '../../shared/keys.ts';
import { watchableEpisodes } from '../../shared/watched-episodes.ts';
import { grantFor, grantHolds, grantedAddress } from './video-grant.ts';
import { handle } from '../../shared/route-handler.ts';


export function registerKeptVideoRoutes(router: Router, { database, services, getSchema, env }: EndpointExtensionContext): void {
  const secret = envText(env, 'SECRET') ?? '';
  const keptWithVideo = () => watchableEpisodes(database, true).where('s.deleted', true).whereNotNull('s.video');

  router.get('/kept-videos/:titleId', handle(async (req, res) => {
    if (!req.accountability?.user || !hasAnyRole(req.accountability, PREMIUM_ROLES)) throw new ForbiddenError();
    const title = await publishedTitle(database, req.params.titleId);
    const episodes: number[] = await keptWithVideo().where('s.title', title).pluck('s.id');
    res.set('Cache-Control', 'no-store').json({ data: episodes.map((id) => ({ episode: id, src: grantedAddress(id, grantFor(id, secret)) })) });
  }));

  router.get('/kept-videos/play/:episode', handle(async (req, res) => {
    const episode = numberKeyOf(req.params.episode);
    // A bad, ended or foreign address and an episode no plan shows any more answer alike.
    const row = episode !== null && grantHolds(episode, req.query.until, req.query.sig, secret)
      ? await keptWithVideo().where('s.id', episode).first('s.video')
      : null;
    if (!row) throw new ForbiddenError();
    const file = await database('directus_files').where('id', row.video).first('filesize', 'type');
    const size = Number(file?.filesize ?? 0);
    if (!file || !size) throw new ForbiddenError();
    const asked = typeof req.headers.range === 'string' ? parseRange(size, req.headers.range, { combine: true }) : -2;
    if (asked === -1) throw new RangeNotSatisfiableError({ range: { start: 0, end: size } });
    // Several ranges, or one of a single byte (which Directus's storage read takes for none), are answered
    // with the whole video, as a server may.
    const range = Array.isArray(asked) && asked.type === 'bytes' && asked.length === 1 && asked[0].end > asked[0].start ? asked[0] : null;
    const assets = new services.AssetsService({ knex: database, schema: await getSchema() });
    const { stream } = await assets.getAsset(row.video, undefined, range ? { start: range.start, end: range.end } : undefined);
    res.status(range ? 206 : 200).set({
      'Content-Type': file.type ?? 'application/octet-stream',
      'Accept-Ranges': 'bytes',
      'Content-Length': String(range ? range.end - range.start + 1 : size),
      'Cache-Control': 'private, no-store',
      ...(range ? { 'Content-Range': `bytes ${range.start}-${range.end}/${size}` } : {}),
    });
    // A viewer who seeks or leaves closes the answer midway: nothing to report.
    await pipeline(stream, res).catch(() => undefined);
  }));
}

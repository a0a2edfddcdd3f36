/**
 * What a person keeps about a title, each written in one statement: PUT /site/rating/:titleId sets
 * or replaces their rating (never a moment without one, whatever fails), PUT /site/progress/:titleId
 * records where they stopped watching (episode and second), for 'continue watching' on any device.
 * Signed-in people only; published titles only.
 */
import { ForbiddenError, InvalidPayloadError } from '@directus/errors';
import type { EndpointExtensionContext } from '@directus/extensions';
import type { Router } from 'express';
import { PREMIUM_ROLES, RATING_MAX, RATING_MIN } from '../../../../shared/rules.ts';
import { hasAnyRole } from '../../shared/accountability.ts';
import { publishedTitle, watchableEpisode } from '../../shared/catalogue.ts';
import { jsonObjectBody } from '../../shared/json-body.ts';
import { ratingSummary } from './rating-summary.ts';
import { type Caller, handle } from '../../shared/route-handler.ts';


const invalid = (reason: string) => new InvalidPayloadError({ reason });
function caller(req: Caller): string {
  const me = req.accountability?.user;
  if (!me) throw new ForbiddenError();
  return me;
}


/** A whole number of seconds, or null when not given. */
function seconds(value: unknown, what: string): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 24 * 3600) throw invalid(`${what}: число секунд`);
  return Math.floor(value);
}

export function registerMyTitlesRoutes(router: Router, { database }: EndpointExtensionContext): void {
  router.put('/rating/:titleId', handle(async (req, res) => {
    const me = caller(req);
    const title = await publishedTitle(database, req.params.titleId);
    const rating = req.body?.rating;
    if (!Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX) throw invalid('Оценка должна быть от 1 до 5');
    await database('ratings')
      .insert({ title, rating, user_created: me, date_created: new Date() })
      .onConflict(['user_created', 'title'])
      .merge(['rating']);
    res.json({ data: { mine: rating, ...(await ratingSummary(database, title)) } });
  }));

  router.put('/progress/:titleId', handle(async (req, res) => {
    const me = caller(req);
    const title = await publishedTitle(database, req.params.titleId);
    // A body that is no JSON object would record an empty place: refused instead.
    const body = await jsonObjectBody(req, res);
    // Episodes kept for subscribers are theirs alone to watch, and so to record.
    const episode = body.episode === null || body.episode === undefined
      ? null
      : await watchableEpisode(database, title, body.episode, hasAnyRole(req.accountability, PREMIUM_ROLES));
    const duration = seconds(body.duration, 'Длина');
    if (duration === 0) throw invalid('Длина: число секунд');
    // A player may report a moment past the end it reports (an embed's two clocks): the place is the end.
    const reported = seconds(body.position, 'Позиция');
    const position = reported !== null && duration !== null ? Math.min(reported, duration) : reported;
    const row = { title, episode, position, duration, user_created: me, date_updated: new Date() };
    await database('watchProgress').insert(row).onConflict(['user_created', 'title']).merge(['episode', 'position', 'duration', 'date_updated']);
    res.json({ data: { title, episode, position, duration } });
  }));
}

/**
 * A person's watched episodes (collection `watchedEpisodes`), for the player's marks on every device:
 * GET /site/watched?title=ID answers their watched episodes of a title; PUT /site/watched/:episode with
 * { watched: true | false } marks or unmarks one (the same answer however often it is sent; unmarking
 * also forgets the resume point kept on that episode); POST /site/watched/import { episodes: [ids] } keeps
 * what a visitor's browser marked before signing in; GET /site/watched/summary?titles=1,2 answers, for
 * each of those titles that has episodes, how many of the episodes the person may watch they watched
 * (the profile's lists). The title's list marks follow what is added (shared/watching.ts). Signed-in
 * people only; writes are paced. Every change is told to the person's other tabs and devices
 * (shared/watched-news.ts).
 */
import { ForbiddenError, InvalidPayloadError } from '@directus/errors';
import type { EndpointExtensionContext } from '@directus/extensions';
import type { Router } from 'express';
import type { Knex } from 'knex';
import { PREMIUM_ROLES } from '../../../../shared/rules.ts';
import { WATCHED_IMPORT_MAX } from '../../../../shared/watching.ts';
import type { TYPE_SOURCES } from '../../../../shared/visitor-rules.ts';
import { hasAnyRole, isPrivileged } from '../../shared/accountability.ts';
import type { Accountability } from '../../shared/directus.ts';
import { jsonObjectBody } from '../../shared/json-body.ts';
import { numberKeyOf } from '../../shared/keys.ts';
import { pace } from '../../shared/pace.ts';
import { EPISODE_UNKNOWN, afterWatched, episodeTitles, watchableEpisodes } from '../../shared/watched-episodes.ts';
import { insertNewRows } from '../../shared/insert-new-rows.ts';
import { tellWatchedChanged } from '../../shared/watched-news.ts';
import { type Caller, handle } from '../../shared/route-handler.ts';

const SINGLE: (typeof TYPE_SOURCES)[number] = 'Одиночный';


/** A page of a profile's list holds 20 titles; a summary is asked for one page at a time. */
export const SUMMARY_MAX = 100;

const invalid = (reason: string) => new InvalidPayloadError({ reason });
function callerOf(req: Caller): { me: string; seesKept: boolean; accountability: Accountability } {
  const accountability = req.accountability;
  const me = accountability?.user;
  if (!accountability || !me) throw new ForbiddenError();
  return { me, seesKept: isPrivileged(accountability) || hasAnyRole(accountability, PREMIUM_ROLES), accountability };
}

/** A row's number in a path or a query: digits only. */
const idIn = (value: unknown): number | null => (typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) ? numberKeyOf(value) : null);

function episodeIdOf(value: unknown): number {
  const id = idIn(value);
  if (id === null) throw invalid('Неверный номер серии');
  return id;
}

/** `titles=1,2,3`: distinct ids, at most SUMMARY_MAX. */
function titleListOf(value: unknown): number[] {
  if (typeof value !== 'string' || value === '') throw invalid('Укажите сериалы: titles=1,2,3');
  const ids = value.split(',').map(idIn);
  if (ids.length > SUMMARY_MAX) throw invalid(`Не больше ${SUMMARY_MAX} сериалов за раз`);
  if (ids.some((id) => id === null)) throw invalid('Неверный номер сериала');
  return [...new Set(ids as number[])];
}

function episodeListOf(value: unknown): number[] {
  if (!Array.isArray(value)) throw invalid('episodes: список номеров серий');
  if (value.length > WATCHED_IMPORT_MAX) throw invalid(`Не больше ${WATCHED_IMPORT_MAX} серий за раз`);
  if (!value.every((v) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0)) throw invalid('Неверный номер серии');
  return [...new Set(value as number[])];
}

/** Stores the episodes (each with its title) the person had not marked yet; the marks of each title follow. */
async function markWatched(trx: Knex, me: string, titles: Map<number, number>, seesKept: boolean): Promise<number> {
  const ids = [...titles.keys()];
  const had = new Set((await trx('watchedEpisodes').where('user_created', me).whereIn('episode', ids).pluck('episode')).map(Number));
  const fresh = ids.filter((id) => !had.has(id));
  const now = new Date();
  const rows = fresh.map((episode) => ({ episode, title: titles.get(episode)!, user_created: me, date_created: now }));
  await insertNewRows(trx, 'watchedEpisodes', rows, ['user_created', 'episode']);
  const byTitle = new Map<number, number[]>();
  for (const id of fresh) byTitle.set(titles.get(id)!, [...(byTitle.get(titles.get(id)!) ?? []), id]);
  for (const [title, episodes] of byTitle) await afterWatched(trx, me, title, episodes, seesKept);
  return fresh.length;
}

export function registerWatchedRoutes(router: Router, { database, env, logger }: EndpointExtensionContext): void {
  /** The mark is stored whatever becomes of the news: a tab that misses it reads the marks again when its socket is back. */
  const told = (me: string, titles: Iterable<number>) => tellWatchedChanged(me, titles).catch((err: unknown) => logger.error(err));
  const writes = pace('watched', env, 'Слишком много отметок подряд.');

  router.get('/watched', handle(async (req, res) => {
    const { me } = callerOf(req);
    const title = idIn(req.query.title);
    if (title === null) throw invalid('Укажите сериал или фильм: title');
    const ids = await database('watchedEpisodes').where({ user_created: me, title }).orderBy('episode').pluck('episode');
    res.json({ data: ids.map(Number) });
  }));

  router.get('/watched/summary', handle(async (req, res) => {
    const { me, seesKept } = callerOf(req);
    const titles = titleListOf(req.query.titles);
    // Films have one 'episode' and nothing to count; drafts and unknown ids are left out alike.
    const rows: { title: number; episodes: number; watched: number }[] = await watchableEpisodes(database, seesKept)
      .whereIn('s.title', titles)
      .where((q) => q.whereNot('t.typeSource', SINGLE).orWhereNull('t.typeSource'))
      .leftJoin('watchedEpisodes as w', (j) => j.on('w.episode', 's.id').andOn('w.user_created', database.raw('?', [me])))
      .groupBy('s.title')
      .select('s.title as title', database.raw('count(s.id) as episodes'), database.raw('count(w.episode) as watched'));
    res.json({ data: rows.map((r) => ({ title: Number(r.title), episodes: Number(r.episodes), watched: Number(r.watched) })) });
  }));

  router.put('/watched/:episode', handle(async (req, res) => {
    const { me, seesKept, accountability } = callerOf(req);
    const episode = episodeIdOf(req.params.episode);
    const body = await jsonObjectBody(req, res);
    if (typeof body.watched !== 'boolean') throw invalid('watched: true или false');
    if (!isPrivileged(accountability)) await writes.take(me);
    if (body.watched) {
      const titles = await episodeTitles(database, [episode], seesKept);
      if (!titles.size) throw invalid(EPISODE_UNKNOWN);
      await database.transaction((trx) => markWatched(trx, me, titles, seesKept));
      await told(me, titles.values());
      res.json({ data: { episode, title: titles.get(episode), watched: true } });
      return;
    }
    // The title is told from the person's own mark, or as marking would tell it: never a draft's to whoever names its episode.
    const own = await database('watchedEpisodes').where({ user_created: me, episode }).first('title');
    const title = own ? Number(own.title) : (await episodeTitles(database, [episode], seesKept)).get(episode) ?? null;
    await database.transaction(async (trx) => {
      await trx('watchedEpisodes').where({ user_created: me, episode }).delete();
      await trx('watchProgress').where({ user_created: me, episode }).update({ position: null, date_updated: new Date() });
    });
    if (title !== null) await told(me, [title]);
    res.json({ data: { episode, title, watched: false } });
  }));

  router.post('/watched/import', handle(async (req, res) => {
    const { me, seesKept, accountability } = callerOf(req);
    const body = await jsonObjectBody(req, res);
    const episodes = episodeListOf(body.episodes);
    if (!isPrivileged(accountability)) await writes.take(me);
    // What a browser kept may have gone since (taken down, unpublished, for subscribers now): it is
    // skipped with the duplicates, so nothing tells a draft's episode from an unknown number.
    const titles = episodes.length ? await episodeTitles(database, episodes, seesKept) : new Map<number, number>();
    const added = titles.size ? await database.transaction((trx) => markWatched(trx, me, titles, seesKept)) : 0;
    if (added) await told(me, titles.values());
    // Duplicates in the list and episodes marked before are skipped alike.
    res.json({ data: { added, skipped: (body.episodes as unknown[]).length - added } });
  }));
}

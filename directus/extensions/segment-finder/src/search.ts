/**
 * The search for a title's openings and endings: asked for after an episode's video is uploaded or
 * replaced, or by an editor («Найти заставки»); run later, one title at a time (season-queue.ts),
 * each asked season analysed as a whole (season.ts) and its results written as proposals
 * (proposals.ts). Editors follow it on the title: queued → running → done or failed, with a note.
 *
 * Several Directus instances may share the database: the instance that claims the title with one
 * conditional UPDATE analyses it (claim.ts), and another asked meanwhile waits for that run to end,
 * then runs again (the episodes may have changed since it started). A run left by an instance that
 * stopped is taken over, by the next one asked or by the look for what was left behind.
 */
import type { Knex } from 'knex';
import { endClaim, markQueued, renewClaim, takeClaim, titlesLeftBehind, CLAIM_RENEW_MS } from './claim.ts';
import { FAILURE_TEXT } from './failures.ts';
import { planProposals, searchOutcome, type AnalysedEpisode, type NewProposal, type SearchOutcome, type StoredRow } from './proposals.ts';
import { analyseSeason, type SeasonResult } from './season.ts';
import { createSeasonQueue } from './season-queue.ts';
import { withFiles, type FileContext } from './stored-file.ts';
import type { Tools } from './tools.ts';

export interface SearchContext extends FileContext {
  tools: Tools;
  logWarning(message: string): void;
  /** Writes go through Directus: its rules check them, and the site follows them. */
  createProposal(row: NewProposal): Promise<void>;
  /** Deletes those of `ids` still proposed by the finder (an editor may have confirmed one meanwhile). */
  removeProposals(ids: readonly number[]): Promise<void>;
  /** The title's state is written past the services (no revision, no site rebuild): the data cache is purged after. */
  purgeCache(): Promise<void>;
  /** Analyses one season's files; season.ts unless a test says otherwise. */
  analyse?: typeof analyseSeason;
}

/** A season's id, or null for the episodes of a title without seasons. */
export type SeasonKey = number | null;

export interface SegmentSearch {
  /** Marks the title queued and queues its search of `seasons` (all with videos when 'all'); false when there is no such title. */
  request(title: number, seasons: readonly SeasonKey[] | 'all'): Promise<boolean>;
  /**
   * Queues the titles whose run an instance abandoned, and with `queued` (when this instance starts)
   * those left queued; each is run only if it is still so when its turn comes. How many were queued.
   */
  resumeLeftBehind(options: { queued: boolean }): Promise<number>;
  /** Searches queued or running here. */
  readonly pending: number;
}

/** A run waits this long before it starts, so the episodes of one upload session join one run. */
const JOIN_MS = 3_000;
/** How often an instance looks whether another one's run of the title has ended. */
const CLAIM_RETRY_MS = 5_000;

interface EpisodeRow {
  id: number;
  name: string;
  season: number | null;
  video: string;
}

/** What a queued run will search, and whether it only resumes what was left behind (nobody asked anew). */
interface Asked {
  seasons: Set<SeasonKey> | 'all';
  leftBehind: boolean;
}

/** The claim this instance holds on a title while its run goes on. */
interface Held {
  since: Date;
  /** Aborted when the claim turns out to be another instance's: the run stops and writes nothing more. */
  lost: AbortController;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createSegmentSearch(ctx: SearchContext): SegmentSearch {
  const queue = createSeasonQueue<void>((err) => ctx.logWarning(`Поиск заставок сорвался: ${String(err)}`));
  /** Titles queued here and not started yet: a second ask joins the first. */
  const waiting = new Map<number, Asked>();
  const db = ctx.database;
  const analyse = ctx.analyse ?? analyseSeason;
  /** A stale cached state only delays what editors read: it never stops the search. */
  const purge = () => ctx.purgeCache().catch((err: unknown) => ctx.logWarning(`Кэш не очищен: ${String(err)}`));
  const exists = async (title: number) => Boolean(await db('titles').where('id', title).first('id'));

  /**
   * This instance's run of the title, won by the one UPDATE that finds it open. An asked run waits
   * for another instance's run to end (or to be abandoned); a resumed one gives up at once.
   */
  async function claim(title: number, leftBehind: boolean): Promise<Date | null> {
    for (;;) {
      const since = new Date();
      if (await takeClaim(db, title, since, leftBehind ? 'left behind' : 'asked')) {
        await purge();
        return since;
      }
      if (leftBehind || !(await exists(title))) return null;
      await sleep(CLAIM_RETRY_MS);
    }
  }

  /**
   * Stamps the claim while the run goes on; a renewal that finds it taken over stops the run. The
   * returned stop waits for a renewal under way, so the run ends with the claim's latest stamp.
   */
  function keepClaim(title: number, held: Held): () => Promise<void> {
    let renewing: Promise<void> = Promise.resolve();
    const timer = setInterval(() => {
      const now = new Date();
      renewing = renewClaim(db, title, held.since, now).then((kept) => {
        if (kept) held.since = now;
        else held.lost.abort();
      }, (err: unknown) => ctx.logWarning(`Отметка поиска заставок дорамы ${title} не обновлена: ${String(err)}`));
    }, CLAIM_RENEW_MS);
    return () => {
      clearInterval(timer);
      return renewing;
    };
  }

  /** Writes one season's results; the number of proposals written. */
  async function write(season: SeasonKey, episodes: readonly EpisodeRow[], result: SeasonResult, lost: AbortSignal): Promise<number> {
    const ids = episodes.map((e) => e.id);
    // An episode given another file during the analysis is searched again for it (its save asked for that).
    const now = new Map<number, string | null>((await db('series').whereIn('id', ids).select('id', 'video')).map((r: { id: number; video: string | null }) => [Number(r.id), r.video]));
    const analysed: AnalysedEpisode[] = result.episodes.flatMap((r) => {
      const episode = episodes.find((e) => e.id === Number(r.id));
      return episode && now.get(episode.id) === episode.video ? [{ id: episode.id, season, video: episode.video, result: r }] : [];
    });
    const stored: StoredRow[] = (await db('segments')
      .where((q) => { q.whereIn('episode', ids); if (season !== null) q.orWhere((s) => s.where('season', season).whereNull('episode')); })
      .select('id', 'episode', 'season', 'kind', 'state', 'source', 'file'))
      .map((r: StoredRow) => ({ ...r, id: Number(r.id), episode: r.episode === null ? null : Number(r.episode), season: r.season === null ? null : Number(r.season) }));
    const plan = planProposals(analysed, stored);
    // The instance that took the title over writes its own: this run's would double them.
    lost.throwIfAborted();
    if (plan.remove.length) await ctx.removeProposals(plan.remove);
    let written = 0;
    for (const row of plan.create) {
      try {
        await ctx.createProposal(row);
        written++;
      } catch (err) {
        // The rules refused it (it overlaps an editor's segment of another kind): the editor's stands.
        ctx.logWarning(`Отрезок «${row.kind}» серии ${row.episode} не предложен: ${(err as Error).message}`);
      }
    }
    return written;
  }

  async function search(title: number, asked: Asked['seasons'], lost: AbortSignal): Promise<SearchOutcome> {
    const rows: EpisodeRow[] = (await db('series').where('title', title).whereNotNull('video').orderBy([{ column: 'sort' }, { column: 'id' }]).select('id', 'name', 'season', 'video'))
      .map((r: EpisodeRow) => ({ ...r, id: Number(r.id), season: r.season === null ? null : Number(r.season) }));
    const seasons = asked === 'all' ? [...new Set(rows.map((r) => r.season))] : [...asked];
    const results: SeasonResult[] = [];
    let proposed = 0;
    for (const season of seasons) {
      lost.throwIfAborted();
      const episodes = rows.filter((r) => r.season === season);
      const result = await withFiles(ctx, [...new Set(episodes.map((e) => e.video))], (paths) =>
        analyse(episodes.flatMap((e) => (paths.has(e.video) ? [{ id: e.id, file: paths.get(e.video)! }] : [])), { tools: ctx.tools, signal: lost }));
      proposed += await write(season, episodes, result, lost);
      results.push(result);
    }
    return searchOutcome(results, proposed, new Map(rows.map((r) => [r.id, r.name])));
  }

  async function run(title: number): Promise<void> {
    await sleep(JOIN_MS);
    const asked = waiting.get(title) ?? { seasons: 'all', leftBehind: false };
    waiting.delete(title);
    const since = await claim(title, asked.leftBehind);
    if (!since) return;
    const held: Held = { since, lost: new AbortController() };
    const stopKeeping = keepClaim(title, held);
    let outcome: SearchOutcome;
    try {
      outcome = await search(title, asked.seasons, held.lost.signal);
    } catch (err) {
      ctx.logWarning(`Поиск заставок дорамы ${title} сорвался: ${String(err)}`);
      outcome = { state: 'failed', note: FAILURE_TEXT.unreadable };
    } finally {
      await stopKeeping();
    }
    if (await endClaim(db, title, held.since, outcome)) await purge();
    else ctx.logWarning(`Поиск заставок дорамы ${title} перешёл к другому экземпляру Directus: его итог не записан`);
  }

  /** Queues a run of the title here, or joins the one already waiting. */
  function enqueue(title: number, seasons: readonly SeasonKey[] | 'all', leftBehind: boolean): void {
    const before = waiting.get(title);
    if (before === undefined) {
      waiting.set(title, { seasons: seasons === 'all' ? 'all' : new Set(seasons), leftBehind });
      void queue.enqueue(() => run(title));
      return;
    }
    // Someone asked: the run is theirs, whatever the title's state then.
    before.leftBehind &&= leftBehind;
    if (before.seasons === 'all') return;
    if (seasons === 'all') before.seasons = 'all';
    else for (const s of seasons) before.seasons.add(s);
  }

  return {
    async request(title, seasons) {
      const marked = await markQueued(db, title, new Date());
      if (!marked && !(await exists(title))) return false;
      if (marked) await purge();
      enqueue(title, seasons, false);
      return true;
    },
    async resumeLeftBehind({ queued }) {
      const titles = await titlesLeftBehind(db, new Date(), { queued });
      for (const title of titles) enqueue(title, 'all', true);
      return titles.length;
    },
    get pending() {
      return queue.pending;
    },
  };
}

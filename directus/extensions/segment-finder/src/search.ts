/**
 * The search for a title's openings and endings: asked for after an episode's video is uploaded or
 * replaced, or by an editor («Найти заставки»); run later, one title at a time (job-queue.ts),
 * each asked season analysed as a whole (season.ts) and its results written as proposals
 * (proposals.ts). Editors follow it on the title: queued → running → done or failed, with a note.
 *
 * Several Directus instances may share the database (claim.ts): asks are written into the title, the
 * instance that claims it with one conditional UPDATE runs what was asked, asks that come during its
 * run are run by it before it lets go, and a run left by an instance that stopped is taken over by
 * the look for what was left behind (when Directus starts, and every minute) or by the next ask.
 */
import { askSearch, finishRun, renewClaim, takeAsks, takeClaim, titlesLeftBehind, CLAIM_RENEW_MS, type Asked, type SeasonKey } from './claim.ts';
import { FAILURE_TEXT } from './failures.ts';
import { planProposals, searchOutcome, type AnalysedEpisode, type NewProposal, type SearchOutcome, type StoredRow } from './proposals.ts';
import { analyseSeason, type SeasonResult } from './season.ts';
import { createJobQueue } from './job-queue.ts';
import { withFiles, type FileContext } from './stored-file.ts';
import type { Tools } from './tools.ts';

export type { SeasonKey };

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

export interface SegmentSearch {
  /** Asks for the search of `seasons` (all with videos when 'all') and queues a run here; false when there is no such title. */
  request(title: number, seasons: Asked): Promise<boolean>;
  /** Queues a run of each title an instance left behind (claim.ts); how many. */
  resumeLeftBehind(): Promise<number>;
}

/** A run is queued this long after its first ask, so the episodes of one upload session join one run. */
const JOIN_MS = 3_000;

interface EpisodeRow {
  id: number;
  name: string;
  season: number | null;
  video: string;
}

/** The claim this instance holds on a title while its run goes on. */
interface Held {
  since: Date;
  /** Aborted when the claim turns out to be another instance's: the run stops and writes nothing more. */
  lost: AbortController;
}

export function createSegmentSearch(ctx: SearchContext): SegmentSearch {
  const queue = createJobQueue<void>((err) => ctx.logWarning(`Поиск заставок сорвался: ${String(err)}`));
  /** Titles whose run is queued here and not started yet: another ask only adds to what it takes. */
  const waiting = new Set<number>();
  const db = ctx.database;
  const analyse = ctx.analyse ?? analyseSeason;
  /** A stale cached state only delays what editors read: it never stops the search. */
  const purge = () => ctx.purgeCache().catch((err: unknown) => ctx.logWarning(`Кэш не очищен: ${String(err)}`));

  /**
   * Stamps the claim while a search goes on; a renewal that finds it taken over stops the run. The
   * returned stop waits for a renewal under way, so the run ends under the claim's latest stamp.
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

  async function search(title: number, asked: Asked, lost: AbortSignal): Promise<SearchOutcome> {
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

  /** One search under the claim, renewed meanwhile; a failure is the title's outcome. */
  async function searchHeld(title: number, asked: Asked, held: Held): Promise<SearchOutcome> {
    const stopKeeping = keepClaim(title, held);
    try {
      return await search(title, asked, held.lost.signal);
    } catch (err) {
      ctx.logWarning(`Поиск заставок дорамы ${title} сорвался: ${String(err)}`);
      return { state: 'failed', note: FAILURE_TEXT.unreadable };
    } finally {
      await stopKeeping();
    }
  }

  async function run(title: number): Promise<void> {
    waiting.delete(title);
    const since = new Date();
    const taken = await takeClaim(db, title, since);
    // Another instance runs the title and will run what was asked, or a run took the asks already.
    if (!taken) return;
    await purge();
    const held: Held = { since, lost: new AbortController() };
    const waitingAsks = await takeAsks(db, title);
    // What a stopped instance had taken is not known: every season is searched.
    let asked: Asked = taken === 'abandoned' ? 'all' : waitingAsks ?? 'all';
    for (;;) {
      const outcome = await searchHeld(title, asked, held);
      const end = await finishRun(db, title, held.since, outcome);
      if (end === 'ended') {
        await purge();
        return;
      }
      if (end === 'lost') {
        ctx.logWarning(`Поиск заставок дорамы ${title} перешёл к другому экземпляру Directus: его итог не записан`);
        return;
      }
      asked = (await takeAsks(db, title)) ?? 'all';
    }
  }

  /**
   * Queues a run of the title here unless one is waiting already (it takes every ask when it starts).
   * The wait to join is outside the queue, so titles asked for together do not wait in turn.
   */
  function enqueue(title: number): void {
    if (waiting.has(title)) return;
    waiting.add(title);
    // A stopping process does not wait for it: the ask stays in the title and is resumed as one left behind.
    setTimeout(() => void queue.enqueue(() => run(title)), JOIN_MS).unref();
  }

  return {
    async request(title, seasons) {
      if (!(await askSearch(db, title, seasons, new Date()))) return false;
      await purge();
      enqueue(title);
      return true;
    },
    async resumeLeftBehind() {
      const titles = await titlesLeftBehind(db, new Date());
      for (const title of titles) enqueue(title);
      return titles.length;
    },
  };
}

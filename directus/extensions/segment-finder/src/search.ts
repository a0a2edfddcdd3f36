/**
 * The search for a title's openings and endings: asked for after an episode's video is uploaded or
 * replaced, or by an editor («Найти заставки»); run later, one title at a time (season-queue.ts),
 * each asked season analysed as a whole (season.ts) and its results written as proposals
 * (proposals.ts). Editors follow it on the title: queued → running → done or failed, with a note.
 *
 * Several Directus instances may share the database: the instance that moves the title's state to
 * 'running' with one conditional UPDATE analyses it, and another asked meanwhile waits for that run to
 * end, then runs again (the episodes may have changed since it started).
 */
import type { Knex } from 'knex';
import { FAILURE_TEXT } from './failures.ts';
import { planProposals, searchOutcome, type AnalysedEpisode, type NewProposal, type SearchOutcome, type StoredRow } from './proposals.ts';
import { analyseSeason, SEASON_DEADLINE_MS, type SeasonResult } from './season.ts';
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

const notRunning = (q: Knex.QueryBuilder) => q.whereNull('segmentSearch').orWhereNot('segmentSearch', 'running');

export function createSegmentSearch(ctx: SearchContext): SegmentSearch {
  const queue = createSeasonQueue<void>((err) => ctx.logWarning(`Поиск заставок сорвался: ${String(err)}`));
  /** Titles queued here and not started yet, with the seasons asked for: a second ask joins the first. */
  const waiting = new Map<number, Set<SeasonKey> | 'all'>();
  const db = ctx.database;
  const analyse = ctx.analyse ?? analyseSeason;
  /** A stale cached state only delays what editors read: it never stops the search. */
  const purge = () => ctx.purgeCache().catch((err: unknown) => ctx.logWarning(`Кэш не очищен: ${String(err)}`));

  /** This instance's run of the title, won by the one UPDATE that finds it not running. */
  async function claim(title: number): Promise<boolean> {
    const until = Date.now() + SEASON_DEADLINE_MS;
    for (;;) {
      const won = await db('titles').where('id', title).where(notRunning).update({ segmentSearch: 'running', segmentSearchNote: null });
      if (won) {
        await purge();
        return true;
      }
      if (!(await db('titles').where('id', title).first('id')) || Date.now() > until) return false;
      await new Promise((resolve) => setTimeout(resolve, CLAIM_RETRY_MS));
    }
  }

  async function settle(title: number, outcome: SearchOutcome): Promise<void> {
    await db('titles').where('id', title).update({ segmentSearch: outcome.state, segmentSearchNote: outcome.note.slice(0, 1000) });
    await purge();
  }

  /** Writes one season's results; the number of proposals written. */
  async function write(season: SeasonKey, episodes: readonly EpisodeRow[], result: SeasonResult): Promise<number> {
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

  async function search(title: number, asked: Set<SeasonKey> | 'all'): Promise<SearchOutcome> {
    const rows: EpisodeRow[] = (await db('series').where('title', title).whereNotNull('video').orderBy([{ column: 'sort' }, { column: 'id' }]).select('id', 'name', 'season', 'video'))
      .map((r: EpisodeRow) => ({ ...r, id: Number(r.id), season: r.season === null ? null : Number(r.season) }));
    const seasons = asked === 'all' ? [...new Set(rows.map((r) => r.season))] : [...asked];
    const results: SeasonResult[] = [];
    let proposed = 0;
    for (const season of seasons) {
      const episodes = rows.filter((r) => r.season === season);
      const result = await withFiles(ctx, [...new Set(episodes.map((e) => e.video))], (paths) =>
        analyse(episodes.flatMap((e) => (paths.has(e.video) ? [{ id: e.id, file: paths.get(e.video)! }] : [])), { tools: ctx.tools }));
      proposed += await write(season, episodes, result);
      results.push(result);
    }
    return searchOutcome(results, proposed, new Map(rows.map((r) => [r.id, r.name])));
  }

  async function run(title: number): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, JOIN_MS));
    const asked = waiting.get(title) ?? 'all';
    waiting.delete(title);
    if (!(await claim(title))) return;
    let outcome: SearchOutcome;
    try {
      outcome = await search(title, asked);
    } catch (err) {
      ctx.logWarning(`Поиск заставок дорамы ${title} сорвался: ${String(err)}`);
      outcome = { state: 'failed', note: FAILURE_TEXT.unreadable };
    }
    await settle(title, outcome);
  }

  return {
    async request(title, seasons) {
      const marked = await db('titles').where('id', title).where(notRunning).update({ segmentSearch: 'queued', segmentSearchNote: null });
      if (!marked && !(await db('titles').where('id', title).first('id'))) return false;
      if (marked) await purge();
      const before = waiting.get(title);
      if (before === undefined) {
        waiting.set(title, seasons === 'all' ? 'all' : new Set(seasons));
        void queue.enqueue(() => run(title));
      } else if (before !== 'all') {
        if (seasons === 'all') waiting.set(title, 'all');
        else for (const s of seasons) before.add(s);
      }
      return true;
    },
    get pending() {
      return queue.pending;
    },
  };
}

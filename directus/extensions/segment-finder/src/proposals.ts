/**
 * Which segments a season's analysis writes (pure): each analysed episode's opening and ending become
 * proposals, replacing the finder's earlier proposals of that episode. Whatever an editor decided
 * stays: a confirmed row of the kind (the episode's own, or its season's, which plays for every episode)
 * and a kind marked absent keep the finder out, and a kind rejected for the file the episode plays is not
 * proposed again for that file.
 */
import { DONE, type EpisodeResult, type Proposal } from './season.ts';

export const FOUND_KINDS = ['opening', 'ending'] as const;
export type FoundKind = (typeof FOUND_KINDS)[number];

/** A stored segment as the planner reads it. */
export interface StoredRow {
  id: number;
  episode: number | null;
  season: number | null;
  kind: string;
  state: string | null;
  source: string | null;
  file: string | null;
}

export interface AnalysedEpisode {
  id: number;
  season: number | null;
  /** The file the episode plays, which the analysis listened to. */
  video: string;
  result: EpisodeResult;
}

export interface NewProposal extends Proposal {
  episode: number;
  kind: FoundKind;
  file: string;
  source: 'auto';
  state: 'proposed';
}

export interface ProposalPlan {
  /** Earlier proposals of the finder to delete (only while still proposed). */
  remove: number[];
  create: NewProposal[];
}

const isProposal = (r: StoredRow) => r.source === 'auto' && r.state === 'proposed';
/** Rows written before states existed are confirmed. */
const confirmed = (r: StoredRow) => (r.state ?? 'confirmed') === 'confirmed';

export function planProposals(episodes: readonly AnalysedEpisode[], stored: readonly StoredRow[]): ProposalPlan {
  const remove: number[] = [];
  const create: NewProposal[] = [];
  for (const ep of episodes) {
    const own = stored.filter((r) => r.episode === ep.id);
    const analysed = ep.result.state === DONE;
    // A failed analysis keeps proposals for the file still played; those of a file replaced since go.
    for (const r of own) if (isProposal(r) && (analysed || r.file !== ep.video)) remove.push(r.id);
    if (!analysed) continue;
    const seasons = ep.season === null ? [] : stored.filter((r) => r.episode === null && r.season === ep.season);
    for (const kind of FOUND_KINDS) {
      const found = ep.result[kind];
      if (!found) continue;
      const decided = own.some((r) => r.kind === kind && (confirmed(r) || (r.state === 'rejected' && r.file === ep.video)))
        || seasons.some((r) => r.kind === kind && confirmed(r));
      if (decided) continue;
      create.push({ episode: ep.id, kind, start: found.start, end: found.end, confidence: found.confidence, file: ep.video, source: 'auto', state: 'proposed' });
    }
  }
  return { remove, create };
}

/** How a title's search ended, as editors read it on the title. */
export interface SearchOutcome {
  state: 'done' | 'failed';
  note: string;
}

export const NO_VIDEOS = 'у серий нет загруженных видеофайлов';

/**
 * The title's state from its seasons' results: done when any season could be compared (with how many
 * segments were proposed and which episodes got none, and why), failed with the seasons' reasons otherwise.
 */
export function searchOutcome(seasons: readonly { state: string; episodes: readonly EpisodeResult[] }[], proposed: number, names: ReadonlyMap<number | string, string>): SearchOutcome {
  if (!seasons.length) return { state: 'failed', note: NO_VIDEOS };
  if (!seasons.some((s) => s.state === DONE)) return { state: 'failed', note: [...new Set(seasons.map((s) => s.state))].join('; ') };
  const missed = seasons.flatMap((s) => s.episodes).filter((e) => e.state !== DONE).map((e) => `«${names.get(e.id) ?? e.id}» — ${e.state}`);
  return { state: 'done', note: [`Предложено отрезков: ${proposed}`, ...(missed.length ? [`без предложений: ${missed.join(', ')}`] : [])].join('; ') };
}

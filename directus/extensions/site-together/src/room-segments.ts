/** What a room's episode plays: its segments (its own and its season's) and its length, as the player has them. */
import type { Knex } from 'knex';
import { episodeSegments, type Segment, type SegmentState, type StoredSegment } from '../../../../shared/segments.ts';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export async function segmentsOfEpisode(database: Knex, episode: number): Promise<{ segments: Segment[]; length: number | null }> {
  const row = await database('series').where('id', episode).first('season', 'duration', 'title');
  if (!row) return { segments: [], length: null };
  const season = num(row.season);
  // As the player reads them: confirmed, or found by listening on a title whose editors let found ones apply at once.
  const title = await database('titles').where('id', row.title).first('applyFoundSegments');
  const plays: SegmentState[] = Boolean(title?.applyFoundSegments) ? ['confirmed', 'proposed'] : ['confirmed'];
  const stored: StoredSegment[] = (await database('segments')
    .whereIn('state', plays)
    .where((q) => (season === null ? q.where('episode', episode) : q.where('episode', episode).orWhere('season', season)))
    .select('kind', 'start', 'end', 'episode', 'season', 'absent'))
    .map((s: StoredSegment) => ({ ...s, start: Number(s.start), end: Number(s.end), episode: num(s.episode), season: num(s.season) }));
  return { segments: episodeSegments(stored, episode, season), length: num(row.duration) };
}

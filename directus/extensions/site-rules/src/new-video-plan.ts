/**
 * What a new video of an episode takes away (pure; new-video.ts applies it): the episode's own
 * segments were timed in the old video, so they go, whether an editor's, a proposal of the search by
 * sound or a rejection of one. Three kinds stay: a segment marked absent (no seconds: it says the
 * episode lacks a part its season has, whatever file plays it), one found on the very file the episode
 * plays now (a switch back to an upload already listened to), and one the same save sets (the
 * editor's for the new video). Editors are told when segments that played went.
 */
import type { PlayedVideo } from '../../../../shared/played-video.ts';

export interface OwnSegment {
  id: number;
  absent: unknown;
  file: unknown;
  state: unknown;
}

const idOf = (v: unknown): number | null => {
  const id = typeof v === 'object' && v !== null ? (v as { id?: unknown }).id : v;
  const n = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
};

/**
 * The segments a save of an episode sets through its list of segments: every row of the list when
 * the list is given whole, the rows it updates when given as changes (its new rows have no id yet).
 */
export function segmentsSetBy(list: unknown): Set<number> {
  const rows = Array.isArray(list) ? list : list && typeof list === 'object' ? (list as { update?: unknown }).update : null;
  return new Set((Array.isArray(rows) ? rows : []).map(idOf).filter((id): id is number => id !== null));
}

/** The episode's own segments its new video takes away. */
export function segmentsLeaving<S extends OwnSegment>(own: readonly S[], now: PlayedVideo | null, setBySave: ReadonlySet<number>): S[] {
  const file = now?.kind === 'video' ? now.file : null;
  return own.filter((s) => !s.absent && !(file !== null && s.file === file) && !setBySave.has(s.id));
}

/** A segment that played for viewers: confirmed (rows written before states existed are). */
export const played = (s: OwnSegment): boolean => (s.state ?? 'confirmed') === 'confirmed';

export interface ClearedEpisode {
  title: string;
  name: string;
  /** How many of its segments that played went. */
  removed: number;
  /** It plays an uploaded file now, which the search by sound listens to. */
  upload: boolean;
}

/** Episodes named one by one in a notice; the rest are counted. */
const NAMED = 20;

/** The notification for the editor whose save took away segments that played, or null when none did. */
export function clearedNotice(episodes: readonly ClearedEpisode[]): { subject: string; message: string } | null {
  const cleared = episodes.filter((e) => e.removed > 0);
  if (!cleared.length) return null;
  const one = cleared.length === 1;
  const lines = cleared.slice(0, NAMED).map((e) => `- «${e.title}» · ${e.name}: снято отрезков — ${e.removed}`);
  if (cleared.length > NAMED) lines.push(`- и ещё серий: ${cleared.length - NAMED}`);
  const again = cleared.some((e) => e.upload) ? 'Отметьте их заново или подтвердите то, что предложит поиск по звуку.' : 'Отметьте их заново.';
  return {
    subject: one ? 'Отрезки серии сняты: у неё новое видео' : 'Отрезки серий сняты: у них новое видео',
    message: [
      ...lines,
      '',
      `Отрезки были отмечены по прежнему видео, и зрителям они больше не показываются. ${again} Места, где зрители остановились в ${one ? 'этой серии' : 'этих сериях'}, сброшены.`,
    ].join('\n'),
  };
}

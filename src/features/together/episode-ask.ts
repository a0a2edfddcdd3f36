/**
 * An episode change asked of the room stands until the room answers it: its view comes on another
 * episode, or the ask is refused. Under load that takes seconds; the same ask meanwhile (a click on
 * «Следующая серия» again, the player's own end of the episode) would only repeat it, so it is not
 * sent. An ask the room has not answered in EPISODE_ANSWER_MS (its frame lost with the connection)
 * no longer stands, and may be asked again.
 */

export const EPISODE_ANSWER_MS = 15_000;

export interface EpisodeAsk {
  /** The episode asked for. */
  episode: number;
  /** The room's episode when it was asked. */
  from: number | null;
  /** When it was asked (ms, the page's clock). */
  at: number;
}

/** Whether asking the room on `roomEpisode` for `episode` now repeats an ask still awaiting its answer, or asks for nothing new. */
export function repeatsAsk(asked: EpisodeAsk | null, episode: number, roomEpisode: number | null, now: number): boolean {
  if (episode === roomEpisode) return true;
  return asked !== null && asked.episode === episode && asked.from === roomEpisode && now - asked.at < EPISODE_ANSWER_MS;
}

/** The ask as it stands once the room says `roomEpisode`: answered (gone) when the room is on another episode than it was asked from. */
export function afterView(asked: EpisodeAsk | null, roomEpisode: number | null): EpisodeAsk | null {
  return asked !== null && asked.from === roomEpisode ? asked : null;
}

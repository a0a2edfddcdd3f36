/**
 * The episode a title page's address names (`?episode=`, a new-episode alert's link: lib/episode-link.ts),
 * for the player to open on. Read by the signed-in parts alone, so visitors' player carries none of it.
 */
import { EPISODE_PARAM } from '../../lib/episode-link.ts';

interface Seasons<E> { seasons: readonly { episodes: readonly E[] }[] }

/** One of the title's playable episodes, or null for no id, a malformed one, or another title's episode. */
export function addressedEpisode<E extends { id: number }>(model: Seasons<E>, search: string): E | null {
  const id = Number(new URLSearchParams(search).get(EPISODE_PARAM));
  return model.seasons.flatMap((s) => s.episodes).find((e) => e.id === id) ?? null;
}

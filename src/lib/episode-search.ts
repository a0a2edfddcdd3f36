/**
 * Episode search within the player's list: by name or number, case-blind. Apart from the player
 * model, so the visitor's player downloads only this.
 */
import type { Episode } from './player.ts';

export function findEpisodes(episodes: Episode[], query: string): Episode[] {
  const q = query.trim().toLowerCase();
  return q ? episodes.filter((e) => e.name.toLowerCase().includes(q)) : episodes;
}

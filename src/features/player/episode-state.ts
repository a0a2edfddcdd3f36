/**
 * How far a viewer is in each episode, as the episode list says it: watched, started (with how
 * far), or not started. Only the saved place knows a position, so one episode at most is "started".
 */
import { clockOf } from '../../../shared/clock.ts';
import { watchedWords } from '../../lib/watched-words.ts';

export type EpisodeState = { is: 'watched' } | { is: 'started'; position: number; duration: number | null } | { is: 'new' };

export interface SavedPlace { episode: number | null; position: number | null; duration: number | null }

export function episodeState(id: number, watched: ReadonlySet<number>, saved: SavedPlace | null): EpisodeState {
  if (watched.has(id)) return { is: 'watched' };
  if (saved && saved.episode === id && saved.position) return { is: 'started', position: saved.position, duration: saved.duration };
  return { is: 'new' };
}

/** The state in words, for the episode's accessible name. */
export function episodeStateWords(state: EpisodeState): string {
  if (state.is === 'watched') return 'просмотрена';
  if (state.is === 'new') return 'не начата';
  return state.duration ? `начата: ${clockOf(state.position)} из ${clockOf(state.duration)}` : `начата: ${clockOf(state.position)}`;
}

/** «Просмотрено 5 из 16» of the title's episodes (marks of episodes no longer in it are not counted). */
export function watchedSummary(episodeIds: readonly number[], watched: ReadonlySet<number>): string {
  return watchedWords(episodeIds.filter((id) => watched.has(id)).length, episodeIds.length);
}

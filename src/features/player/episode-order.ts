/**
 * Episodes in watching order across seasons: the one after (for the next-episode card and Shift+N),
 * the one before (Shift+P), and when the card starts counting down.
 */
import type { Segment } from '../../../shared/segments.ts';

interface Ordered<E> { seasons: readonly { episodes: readonly E[] }[] }

export interface Placed<E> {
  episode: E;
  seasonIndex: number;
  /** 1-based, within its season. */
  number: number;
}

export function watchingOrder<E extends { id: number }>(model: Ordered<E>): Placed<E>[] {
  return model.seasons.flatMap((s, seasonIndex) => s.episodes.map((episode, i) => ({ episode, seasonIndex, number: i + 1 })));
}

function step<E extends { id: number }>(model: Ordered<E>, id: number, by: 1 | -1): Placed<E> | null {
  const order = watchingOrder(model);
  const at = order.findIndex((p) => p.episode.id === id);
  return at < 0 ? null : order[at + by] ?? null;
}

export const episodeAfter = <E extends { id: number }>(model: Ordered<E>, id: number) => step(model, id, 1);
export const episodeBefore = <E extends { id: number }>(model: Ordered<E>, id: number) => step(model, id, -1);

/** The countdown before the next episode, in seconds. */
export const COUNTDOWN_SECONDS = 5;
/** With no ending set, the card comes this long before the end. */
export const CARD_BEFORE_END_SECONDS = 30;

/** The second the next-episode card appears: the ending's start, or 30 s before the end. */
export function cardFrom(length: number | null, segments: readonly Segment[]): number | null {
  const ending = segments.find((s) => s.kind === 'ending');
  if (ending) return ending.start;
  return length && length > CARD_BEFORE_END_SECONDS * 2 ? length - CARD_BEFORE_END_SECONDS : length;
}

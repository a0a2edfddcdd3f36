/**
 * What the player does inside a segment: which segment the second falls in, whether its button is
 * shown, whether it is skipped by itself, and where a skip lands. An ending that runs to the end
 * of the episode offers the next episode instead of a skip.
 */
import type { SkipChoice } from '../../../shared/player-settings.ts';
import type { Segment } from '../../../shared/segments.ts';

/** The skip button stays this long after the segment starts, and after the controls show again. */
export const SKIP_PROMPT_MS = 8_000;

/** An ending closer than this to the episode's end runs to the end. */
const TO_THE_END_SECONDS = 2;

export function segmentAt(segments: readonly Segment[], time: number): Segment | null {
  return segments.find((s) => time >= s.start && time < s.end) ?? null;
}

export const segmentKey = (s: Segment): string => `${s.kind}:${s.start}`;

/** The ending runs to the end of the episode: pressing it means the next episode. */
export function endsEpisode(s: Segment, length: number | null): boolean {
  return s.kind === 'ending' && !!length && s.end >= length - TO_THE_END_SECONDS;
}

export interface SkipState {
  /** The segment the viewer is in, and since when its prompt counts. */
  segment: Segment | null;
  promptSince: number;
  /** Segments the viewer chose to stay in (seeked back into, or undid a skip of). */
  stayed: ReadonlySet<string>;
}

export const NO_SEGMENT: SkipState = { segment: null, promptSince: 0, stayed: new Set() };

export type SkipDecision = { do: 'nothing' } | { do: 'prompt'; segment: Segment } | { do: 'skip'; segment: Segment };

/**
 * The next state and what to do at `time` (`now` in ms). `seeked` says the viewer got here by a seek,
 * not by playing on: a segment entered that way is theirs to watch and is never skipped by itself.
 */
export function onTime(state: SkipState, segments: readonly Segment[], time: number, now: number, choiceOf: (s: Segment) => SkipChoice, seeked: boolean): { state: SkipState; decision: SkipDecision } {
  const segment = segmentAt(segments, time);
  if (!segment) return { state: { ...state, segment: null }, decision: { do: 'nothing' } };
  const entered = !state.segment || segmentKey(state.segment) !== segmentKey(segment);
  let stayed = state.stayed;
  if (entered && seeked && time > segment.start + 0.5) stayed = new Set([...stayed, segmentKey(segment)]);
  const next: SkipState = { segment, promptSince: entered ? now : state.promptSince, stayed };
  const choice = choiceOf(segment);
  if (choice === 'off') return { state: next, decision: { do: 'nothing' } };
  if (choice === 'skip' && entered && !stayed.has(segmentKey(segment))) return { state: next, decision: { do: 'skip', segment } };
  return { state: next, decision: now - next.promptSince < SKIP_PROMPT_MS ? { do: 'prompt', segment } : { do: 'nothing' } };
}

/** The controls showed again while inside a segment: its prompt starts over. */
export function onControlsShown(state: SkipState, now: number): SkipState {
  return state.segment ? { ...state, promptSince: now } : state;
}

/** The viewer undid an automatic skip: back to the segment's start, and it stays theirs. */
export function onUndo(state: SkipState, segment: Segment): SkipState {
  return { ...state, stayed: new Set([...state.stayed, segmentKey(segment)]) };
}

/** Where a skip lands: just past the segment (the end of an episode is left to the next-episode card). */
export function skipTarget(s: Segment, length: number | null): number {
  return length ? Math.min(s.end, Math.max(0, length - 0.5)) : s.end;
}

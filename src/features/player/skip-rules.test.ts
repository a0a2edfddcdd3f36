import { describe, expect, it } from 'vitest';
import type { SkipChoice } from '../../../shared/player-settings.ts';
import type { Segment } from '../../../shared/segments.ts';
import { endsEpisode, NO_SEGMENT, onControlsShown, onTime, onUndo, segmentAt, SKIP_PROMPT_MS, skipTarget } from './skip-rules.ts';

const opening: Segment = { kind: 'opening', start: 30, end: 120 };
const ending: Segment = { kind: 'ending', start: 1300, end: 1400 };
const segments = [opening, ending];
const choose = (c: SkipChoice) => () => c;

describe('segmentAt', () => {
  it('finds the segment a second falls in, its end outside it', () => {
    expect(segmentAt(segments, 30)).toBe(opening);
    expect(segmentAt(segments, 119.9)).toBe(opening);
    expect(segmentAt(segments, 120)).toBeNull();
    expect(segmentAt(segments, 5)).toBeNull();
  });
});

describe('asking to skip', () => {
  it('shows the button for 8 s from the segment\'s start, and again when the controls show', () => {
    let { state, decision } = onTime(NO_SEGMENT, segments, 31, 1000, choose('ask'), false);
    expect(decision).toEqual({ do: 'prompt', segment: opening });
    ({ state, decision } = onTime(state, segments, 38, 1000 + SKIP_PROMPT_MS - 1, choose('ask'), false));
    expect(decision.do).toBe('prompt');
    ({ state, decision } = onTime(state, segments, 40, 1000 + SKIP_PROMPT_MS, choose('ask'), false));
    expect(decision.do).toBe('nothing');
    state = onControlsShown(state, 20_000);
    expect(onTime(state, segments, 50, 20_001, choose('ask'), false).decision.do).toBe('prompt');
  });
  it('shows nothing when the viewer chose «Не показывать»', () => {
    expect(onTime(NO_SEGMENT, segments, 31, 0, choose('off'), false).decision.do).toBe('nothing');
  });
});

describe('skipping by itself', () => {
  it('skips a segment played into, once', () => {
    const first = onTime(NO_SEGMENT, segments, 30.2, 0, choose('skip'), false);
    expect(first.decision).toEqual({ do: 'skip', segment: opening });
    expect(onTime(first.state, segments, 30.4, 250, choose('skip'), false).decision.do).toBe('prompt');
  });
  it('never throws out a viewer who seeked back into the segment, nor one who undid the skip', () => {
    const seeked = onTime(NO_SEGMENT, segments, 60, 0, choose('skip'), true);
    expect(seeked.decision.do).toBe('prompt');
    const undone = onUndo(onTime(NO_SEGMENT, segments, 30.1, 0, choose('skip'), false).state, opening);
    const out = onTime(undone, [opening, ending], 130, 1000, choose('skip'), false);
    expect(onTime(out.state, segments, 30, 2000, choose('skip'), true).decision.do).toBe('prompt');
  });
});

describe('the ending', () => {
  it('that runs to the end of the episode means the next episode', () => {
    expect(endsEpisode(ending, 1400)).toBe(true);
    expect(endsEpisode(ending, 1500)).toBe(false);
    expect(endsEpisode(opening, 120)).toBe(false);
  });
  it('is skipped to just before the end, so the episode ends by its own event', () => {
    expect(skipTarget(ending, 1400)).toBe(1399.5);
    expect(skipTarget(opening, 1400)).toBe(120);
    expect(skipTarget(opening, null)).toBe(120);
  });
});

import { describe, expect, it } from 'vitest';
import { clockTime, hear, stoppedClock, WHOLE_WORD_SLACK_S, type EmbedClock, type EmbedWord } from './embed-clock.ts';

/** The clock after each word, each heard at its own local time (ms). */
const after = (words: [number, EmbedWord][], from: EmbedClock = stoppedClock(0, 0)) =>
  words.reduce((clock, [at, word]) => hear(clock, word, at), from);

describe('an embed\'s clock', () => {
  it('stands still while paused and runs on from an exact word while playing', () => {
    const clock = after([[0, { type: 'exact', seconds: 100 }]]);
    expect(clockTime(clock, 5_000)).toBe(100);
    const playing = after([[1_000, { type: 'play' }], [1_500, { type: 'exact', seconds: 100.4 }]], clock);
    expect(clockTime(playing, 2_500)).toBeCloseTo(101.4, 6);
  });

  it('counts half the way back of an answer it asked for while playing', () => {
    const playing = after([[0, { type: 'exact', seconds: 10 }], [0, { type: 'play' }]]);
    const answered = after([[1_040, { type: 'exact', seconds: 11, askedAt: 1_000 }]], playing);
    expect(clockTime(answered, 1_040)).toBeCloseTo(11.02, 6);
    const paused = after([[1_040, { type: 'exact', seconds: 11, askedAt: 1_000 }]]);
    expect(clockTime(paused, 1_040)).toBe(11);
  });

  it('keeps its finer time against whole-second words that are its rounding, late by a little', () => {
    const playing = after([[0, { type: 'exact', seconds: 10.3 }], [0, { type: 'play' }]]);
    // At 1.2 s it stands at 11.5, which a late word may still call 11 or 12.
    expect(after([[1_200, { type: 'whole', seconds: 11 }]], playing)).toBe(playing);
    expect(after([[1_200, { type: 'whole', seconds: 12 }]], playing)).toBe(playing);
    expect(clockTime(after([[1_200, { type: 'whole', seconds: 11 }]], playing), 2_000)).toBeCloseTo(12.3, 6);
  });

  it('believes a whole-second word it cannot be the rounding of: the video jumped or stalled unsaid', () => {
    const playing = after([[0, { type: 'exact', seconds: 10 }], [0, { type: 'play' }]]);
    const stalled = after([[3_000, { type: 'whole', seconds: 11 }]], playing);
    expect(clockTime(stalled, 3_000)).toBe(11);
    expect(clockTime(stalled, 4_000)).toBe(12);
    const late = 0.5 + WHOLE_WORD_SLACK_S;
    expect(after([[1_000, { type: 'whole', seconds: 11 + late }]], playing)).toBe(playing);
  });

  it('stops where it stood on a pause, and runs at the embed\'s new speed from where it stood', () => {
    const playing = after([[0, { type: 'exact', seconds: 0 }], [0, { type: 'play' }]]);
    const paused = after([[2_000, { type: 'pause' }]], playing);
    expect(clockTime(paused, 9_000)).toBe(2);
    const faster = after([[2_000, { type: 'speed', speed: 1.25 }]], playing);
    expect(clockTime(faster, 4_000)).toBeCloseTo(4.5, 6);
  });
});

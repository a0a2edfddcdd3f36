/**
 * Where an embed's video stands between its words. An embed says exactly where it is when asked
 * (`get_time`'s answer) and where a seek ended; while it plays it also says its time in whole seconds
 * once a second; it says when it plays, pauses and changes speed. The clock runs on from the last
 * exact word at the embed's speed. A whole-second word is believed only when it cannot be the
 * rounding of where the clock stands (the video jumped or stalled without saying so): believing
 * every one would throw the clock up to half a second off each time.
 */

export interface EmbedClock {
  /** The second it stood at at local time `at` (ms), running on from there at `rate` while playing. */
  seconds: number;
  at: number;
  playing: boolean;
  rate: number;
}

export type EmbedWord =
  /** `askedAt`: when the answer was asked for (local ms); a playing video ran on for about half the way back. */
  | { type: 'exact'; seconds: number; askedAt?: number }
  | { type: 'whole'; seconds: number }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'speed'; speed: number };

/** A whole-second word may be this late on top of its rounding (its message waits for a busy page). */
export const WHOLE_WORD_SLACK_S = 0.25;

export const stoppedClock = (seconds: number, at: number): EmbedClock => ({ seconds, at, playing: false, rate: 1 });

export function clockTime(clock: EmbedClock, now: number): number {
  return clock.playing ? clock.seconds + ((now - clock.at) / 1000) * clock.rate : clock.seconds;
}

/** The clock after the embed's word, heard at local time `now`. */
export function hear(clock: EmbedClock, word: EmbedWord, now: number): EmbedClock {
  const here = clockTime(clock, now);
  switch (word.type) {
    case 'exact': {
      const onTheWay = clock.playing && word.askedAt !== undefined ? ((now - word.askedAt) / 2000) * clock.rate : 0;
      return { ...clock, seconds: word.seconds + onTheWay, at: now };
    }
    case 'whole':
      if (Math.abs(here - word.seconds) <= 0.5 + WHOLE_WORD_SLACK_S) return clock;
      return { ...clock, seconds: word.seconds, at: now };
    case 'play': return { ...clock, seconds: here, at: now, playing: true };
    case 'pause': return { ...clock, seconds: here, at: now, playing: false };
    case 'speed': return { ...clock, seconds: here, at: now, rate: word.speed };
  }
}

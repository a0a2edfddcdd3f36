/**
 * How a member's media catches up with the room: how far it is from where the room stands, and
 * what to do about it. Our aim is members within 100 ms of each other, which people do not notice
 * as out of step (a laugh or a gasp in the chat lands on the same frame).
 *
 * The reference points: Jellyfin's SyncPlay corrects small gaps by playback speed (SpeedToSync,
 * from about 100 ms) and large ones by a seek (SkipToSync, from about 400 ms); Syncplay slows a
 * member who is ahead and rewinds one more than seconds off. Speed is the gentle way: nothing jumps
 * and the sound only pitches a little; a seek stalls the picture while the media loads, so it is kept
 * for gaps speed would take long to close. Our figures:
 * - within DEAD_BAND_S (40 ms, under one frame at 24 fps plus a timer tick) nothing is done;
 * - our own <video> from there to SEEK_FROM_S (1 s) runs faster or slower by drift / 2 s, at most by
 *   25 % (a 1 s gap closes in about 4 s, a 100 ms one in 2 s, and the sound stays bearable), until back
 *   within the dead band;
 * - beyond 1 s it seeks: at a quarter faster a gap of seconds would take too long;
 * - an embed is asked its exact time four times a second (embed-clock.ts), so its gap is as real as
 *   our <video>'s; one that follows a speed change is corrected by speed alike, one that does not
 *   (it never says its new speed) only beyond 1 s, by a seek: a seek lands late by its own load, and a
 *   smaller threshold would seek again and again;
 * - for SETTLE_MS after a seek nothing is corrected: the media is still loading and its clock says
 *   nothing yet, and correcting then would seek again and again.
 */

export const DEAD_BAND_S = 0.04;
export const SEEK_FROM_S = 1;
export const MAX_RATE_CHANGE = 0.25;
/** The gap (s) whose correction runs at the full change: the rate is 1 ± drift / RATE_SPAN_S. */
export const RATE_SPAN_S = 2;
export const SETTLE_MS = 1_500;

export type Correction =
  | { do: 'nothing'; rate: 1 }
  | { do: 'rate'; rate: number }
  | { do: 'seek'; to: number };

export interface DriftInput {
  /** Where the room stands now (s). */
  target: number;
  /** Where the media stands (s). */
  actual: number;
  /** The media follows a speed change (our <video>, and an embed that says its new speed). */
  bySpeed: boolean;
  /** Since this member's last seek (ms); Infinity when none. */
  sinceSeekMs: number;
}

const NOTHING: Correction = { do: 'nothing', rate: 1 };

export function correction({ target, actual, bySpeed, sinceSeekMs }: DriftInput): Correction {
  if (sinceSeekMs < SETTLE_MS) return NOTHING;
  const drift = actual - target;
  // Rounded to the microsecond: times in seconds carry binary fractions (100 − 99.96 is 0.0400000…6).
  const gap = Math.round(Math.abs(drift) * 1e6) / 1e6;
  if (gap > SEEK_FROM_S) return { do: 'seek', to: target };
  if (!bySpeed || gap <= DEAD_BAND_S) return NOTHING;
  // Ahead (drift > 0) runs slower, behind runs faster.
  const change = Math.min(MAX_RATE_CHANGE, gap / RATE_SPAN_S);
  return { do: 'rate', rate: 1 - Math.sign(drift) * change };
}

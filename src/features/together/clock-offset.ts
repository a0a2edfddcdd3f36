/**
 * The server's clock as this browser sees it, from ping/pong round trips (the NTP way): a pong
 * says the server's time when it answered; taken as the middle of the round trip, the offset is
 * `server − (sent + received) / 2`, wrong by at most half the trip's asymmetry. Of the last
 * CLOCK_WINDOW samples the one with the shortest round trip is kept (NTP's minimum-delay filter,
 * which Jellyfin's SyncPlay uses too): a short trip had the least room for queueing on one side.
 * The round trip the server is told is the recent ones' median (see reportedRtt).
 */

/** Samples kept; the filter picks among them. */
export const CLOCK_WINDOW = 8;
/** Pings come quickly until the window is full, so the clock is good within seconds of entering. */
export const FAST_PING_MS = 1_000;
/** Then rarely: clocks drift by milliseconds an hour, the round trip is what mostly moves. */
export const SLOW_PING_MS = 10_000;

export interface ClockSample {
  /** Server time minus local time, ms. */
  offset: number;
  /** The round trip, ms. */
  rtt: number;
}

export interface Clock {
  /** The latest samples, oldest first, at most CLOCK_WINDOW. */
  samples: ClockSample[];
  /** Every sample ever taken, for the pace of pings. */
  taken: number;
}

export const NO_CLOCK: Clock = { samples: [], taken: 0 };

/** A sample from a pong: `sent` and `received` on the local clock, `server` on the server's. Null for a pong that cannot be ours. */
export function sampleOf(sent: number, received: number, server: number): ClockSample | null {
  if (![sent, received, server].every(Number.isFinite) || received < sent) return null;
  return { offset: server - (sent + received) / 2, rtt: received - sent };
}

export function addSample(clock: Clock, sample: ClockSample): Clock {
  return { samples: [...clock.samples, sample].slice(-CLOCK_WINDOW), taken: clock.taken + 1 };
}

function best(clock: Clock): ClockSample | null {
  let kept: ClockSample | null = null;
  for (const s of clock.samples) if (!kept || s.rtt < kept.rtt) kept = s;
  return kept;
}

/** Server time minus local time (ms): the offset of the quickest recent round trip; 0 before any. */
export function clockOffset(clock: Clock): number {
  return best(clock)?.offset ?? 0;
}

/**
 * The round trip told to the server with the next ping, which schedules a start the slowest member's
 * round trip ahead: the median of the recent ones. The latest alone would let one slow answer (a busy
 * tab, a hiccup of the network) push every start by up to the schedule's limit; the quickest would
 * promise more than a congested network keeps, and starts would reach this member late.
 */
export function reportedRtt(clock: Clock): number | undefined {
  const trips = clock.samples.map((s) => s.rtt).sort((a, b) => a - b);
  if (!trips.length) return undefined;
  const mid = trips.length >> 1;
  return trips.length % 2 ? trips[mid] : ((trips[mid - 1] ?? 0) + (trips[mid] ?? 0)) / 2;
}

/** How long until the next ping. */
export function nextPingIn(clock: Clock): number {
  return clock.taken < CLOCK_WINDOW ? FAST_PING_MS : SLOW_PING_MS;
}

/**
 * Signed addresses of kept episodes' videos. A video element sends no token, so a subscriber's player
 * gets, with the backend's leave, an address that carries its own: the episode and an end time, signed
 * with the backend's secret. Anyone holding it plays that episode until then, as with any signed link.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long an address plays: an episode, paused and resumed, within an evening. */
export const GRANT_MS = 6 * 3600_000;

export interface VideoGrant {
  /** The end, in whole seconds since 1970. */
  until: number;
  sig: string;
}

const signature = (episode: number, until: number, secret: string) =>
  createHmac('sha256', secret).update(`kept-video:${episode}:${until}`).digest('base64url');

export function grantFor(episode: number, secret: string, now = Date.now()): VideoGrant {
  const until = Math.floor((now + GRANT_MS) / 1000);
  return { until, sig: signature(episode, until, secret) };
}

/** Whether `until` and `sig`, as a request gives them, sign this episode and have not run out. */
export function grantHolds(episode: number, until: unknown, sig: unknown, secret: string, now = Date.now()): boolean {
  if (typeof until !== 'string' || !/^\d{1,12}$/.test(until) || typeof sig !== 'string' || !secret) return false;
  const end = Number(until);
  if (end * 1000 <= now) return false;
  const expected = Buffer.from(signature(episode, end, secret));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The address (under the backend) that plays the episode's video while the grant holds. */
export const grantedAddress = (episode: number, grant: VideoGrant) =>
  `/site/kept-videos/play/${episode}?until=${grant.until}&sig=${grant.sig}`;

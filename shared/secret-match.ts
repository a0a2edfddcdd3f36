/** Shared-secret check for server-to-server calls (the rebuild webhook and the backend's site routes). */
import { createHash, timingSafeEqual } from 'node:crypto';

/** The header the site signs its calls to the backend with: Directus reads any Authorization bearer as its own token. */
export const SITE_SECRET_HEADER = 'x-site-rebuild-secret';

/** Compares digests, so neither the content nor the length of the secret leaks through timing. */
export function secretMatches(given: string | undefined, secret: string): boolean {
  if (!given || !secret) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

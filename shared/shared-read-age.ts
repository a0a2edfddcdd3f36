/**
 * How old an answer to an anonymous read through the site's /api may be: the site server keeps one
 * for API_CACHE_TTL_MS for every visitor, and for API_CACHE_STALE_MS after that still serves it while
 * its successor is read (scripts/lib/api-cache.ts). The title page's reviews replay the live changes
 * of this long before a read over its answer (src/features/reviews/change-log.ts).
 */
export const API_CACHE_TTL_MS = 5_000;
export const API_CACHE_STALE_MS = 1_000;
export const SHARED_READ_MAX_AGE_MS = API_CACHE_TTL_MS + API_CACHE_STALE_MS;

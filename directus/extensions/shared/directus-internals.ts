/**
 * Every reach into Directus's private modules (`@directus/api/*`), in one place. Directus keeps no
 * promise about them between versions: after an upgrade, check each one here against the new
 * @directus/api (their types are declared in directus-api.d.ts), then run the API tests. No other
 * extension file imports `@directus/api/` (directus-internals.test.ts fails if one does).
 *
 * The bundles keep these imports as imports (extension-config.js), so each is the very module
 * Directus runs with: one bus, one Redis client, one set of limiters.
 */

/**
 * Directus's rate limiter, in memory or in Redis as RATE_LIMITER_STORE says, so every instance
 * counts together: the pace of writes, sign-in attempts, invoices per person.
 */
export { createRateLimiter } from '@directus/api/rate-limiter';

/** Directus's own reading of a duration setting ('10s', 10000): the refresh grace period. */
export { getMilliseconds } from '@directus/api/utils/get-milliseconds';

/**
 * Directus's per-address and global request limiters, as middleware: search reads are answered
 * before Directus's own middleware runs, and must stay behind the same limits.
 */
export { default as rateLimitAddress } from '@directus/api/middleware/rate-limiter-ip';
export { default as rateLimitAll } from '@directus/api/middleware/rate-limiter-global';

/**
 * Directus's Redis connection and whether it is configured: recent views are remembered there so
 * every instance agrees, with Directus's own options.
 */
export { redisConfigAvailable, useRedis } from '@directus/api/redis/index';

/**
 * The message bus (memory on one instance, Redis across several) that carries item events to
 * websocket subscribers: the fan-outs listen to it, and a removed reaction announces its review on it.
 */
export { useBus } from '@directus/api/bus/index';

/**
 * Directus's refusal to remove the last administrator, which it raises only after the delete's
 * filters: a person's files are removed in one (user-removal.ts), so it is asked there first.
 */
export { validateRemainingAdminUsers } from '@directus/api/permissions/modules/validate-remaining-admin/validate-remaining-admin-users';

/**
 * Directus's own check of a write's permissions, asked before the rules read anything (write-access.ts):
 * Directus asks it only after a write's filters.
 */
export { validateAccess } from '@directus/api/permissions/modules/validate-access/validate-access';

/**
 * Directus's resolution of a caller's policies and read permissions, with its cache: the query
 * guard and the fan-outs must see exactly the rules Directus applies.
 */
export { fetchPolicies } from '@directus/api/permissions/lib/fetch-policies';
export { fetchPermissions, type Permission } from '@directus/api/permissions/lib/fetch-permissions';

/**
 * What the fan-outs need to answer a subscription exactly as Directus would: its parser of
 * subscribe messages, its query sanitising, its read of an event's rows for one reader, its frames
 * and its error frames (WebSocketError also refuses subscriptions in realtime.ts).
 */
export { WebSocketSubscribeMessage } from '@directus/api/websocket/messages';
export { sanitizeQuery } from '@directus/api/utils/sanitize-query';
export { getPayload, type Subscription, type WebSocketEvent } from '@directus/api/websocket/utils/items';
export { fmtMessage } from '@directus/api/websocket/utils/message';
export { WebSocketError, handleWebSocketError } from '@directus/api/websocket/errors';

/**
 * Directus's realtime socket controller: the frame size limit (socket-size.ts) is set on its socket
 * server's options, which the server reads for every connection it opens; a session's end reaches
 * its open connections through the controller's set of them (socket-sessions.ts).
 */
export { getWebSocketController, type LiveSocket } from '@directus/api/websocket/controllers/index';

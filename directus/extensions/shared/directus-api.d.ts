/**
 * Types of the Directus modules directus-internals.ts reaches into: they ship without declarations.
 * Only what the extensions use is declared.
 */
declare module '@directus/api/permissions/lib/fetch-policies' {
  import type { Knex } from 'knex';
  import type { Accountability, SchemaOverview } from './directus.ts';
  export function fetchPolicies(accountability: Pick<Accountability, 'roles' | 'user' | 'ip'>, context: { knex: Knex; schema: SchemaOverview }): Promise<string[]>;
}

declare module '@directus/api/permissions/lib/fetch-permissions' {
  import type { Knex } from 'knex';
  import type { Accountability, SchemaOverview } from './directus.ts';
  export interface Permission {
    collection: string;
    action: 'create' | 'read' | 'update' | 'delete' | 'share';
    fields: string[] | null;
    permissions: Record<string, unknown> | null;
  }
  export function fetchPermissions(
    options: { action: 'read'; policies: string[]; accountability: Accountability; collections?: string[] },
    context: { knex: Knex; schema: SchemaOverview },
  ): Promise<Permission[]>;
}

declare module '@directus/api/permissions/modules/validate-remaining-admin/validate-remaining-admin-users' {
  import type { Knex } from 'knex';
  /** Refuses (UnprocessableContentError) when no active administrator is left once `excludeUsers` are gone. */
  export function validateRemainingAdminUsers(options: { excludeUsers: string[] }, context: { knex: Knex }): Promise<void>;
}

declare module '@directus/api/permissions/modules/validate-access/validate-access' {
  import type { Knex } from 'knex';
  import type { Accountability, SchemaOverview } from './directus.ts';
  /** Refuses (ForbiddenError) a caller who has no permission to `action` the collection at all. */
  export function validateAccess(
    options: { accountability: Accountability; action: 'create' | 'read' | 'update' | 'delete'; collection: string },
    context: { knex: Knex; schema: SchemaOverview },
  ): Promise<void>;
}

declare module '@directus/api/rate-limiter' {
  import type { RateLimiterAbstract } from 'rate-limiter-flexible';
  export function createRateLimiter(configPrefix: string, overrides?: Partial<{ keyPrefix: string; points: number; duration: number }>): RateLimiterAbstract;
}

declare module '@directus/api/websocket/errors' {
  /** An error sent to one websocket client, answering the message with this `uid`. */
  export class WebSocketError extends Error {
    constructor(type: string, code: string, message: string, uid?: string | number);
  }
}

declare module '@directus/api/websocket/errors' {
  /** Sends a refusal to the client in Directus's error frame. */
  export function handleWebSocketError(client: { send(data: string): void }, error: unknown, type: string): void;
}

declare module '@directus/api/bus/index' {
  /** The message bus: in memory on one instance, Redis across several. */
  export function useBus(): {
    subscribe(channel: string, callback: (message: any) => void): Promise<void>;
    publish(channel: string, message: unknown): Promise<void>;
  };
}

declare module '@directus/api/utils/sanitize-query' {
  import type { Accountability, SchemaOverview } from './directus.ts';
  export function sanitizeQuery(query: Record<string, unknown>, schema: SchemaOverview, accountability: Accountability | null): Promise<Record<string, unknown>>;
}

declare module '@directus/api/websocket/messages' {
  /** Directus's parser of subscribe and unsubscribe messages (zod). */
  export const WebSocketSubscribeMessage: {
    parse(message: unknown): { type: 'subscribe' | 'unsubscribe'; uid?: string | number; collection?: string; event?: 'create' | 'update' | 'delete'; item?: string | number; query?: Record<string, unknown> };
  };
}

declare module '@directus/api/websocket/utils/items' {
  import type { Accountability, SchemaOverview } from './directus.ts';
  /** An item event as Directus publishes it on the bus. */
  export type WebSocketEvent =
    | { collection: string; action: 'create'; key: string | number; payload: unknown }
    | { collection: string; action: 'update' | 'delete'; keys: (string | number)[]; payload: unknown };
  /** `item`, when there, is read alone (readOne): it must never be present and undefined, as Directus tests `'item' in`. */
  export interface Subscription { collection: string; event?: 'create' | 'update' | 'delete'; item?: string; query?: Record<string, unknown>; uid?: string }
  /** What Directus sends a subscriber: the init snapshot, or an event's rows as this reader may read them. */
  export function getPayload(subscription: Subscription, accountability: Accountability | null, schema: SchemaOverview, event?: WebSocketEvent): Promise<Record<string, unknown>>;
}

declare module '@directus/api/websocket/utils/message' {
  export function fmtMessage(type: string, data?: Record<string, unknown>, uid?: string): string;
}

declare module '@directus/api/utils/get-milliseconds' {
  /** Directus's reading of a duration setting ('10s', 10000). */
  export function getMilliseconds(value: unknown, fallback: number): number;
}

declare module '@directus/api/middleware/rate-limiter-ip' {
  import type { RequestHandler } from 'express';
  /** Directus's limiter of requests per address (RATE_LIMITER_*); passes everything when it is off. */
  const checkRateLimit: RequestHandler;
  export default checkRateLimit;
}

declare module '@directus/api/middleware/rate-limiter-global' {
  import type { RequestHandler } from 'express';
  /** Directus's limiter of all requests together (RATE_LIMITER_GLOBAL_*); passes everything when it is off. */
  const checkRateLimit: RequestHandler;
  export default checkRateLimit;
}

declare module '@directus/api/redis/index' {
  import type { Redis } from 'ioredis';
  /** Whether Directus runs with Redis (REDIS, or REDIS_HOST, REDIS_PORT ...). */
  export function redisConfigAvailable(): boolean;
  /** Directus's own Redis client, made from that configuration on first use. */
  export function useRedis(): Redis;
}

declare module '@directus/api/websocket/controllers/index' {
  import type { Accountability } from './directus.ts';
  /** An open connection, as the controller keeps it: its sign-in, its token's expiry (seconds) and the timer that ends it. */
  export interface LiveSocket {
    accountability: Accountability | null;
    expires_at: number | null;
    auth_timer: ReturnType<typeof setTimeout> | null;
    send(data: string): void;
  }
  /** The REST realtime controller (undefined when WEBSOCKETS_REST_ENABLED is off), with its `ws` server and open connections. */
  export function getWebSocketController(): { server: { options: { maxPayload?: number } }; clients: Set<LiveSocket> } | undefined;
}

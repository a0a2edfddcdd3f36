/**
 * Directus's own permission resolution, used by the query guard so it sees exactly the rules
 * Directus applies (policies of the caller's roles, the public policy, minimal app access),
 * with Directus's cache. These modules ship without type declarations.
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

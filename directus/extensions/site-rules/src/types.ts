/** The slice of Directus's hook context the rules use. */
import type { Knex } from 'knex';
import type { Actor } from '../../shared/accountability.ts';

export type Payload = Record<string, any>;
export interface Meta { keys?: (string | number)[]; key?: string | number; collection?: string }
export interface Context { database: Knex; accountability: Actor | null }
export type Filter = (payload: Payload, meta: Meta, context: Context) => Payload | Promise<Payload>;
export type Action = (meta: Meta & { payload: Payload }, context: Context) => void | Promise<void>;
export interface Register {
  filter(event: string, handler: Filter): void;
  action(event: string, handler: Action): void;
  init(event: string, handler: (meta: { app: RouteApp }) => void): void;
}

type Middleware = (req: { accountability?: (Actor & { app?: boolean }) | null; headers: Record<string, string | string[] | undefined> }, res: unknown, next: (err?: unknown) => void) => void;
export interface RouteApp { post(path: string, handler: Middleware): void }

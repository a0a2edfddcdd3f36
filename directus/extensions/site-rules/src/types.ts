/** The slice of Directus's hook registration the rules use, with the payload shape they handle. */
import type { Knex } from 'knex';
import type { Actor } from '../../shared/accountability.ts';
import type { EventContext, RegisterFunctions } from '../../shared/directus.ts';

export type Payload = Record<string, any>;
export interface Meta { keys?: (string | number)[]; key?: string | number; collection?: string; [other: string]: unknown }
export interface Context { database: Knex; accountability: Actor | null }

type Handler = (payload: Payload, meta: Meta, context: EventContext) => Payload | Promise<Payload>;
type ActionHandler = (meta: Meta & { payload?: Payload }, context: EventContext) => void | Promise<void>;

export interface Register {
  filter(event: string, handler: Handler): void;
  action(event: string, handler: ActionHandler): void;
  init: RegisterFunctions['init'];
}

/** Directus's own types for what hooks and endpoints receive, reached through its extensions package. */
import type { RegisterFunctions } from '@directus/extensions';

type FilterHandler = Parameters<RegisterFunctions['filter']>[1];
export type EventContext = Parameters<FilterHandler>[2];
export type Accountability = NonNullable<EventContext['accountability']>;
export type SchemaOverview = NonNullable<EventContext['schema']>;
export type Relation = SchemaOverview['relations'][number];
export type { RegisterFunctions };

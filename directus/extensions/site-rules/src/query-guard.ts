/**
 * Runs the size of a query's lists (query-size.ts) and the read-through-filters rule (query-check.ts)
 * on every query of everyone but administrators, and the reach of its fields (field-reach.ts) on those
 * of everyone without the admin app too: REST, GraphQL, websockets, exports; Directus's own collections
 * included.
 */
import { systemCollectionNames } from '@directus/system-data';
import type { EventContext, RegisterFunctions } from '../../shared/directus.ts';
import { checkReadReach } from './field-reach.ts';
import { checkQuerySize } from './query-size.ts';
import { QueryCheck, type Query } from './query-check.ts';
import { readAccess } from './read-access.ts';
import { isTree } from '../../shared/tree.ts';

/** Directus names the query event of its own collections after them, without the prefix. */
export const SYSTEM_QUERY_EVENTS = systemCollectionNames.map((c) => `${c.replace(/^directus_/, '')}.query`);

export function registerQueryGuard({ filter }: Pick<RegisterFunctions, 'filter'>): void {
  const guard = async (query: unknown, meta: Record<string, unknown>, { accountability, schema, database }: EventContext) => {
    // Calls without accountability are Directus's own; administrators read everything anyway.
    if (!accountability || accountability.admin || !schema || typeof meta.collection !== 'string' || !isTree(query)) return query;
    checkQuerySize(query);
    // Editors' admin app reads wide records; they are trusted with its cost. Cost first: its refusals are 400s.
    if (!accountability.app) checkReadReach(schema, meta.collection, query);
    const access = await readAccess(accountability, { knex: database, schema });
    new QueryCheck(schema, access, { app: accountability.app }).query(meta.collection, query as Query);
    return query;
  };
  for (const event of ['items.query', ...SYSTEM_QUERY_EVENTS]) filter(event, guard);
}


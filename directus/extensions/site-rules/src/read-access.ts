/** What a caller may read (collection-access.ts), from Directus's own resolution of their policies. */
import type { Knex } from 'knex';
import { fetchPermissions, fetchPolicies } from '../../shared/directus-internals.ts';
import type { Accountability, SchemaOverview } from '../../shared/directus.ts';
import { accessFrom, type ReadAccess } from './collection-access.ts';

export async function readAccess(accountability: Accountability, context: { knex: Knex; schema: SchemaOverview }): Promise<ReadAccess> {
  const policies = await fetchPolicies(accountability, context);
  return accessFrom(await fetchPermissions({ action: 'read', policies, accountability }, context));
}

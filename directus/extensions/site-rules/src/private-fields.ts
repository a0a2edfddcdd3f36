/**
 * Private user fields stay private in queries too. A member may read their own email, role and
 * plan (the "own profile" policy), and Directus then lets them filter, sort or group *every* user
 * by those fields: `filter[email][_eq]=…` would tell which account owns an address and
 * `filter[role][_eq]=…` who pays. So signed-in callers may query users, however the path reaches
 * them (`/users`, `user_created.email`, `deep`), by the public profile fields only.
 */
import { PUBLIC_USER_FIELDS } from '../../../access/policies.ts';
import { isPrivileged, type Actor } from '../../shared/accountability.ts';
import { forbidden } from '../../shared/errors.ts';
import type { Register } from './types.ts';

interface Relation { collection: string; field: string; related_collection: string | null; meta?: { one_field?: string | null } | null }
interface Schema { relations: Relation[] }
type Tree = Record<string, unknown>;

const USERS = 'directus_users';
const isTree = (v: unknown): v is Tree => !!v && typeof v === 'object' && !Array.isArray(v);

/** The collection a field leads to (m2o or o2m), or null for a plain column. */
function target(schema: Schema, collection: string, field: string): string | null {
  const m2o = schema.relations.find((r) => r.collection === collection && r.field === field);
  if (m2o?.related_collection) return m2o.related_collection;
  return schema.relations.find((r) => r.related_collection === collection && r.meta?.one_field === field)?.collection ?? null;
}

function checkField(collection: string, key: string): string {
  const field = /^\w+\((\w+)\)$/.exec(key)?.[1] ?? key;
  if (collection === USERS && !PUBLIC_USER_FIELDS.includes(field)) forbidden();
  return field;
}

function checkFilter(schema: Schema, collection: string, filter: unknown): void {
  if (Array.isArray(filter)) return filter.forEach((f) => checkFilter(schema, collection, f));
  if (!isTree(filter)) return;
  for (const [key, value] of Object.entries(filter)) {
    if (key === '_and' || key === '_or' || key === '_some' || key === '_none') checkFilter(schema, collection, value);
    else if (!key.startsWith('_')) {
      const next = target(schema, collection, checkField(collection, key));
      if (next) checkFilter(schema, next, value);
    }
  }
}

function checkPath(schema: Schema, collection: string, path: string): void {
  let at: string | null = collection;
  for (const part of path.replace(/^-/, '').split('.')) {
    if (!at) return;
    at = target(schema, at, checkField(at, part));
  }
}

function checkDeep(schema: Schema, collection: string, deep: unknown): void {
  if (!isTree(deep)) return;
  for (const [key, value] of Object.entries(deep)) {
    if (key === '_filter') checkFilter(schema, collection, value);
    else if (key === '_sort' || key === '_group') [value].flat().forEach((p) => typeof p === 'string' && checkPath(schema, collection, p));
    else if (!key.startsWith('_')) {
      const next = target(schema, collection, key.split(':')[0]);
      if (next) checkDeep(schema, next, value);
    }
  }
}

interface Query { filter?: unknown; sort?: unknown; group?: unknown; aggregate?: Record<string, unknown>; deep?: unknown }

export function registerPrivateFieldRules({ filter }: Register): void {
  const guard = (query: Query, collection: string | undefined, accountability: (Actor & { app?: boolean }) | null, schema: Schema | undefined) => {
    // Admins and editors (app users) read these fields on every row anyway.
    if (isPrivileged(accountability) || accountability?.app || !collection || !schema) return query;
    checkFilter(schema, collection, query.filter);
    for (const p of [query.sort, query.group].flat()) if (typeof p === 'string') checkPath(schema, collection, p);
    for (const fields of Object.values(query.aggregate ?? {})) [fields].flat().forEach((f) => typeof f === 'string' && f !== '*' && checkPath(schema, collection, f));
    checkDeep(schema, collection, query.deep);
    return query;
  };
  filter('items.query', (query, meta, ctx) => guard(query, meta.collection, ctx.accountability, (ctx as { schema?: Schema }).schema));
  filter('users.query', (query, _meta, ctx) => guard(query, USERS, ctx.accountability, (ctx as { schema?: Schema }).schema));
}

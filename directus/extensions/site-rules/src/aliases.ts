/** What a read's aliases need once Directus knows the collection read. */
import type { SchemaOverview } from '../../shared/directus.ts';
import { isTree } from '../../shared/tree.ts';
import { linkOf } from './query-check.ts';
import { aliasTakenError } from './query-shape.ts';

interface Read {
  collection: string;
  alias: unknown;
  deep: unknown;
}

/**
 * The first alias of `query` named as a field of its read's collection, as an error, or null. At the
 * root and in every nested read: GraphQL sends `series { id: season { id } }` as the nested read's
 * `_alias`, and an alias over the key there made Directus fail merging the nested rows as at the root.
 */
export function takenAliasError(schema: SchemaOverview, collection: string, query: { alias?: unknown; deep?: unknown }): string | null {
  const reads: Read[] = [{ collection, alias: query.alias, deep: query.deep }];
  while (reads.length) {
    const read = reads.pop()!;
    const fields = schema.collections[read.collection]?.fields;
    const error = fields ? aliasTakenError(read.alias, fields) : null;
    if (error) return error;
    if (!isTree(read.deep)) continue;
    const names = isTree(read.alias) ? read.alias : {};
    for (const [key, level] of Object.entries(read.deep)) {
      if (key.startsWith('_') || !isTree(level)) continue;
      const named = names[key];
      const target = linkOf(schema, read.collection, typeof named === 'string' ? named : key)?.target;
      if (target) reads.push({ collection: target, alias: level._alias, deep: level });
    }
  }
  return null;
}

/**
 * The fields to read, the key added, when every field named is an alias of a column or a link (not a
 * list): Directus then answered each row as its bare key (`alias[x]=name&fields=x` gave `[1, 2]`),
 * and an export of it failed. Null when the fields need nothing.
 */
export function fieldsWithKey(schema: SchemaOverview, collection: string, query: { alias?: unknown; fields?: unknown }): string[] | null {
  const key = schema.collections[collection]?.primary;
  const { alias, fields } = query;
  if (!key || !isTree(alias) || !Array.isArray(fields) || fields.length === 0) return null;
  const renamesColumn = (field: unknown) => typeof field === 'string' && typeof alias[field] === 'string'
    && linkOf(schema, collection, alias[field])?.kind !== 'o2m';
  return fields.every(renamesColumn) ? [...fields, key] : null;
}

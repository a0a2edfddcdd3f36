/**
 * An alias against the fields of the collection it is read in, at the root and in every nested read:
 * GraphQL sends `series { id: season { id } }` as the nested read's `_alias`, and an alias over the
 * key there made Directus fail merging the nested rows as it did at the root.
 */
import type { SchemaOverview } from '../../shared/directus.ts';
import { isTree } from '../../shared/tree.ts';
import { linkOf } from './query-check.ts';
import { aliasTakenError } from './query-shape.ts';

interface Read {
  collection: string;
  alias: unknown;
  deep: unknown;
}

/** The first alias of `query` named as a field of its read's collection, as an error, or null. */
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

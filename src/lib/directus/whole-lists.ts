/**
 * Directus answers at most its default query limit (100) of any nested list unless the query asks
 * for more, and says nothing of the rest: a title's 101st actor would vanish from its cast and its
 * page from the actor's. `wholeLists` is the `deep` that asks for every row of every nested list a
 * field list names, at every depth; `_limit` on a relation to one row is harmless.
 */
import type { QueryDeep } from '@directus/sdk';
import type { Schema } from './schema.ts';

type FieldList = readonly (string | { readonly [field: string]: FieldList })[];
type Deep = { [field: string]: Deep | number | readonly string[] };

function deepOf(fields: FieldList): Deep {
  const deep: Deep = {};
  for (const entry of fields) {
    if (typeof entry === 'string') continue;
    for (const [field, nested] of Object.entries(entry)) deep[field] = { _limit: -1, ...deepOf(nested) };
  }
  return deep;
}

/** Every nested list in full; `own` adds a relation's own options (its order), or a bound of its own. */
export function wholeLists<Item>(fields: FieldList, own?: QueryDeep<Schema, Item>): QueryDeep<Schema, Item> {
  const deep = deepOf(fields);
  for (const [field, options] of Object.entries((own ?? {}) as Deep)) {
    const whole = deep[field];
    deep[field] = typeof whole === 'object' && typeof options === 'object' && !Array.isArray(options) ? { ...whole, ...options } : options;
  }
  return deep as QueryDeep<Schema, Item>;
}

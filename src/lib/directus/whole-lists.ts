/**
 * Directus answers at most its default query limit (100) of any nested list unless the query asks
 * for more, and says nothing of the rest: a title's 101st actor would vanish from its cast and its
 * page from the actor's. `wholeLists` is the `deep` that asks for every row of every nested list a
 * field list names, at every depth; `_limit` on a relation to one row is harmless. A read's own
 * options (an order, a bound of its own) are laid over it at any depth.
 */
import type { QueryDeep } from '@directus/sdk';
import type { Schema } from './schema.ts';

type FieldList = readonly (string | { readonly [field: string]: FieldList })[];
type Deep = { [field: string]: unknown };

const isLevel = (value: unknown): value is Deep => typeof value === 'object' && value !== null && !Array.isArray(value);

function deepOf(fields: FieldList): Deep {
  const deep: Deep = {};
  for (const entry of fields) {
    if (typeof entry === 'string') continue;
    for (const [field, nested] of Object.entries(entry)) deep[field] = { _limit: -1, ...deepOf(nested) };
  }
  return deep;
}

/**
 * `own` laid over `deep`: its options replace, its relations go on down, so `{ title: EPISODES_DEEP }`
 * orders the title's episodes and still reads their segments and the title's other lists whole.
 */
function laidOver(deep: Deep, own: Deep): Deep {
  const out = { ...deep };
  for (const [key, value] of Object.entries(own)) {
    const under = out[key];
    out[key] = isLevel(value) && isLevel(under) ? laidOver(under, value) : value;
  }
  return out;
}

/** Every nested list in full; `own` adds a relation's own options (its order), or a bound of its own. */
export function wholeLists<Item>(fields: FieldList, own?: QueryDeep<Schema, Item>): QueryDeep<Schema, Item> {
  return laidOver(deepOf(fields), (own ?? {}) as Deep) as QueryDeep<Schema, Item>;
}

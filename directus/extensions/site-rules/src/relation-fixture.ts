/** Schema relations for the rules' unit tests, shaped as Directus's schema overview holds them. */
import type { Relation } from '../../shared/directus.ts';

/** A many-to-one field, and the one-to-many field on its target when it has one. */
export function relation(collection: string, field: string, target: string | null, oneField: string | null = null): Relation {
  return {
    collection, field, related_collection: target, schema: null,
    meta: {
      id: 1, many_collection: collection, many_field: field, one_collection: target, one_field: oneField,
      one_collection_field: null, one_allowed_collections: null, one_deselect_action: 'nullify', junction_field: null, sort_field: null,
    },
  };
}

/** Schema relations and collections for the rules' unit tests, shaped as Directus's schema overview holds them. */
import type { Relation, SchemaOverview } from '../../shared/directus.ts';

type CollectionOverview = SchemaOverview['collections'][string];

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

/** A collection whose `aliases` are fields without a column of their own (lists of related rows). */
export function collectionWithAliases(collection: string, aliases: string[]): CollectionOverview {
  const alias = (field: string): CollectionOverview['fields'][string] => ({
    field, defaultValue: null, nullable: true, generated: false, type: 'alias', dbType: null, precision: null, scale: null,
    special: ['o2m'], note: null, validation: null, alias: true, searchable: false,
  });
  return {
    collection, primary: 'id', singleton: false, sortField: null, note: null, accountability: 'all',
    fields: Object.fromEntries(aliases.map((field) => [field, alias(field)])),
  };
}

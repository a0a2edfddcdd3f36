/** Nested field lists (shared/card-fields.ts) as the REST API's `fields` parameter names them. */
type Fields = readonly (string | { readonly [relation: string]: Fields })[];

export const restFields = (fields: Fields, prefix = ''): string[] =>
  fields.flatMap((f) => (typeof f === 'string' ? [prefix + f] : Object.entries(f).flatMap(([relation, inner]) => restFields(inner, `${prefix}${relation}.`))));

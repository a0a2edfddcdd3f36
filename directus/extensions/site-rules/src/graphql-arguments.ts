/**
 * The query shape check (query-shape.ts) for a GraphQL document's arguments. Directus turns them
 * into a query without it, so `sort: [null]`, `groupBy: [null]` or
 * `filter: { series: { _some: null } }` failed inside Directus (an unexplained error in the
 * answer). An empty or zero `id` (`titles_by_id(id: "")`) read the whole list as if it were one
 * row, and `ids: [null]` failed writing the activity log. An alias is a plain name, as REST's
 * (`_sort: series` and `constructor: series` failed merging rows).
 */
import { BREAK, Kind, valueFromASTUntyped, visit, type DocumentNode } from 'graphql';
import { ALIAS_SHAPE, aliasNameFits, queryShapeError } from './query-shape.ts';
import { KEYS_SHAPE, listsKeys } from './write-lists.ts';

export const BLANK_ID = 'Параметр id: ключ записи не может быть пустым или нулём';

/** The first shape error of one field's arguments, or null. */
function fieldArgumentsError(args: Record<string, unknown>): string | null {
  // Directus reads a falsy id (`""`, `0`) as none, and answered the whole list as one row.
  if (args.id !== undefined && !args.id) return BLANK_ID;
  if (args.ids !== undefined && !listsKeys(args.ids)) return KEYS_SHAPE;
  return queryShapeError({ filter: args.filter, sort: args.sort, groupBy: args.groupBy });
}

/**
 * The first shape error of any field's arguments in `document`, or null: with the variables sent, and
 * each operation's defaults (`query($s: [String] = [null])`) where a variable is not sent.
 */
export function argumentsShapeError(document: DocumentNode, sent: Record<string, unknown> = {}): string | null {
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const variableSets = operations.length ? operations.map((operation) => ({
    ...Object.fromEntries((operation.variableDefinitions ?? []).flatMap((v) => (v.defaultValue ? [[v.variable.name.value, valueFromASTUntyped(v.defaultValue)]] : []))),
    ...sent,
  })) : [sent];
  let error: string | null = null;
  for (const variables of variableSets) {
    visit(document, {
      Field(node) {
        if (node.alias && !aliasNameFits(node.alias.value)) error = ALIAS_SHAPE;
        else if (node.arguments?.length) error = fieldArgumentsError(Object.fromEntries(node.arguments.map((a) => [a.name.value, valueFromASTUntyped(a.value, variables)])));
        return error ? BREAK : undefined;
      },
    });
    if (error) return error;
  }
  return null;
}

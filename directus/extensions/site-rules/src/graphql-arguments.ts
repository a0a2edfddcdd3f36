/**
 * The query shape check (query-shape.ts) for a GraphQL document's arguments. Directus turns them into a
 * query without it, so `sort: [null]`, `groupBy: [null]` or `filter: { series: { _some: null } }`
 * failed inside Directus (an unexplained error in the answer). An empty `id` (`titles_by_id(id: "")`)
 * read the whole list as if it were one row, and `ids: [null]` failed writing the activity log.
 */
import { BREAK, valueFromASTUntyped, visit, type DocumentNode } from 'graphql';
import { queryShapeError } from './query-shape.ts';
import { KEYS_SHAPE, listsKeys } from './write-lists.ts';

export const BLANK_ID = 'Параметр id: ключ записи не может быть пустым';

/** The first shape error of any field's arguments in `document`, its variables filled in, or null. */
export function argumentsShapeError(document: DocumentNode, variables: Record<string, unknown> = {}): string | null {
  let error: string | null = null;
  visit(document, {
    Field(node) {
      if (!node.arguments?.length) return undefined;
      const args = Object.fromEntries(node.arguments.map((a) => [a.name.value, valueFromASTUntyped(a.value, variables)]));
      if (args.id === '') error = BLANK_ID;
      else if (args.ids !== undefined && !listsKeys(args.ids)) error = KEYS_SHAPE;
      else error = queryShapeError({ filter: args.filter, sort: args.sort, groupBy: args.groupBy });
      return error ? BREAK : undefined;
    },
  });
  return error;
}

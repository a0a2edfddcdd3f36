/**
 * A GraphQL operation's variables, checked against the types they are declared with as GraphQL itself
 * coerces them, before Directus runs the operation. A variable missing, null where it is required or of
 * another type made GraphQL answer no data, which Directus passed on as «An unexpected error occurred.»
 * inside a 200.
 */
import { Kind, getVariableValues, print, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';

/** Several operations and no name of one, or a name of none: GraphQL refused it, and Directus passed that on as «An unexpected error occurred.». */
export const OPERATION_UNCHOSEN = 'В запросе должна быть одна операция, или в operationName — имя одной из них';

export const variableMisfit = (name: string, type: string) => `Переменная $${name} не передана или не подходит к своему типу ${type}`;

/**
 * The operation a request runs: the one it names, else the only one; null where GraphQL refuses the
 * choice itself. A falsy name is none, as Directus passes it on; a name of another type names nothing.
 */
export function operationOf(document: DocumentNode, name: unknown): OperationDefinitionNode | null {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (!name) return operations.length === 1 ? operations[0]! : null;
  return operations.find((o) => o.name?.value === name) ?? null;
}

/** The refusal of the first of the operation's variables that its declared type does not take, or null. */
export function variableError(schema: GraphQLSchema, operation: OperationDefinitionNode, variables: Record<string, unknown>): string | null {
  for (const definition of operation.variableDefinitions ?? []) {
    const { errors } = getVariableValues(schema, [definition], variables, { maxErrors: 1 });
    if (errors?.length) return variableMisfit(definition.variable.name.value, print(definition.type));
  }
  return null;
}

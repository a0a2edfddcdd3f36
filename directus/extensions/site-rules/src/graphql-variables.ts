/**
 * A GraphQL operation's variables, checked against the types they are declared with as GraphQL itself
 * coerces them, before Directus runs the operation. A variable missing, null where it is required or of
 * another type made GraphQL answer no data, which Directus passed on as «An unexpected error occurred.»
 * inside a 200.
 */
import { Kind, getVariableValues, print, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';

export const variableMisfit = (name: string, type: string) => `Переменная $${name} не передана или не подходит к своему типу ${type}`;

/** The operation a request runs: the one it names, else the only one; null where GraphQL refuses the choice itself. */
export function operationOf(document: DocumentNode, name: unknown): OperationDefinitionNode | null {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (typeof name === 'string' && name !== '') return operations.find((o) => o.name?.value === name) ?? null;
  return operations.length === 1 ? operations[0]! : null;
}

/** The refusal of the first of the operation's variables that its declared type does not take, or null. */
export function variableError(schema: GraphQLSchema, operation: OperationDefinitionNode, variables: Record<string, unknown>): string | null {
  for (const definition of operation.variableDefinitions ?? []) {
    const { errors } = getVariableValues(schema, [definition], variables, { maxErrors: 1 });
    if (errors?.length) return variableMisfit(definition.variable.name.value, print(definition.type));
  }
  return null;
}

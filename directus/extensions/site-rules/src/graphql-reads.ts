/**
 * What a GraphQL operation may ask. It reads once for every field at its root, so one request could
 * hold hundreds of reads (`a1: titles(limit: 5000) { … } … a250: titles(…)`), each as large as a
 * REST call may be: 250 of them made Directus answer 13 MB for the demo's 30 titles. For callers
 * without the admin app an operation reads at most MAX_GRAPHQL_READS fields at its root; the reads
 * themselves meet the same rules as REST's (field-reach.ts), and their arguments the same shape
 * check, for everyone (graphql-arguments.ts), and its variables their declared types
 * (graphql-variables.ts). A document asks at most MAX_GRAPHQL_FIELDS fields in
 * all, a fragment's counted wherever it is spread: GraphQL's check that fields of one answer can
 * merge compares them pair by pair, and a visitor's 15 KB naming `id` 4,900 times held Directus's
 * one thread for 2.7 s; one fragment spread under every alias of every read made one read's answer a
 * hundred times over. And what REST's routes hold to rules of their own is not asked here around
 * them: signing in and out and resetting a password for nobody (the limits on attempts and letters
 * and the tokens' binding to their session are on the routes, site-auth), hashing and the backend's
 * full health for administrators alone (utility-routes.ts, server-health.ts), importing a file by
 * its address for the admin app's people alone (uploads.ts).
 */
import { ForbiddenError, InvalidQueryError } from '@directus/errors';
import type { Request } from 'express';
import { Kind, parse, type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema, type SelectionSetNode } from 'graphql';
import { isStaff } from '../../shared/accountability.ts';
import { isTree } from '../../shared/tree.ts';
import type { Accountability, SchemaOverview } from '../../shared/directus.ts';
import { argumentsShapeError } from './graphql-arguments.ts';
import { OPERATION_UNCHOSEN, operationOf, variableError } from './graphql-variables.ts';
import type { Register } from './types.ts';

export const MAX_GRAPHQL_READS = 10;

export const TOO_MANY_READS = `В одном запросе GraphQL не больше ${MAX_GRAPHQL_READS} чтений`;

export const MAX_GRAPHQL_FIELDS = 200;

export const TOO_MANY_FIELDS = `В одном запросе GraphQL не больше ${MAX_GRAPHQL_FIELDS} полей`;

/** Sign-out too: REST's routes alone open the sealed refresh token it names (site-auth). */
export const SIGN_IN_MUTATIONS: ReadonlySet<string> = new Set(['auth_login', 'auth_refresh', 'auth_logout', 'auth_password_request', 'auth_password_reset']);

export const SIGN_IN_ON_REST = 'Вход, выход и смена пароля — только через /auth';

/** Root fields for administrators alone, as their REST routes are. */
export const ADMIN_FIELDS: ReadonlySet<string> = new Set(['utils_hash_generate', 'utils_hash_verify', 'server_health']);

/** Root fields for the admin app's people alone, as their REST routes are. */
export const STAFF_FIELDS: ReadonlySet<string> = new Set(['import_file', 'users_me_tfa_generate', 'users_me_tfa_enable', 'users_me_tfa_disable']);

interface Root {
  /** The fields at its root by name... */
  fields: Set<string>;
  /** ...and by the name each answer carries (its alias, else its name). */
  answers: Set<string>;
}

/** Each operation of `document` with what is at its root, its fragments spread. */
function roots(document: DocumentNode): Root[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const walk = (set: SelectionSetNode, into: Root, spread: Set<string>): Root => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        into.fields.add(s.name.value);
        into.answers.add((s.alias ?? s.name).value);
      } else if (s.kind === Kind.INLINE_FRAGMENT) walk(s.selectionSet, into, spread);
      else if (!spread.has(s.name.value)) {
        spread.add(s.name.value);
        const fragment = fragments.get(s.name.value);
        if (fragment) walk(fragment.selectionSet, into, spread);
      }
    }
    return into;
  };
  return document.definitions.flatMap((d) => (d.kind === Kind.OPERATION_DEFINITION
    ? [walk(d.selectionSet, { fields: new Set(), answers: new Set() }, new Set())]
    : []));
}

/** The most fields at the root of any operation of `document`, its fragments spread, each answer's name once. */
export function rootReads(document: DocumentNode): number {
  return Math.max(0, ...roots(document).map((r) => r.answers.size));
}

/** The name of every field at the root of any operation of `document`, its fragments spread. */
export function rootFields(document: DocumentNode): Set<string> {
  return new Set(roots(document).flatMap((r) => [...r.fields]));
}

/**
 * Every field `document` asks: in each operation, with a fragment's fields counted wherever it is
 * spread (a fragment of 200 fields spread under 10 aliases in 10 reads asks 20,000). Counting stops
 * once it passes `stopAt`, and so does the walk once it has visited that many selections ten times
 * over (fragments that only spread others, each twice, would otherwise double the walk at every level).
 */
export function fieldCount(document: DocumentNode, stopAt = Number.POSITIVE_INFINITY): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  let count = 0;
  let visits = 0;
  const done = () => count > stopAt || visits > stopAt * 10;
  const walk = (set: SelectionSetNode, spreading: ReadonlySet<string>): void => {
    for (const s of set.selections) {
      if (done()) return;
      visits++;
      if (s.kind === Kind.FIELD) {
        count++;
        if (s.selectionSet) walk(s.selectionSet, spreading);
      } else if (s.kind === Kind.INLINE_FRAGMENT) walk(s.selectionSet, spreading);
      else {
        // A fragment spread within itself is GraphQL's to refuse; here it is not walked again.
        const fragment = spreading.has(s.name.value) ? undefined : fragments.get(s.name.value);
        if (fragment) walk(fragment.selectionSet, new Set(spreading).add(s.name.value));
      }
    }
  };
  for (const d of document.definitions) if (d.kind === Kind.OPERATION_DEFINITION) walk(d.selectionSet, new Set());
  return visits > stopAt * 10 ? Math.max(count, stopAt + 1) : count;
}

type Caller = Request & { accountability?: Accountability | null; schema?: SchemaOverview };

/** The GraphQL schema Directus answers this caller with, at '/graphql' (items) or '/graphql/system'. */
export type GraphqlSchemaOf = (caller: { accountability: Accountability | null; schema: SchemaOverview; scope: 'items' | 'system' }) => Promise<GraphQLSchema>;

/** The operation's variables: a body's object, or an address's JSON text. Anything else is none. */
function variablesOf(req: Request): Record<string, unknown> {
  let variables: unknown = req.method === 'GET' ? req.query['variables'] : req.body?.variables;
  if (typeof variables === 'string') {
    try {
      variables = JSON.parse(variables);
    } catch {
      return {};
    }
  }
  return isTree(variables) ? variables : {};
}

/** The size limits of a document for callers without the admin app, as a refusal, or undefined. */
function sizeRefusal(who: Accountability | null | undefined, document: DocumentNode): Error | undefined {
  if (!who || isStaff(who)) return undefined;
  if (fieldCount(document, MAX_GRAPHQL_FIELDS) > MAX_GRAPHQL_FIELDS) return new InvalidQueryError({ reason: TOO_MANY_FIELDS });
  return rootReads(document) > MAX_GRAPHQL_READS ? new InvalidQueryError({ reason: TOO_MANY_READS }) : undefined;
}

/** The refusal of an operation's variables that their types do not take, or undefined; an operation with none costs nothing. */
async function variablesRefusal(req: Caller, document: DocumentNode, schemaOf: GraphqlSchemaOf): Promise<Error | undefined> {
  const operation = operationOf(document, req.method === 'GET' ? req.query['operationName'] : req.body?.operationName);
  if (!operation) return new InvalidQueryError({ reason: OPERATION_UNCHOSEN });
  if (!operation.variableDefinitions?.length || !req.schema) return undefined;
  const scope = req.path.startsWith('/system') ? 'system' : 'items';
  const schema = await schemaOf({ accountability: req.accountability ?? null, schema: req.schema, scope });
  const reason = variableError(schema, operation, variablesOf(req));
  return reason ? new InvalidQueryError({ reason }) : undefined;
}

export function registerGraphqlReads({ init }: Register, maxTokens: number, schemaOf: GraphqlSchemaOf): void {
  init('routes.before', ({ app }) => {
    // '/graphql' takes '/graphql/system' too.
    app.use('/graphql', (req: Caller, _res: unknown, next: (err?: unknown) => void) => {
      const who = req.accountability;
      const query: unknown = req.method === 'GET' ? req.query['query'] : req.body?.query;
      if (typeof query !== 'string') return next();
      let document: DocumentNode;
      try {
        document = parse(query, { maxTokens });
      } catch {
        // Directus answers a document it cannot read with its own error.
        return next();
      }
      const asked = [...rootFields(document)];
      if (asked.some((f) => SIGN_IN_MUTATIONS.has(f))) return next(new InvalidQueryError({ reason: SIGN_IN_ON_REST }));
      if (!who?.admin && asked.some((f) => ADMIN_FIELDS.has(f))) return next(new ForbiddenError());
      if (!isStaff(who) && asked.some((f) => STAFF_FIELDS.has(f))) return next(new ForbiddenError());
      const shapeError = argumentsShapeError(document, variablesOf(req));
      const rest = () => (shapeError ? new InvalidQueryError({ reason: shapeError }) : sizeRefusal(who, document));
      // Variables first: a missing one is no blank argument. A schema Directus cannot make, it fails to
      // make again as it answers, and says so its own way.
      variablesRefusal(req, document, schemaOf).then((refusal) => next(refusal ?? rest()), () => next(rest()));
    });
  });
}

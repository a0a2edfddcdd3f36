/**
 * A GraphQL operation reads once for every field at its root, so one request could hold hundreds of
 * reads (`a1: titles(limit: 5000) { … } … a250: titles(…)`), each as large as a REST call may be: 250
 * of them made Directus answer 13 MB for the demo's 30 titles. For callers without the admin app an
 * operation reads at most MAX_GRAPHQL_READS fields at its root; the reads themselves meet the same
 * rules as REST's (field-reach.ts).
 */
import { InvalidQueryError } from '@directus/errors';
import type { Request } from 'express';
import { Kind, parse, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';
import type { Accountability } from '../../shared/directus.ts';
import type { Register } from './types.ts';

export const MAX_GRAPHQL_READS = 10;

export const TOO_MANY_READS = `В одном запросе GraphQL не больше ${MAX_GRAPHQL_READS} чтений`;

/** The most fields at the root of any operation of `document`, its fragments spread, each answer's name once. */
export function rootReads(document: DocumentNode): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const names = (set: SelectionSetNode, into: Set<string>, spread: Set<string>): Set<string> => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) into.add((s.alias ?? s.name).value);
      else if (s.kind === Kind.INLINE_FRAGMENT) names(s.selectionSet, into, spread);
      else if (!spread.has(s.name.value)) {
        spread.add(s.name.value);
        const fragment = fragments.get(s.name.value);
        if (fragment) names(fragment.selectionSet, into, spread);
      }
    }
    return into;
  };
  let most = 0;
  for (const d of document.definitions) {
    if (d.kind === Kind.OPERATION_DEFINITION) most = Math.max(most, names(d.selectionSet, new Set(), new Set()).size);
  }
  return most;
}

type Caller = Request & { accountability?: Accountability | null };

export function registerGraphqlReads({ init }: Register, maxTokens: number): void {
  init('routes.before', ({ app }) => {
    // '/graphql' takes '/graphql/system' too.
    app.use('/graphql', (req: Caller, _res: unknown, next: (err?: unknown) => void) => {
      const who = req.accountability;
      const query: unknown = req.method === 'GET' ? req.query['query'] : req.body?.query;
      if (!who || who.admin || who.app || typeof query !== 'string') return next();
      let document: DocumentNode;
      try {
        document = parse(query, { maxTokens });
      } catch {
        // Directus answers a document it cannot read with its own error.
        return next();
      }
      next(rootReads(document) > MAX_GRAPHQL_READS ? new InvalidQueryError({ reason: TOO_MANY_READS }) : undefined);
    });
  });
}

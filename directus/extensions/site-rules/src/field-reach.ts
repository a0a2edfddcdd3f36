/**
 * How far a read's fields may reach into lists, for callers without the admin app. Each step into a
 * one-to-many (or many-to-many) relation multiplies the rows Directus assembles by up to a hundred a
 * row, and a `*` in a path steps into every relation at once: `*.*.*.*.*` on the titles had Directus
 * build a 300 MB answer for 36 s, its one thread stalled for everyone. The site's deepest read (a
 * post's comments' reactions) steps into two lists; a `*` counts as one, since it reads the lists'
 * keys even at the end of a path.
 */
import { InvalidQueryError } from '@directus/errors';
import type { SchemaOverview } from '../../shared/directus.ts';
import { linkOf, type Link } from './query-check.ts';

export const MAX_LIST_STEPS = 2;

export const TOO_FAR = `Поля запроса заходят в связанные списки глубже ${MAX_LIST_STEPS} уровней`;

/**
 * How many lists `path` (`comments.reactions.type`) steps into from `collection`, a `*` counting as one.
 * Past a `*` the collection is any of several, so each later step but a last plain field counts as one.
 */
export function listSteps(schema: SchemaOverview, collection: string, path: string): number {
  const parts = path.split('.');
  let steps = 0;
  let at: string | null = collection;
  let known = true;
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    if (part === '*' || !known) {
      if (part === '*' || !last) steps++;
      known = false;
      continue;
    }
    // A many-to-any step names its collection: `item:titles`.
    const [field, named] = part.split(':') as [string, string | undefined];
    const link: Link | null = at ? linkOf(schema, at, field) : null;
    if (link?.kind === 'o2m') steps++;
    at = named ?? link?.target ?? null;
  }
  return steps;
}

/** Refuses a read whose fields step into lists deeper than MAX_LIST_STEPS. */
export function checkFieldReach(schema: SchemaOverview, collection: string, fields: unknown): void {
  for (const path of [fields].flat()) {
    if (typeof path === 'string' && listSteps(schema, collection, path) > MAX_LIST_STEPS) {
      throw new InvalidQueryError({ reason: TOO_FAR });
    }
  }
}

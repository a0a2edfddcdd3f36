/**
 * How far a read of a caller without the admin app may reach into lists. Each step into a one-to-many
 * (or many-to-many) relation multiplies the rows Directus assembles by up to a hundred a row, and a `*`
 * in a path steps into every relation at once: `*.*.*.*.*` on the titles had Directus build a 300 MB
 * answer for 36 s, its one thread stalled for everyone. The site's deepest read (a post's comments'
 * reactions) steps into two lists. Every read, and every aggregate's groups, asks for at most
 * MAX_READ_ROWS rows, so what a call assembles stays bounded however large the catalogue: 60 reads
 * of every title's plain texts at once (45 MB each at 100,000 titles) held the backend at 1.3 GB and
 * its database's connections for a minute, everyone else's calls answered 503 or 500. A read names
 * at most MAX_ALIASES aliases, each of which reads its relation once more for every row, and never
 * follows a relation back the way it came.
 */
import { InvalidQueryError } from '@directus/errors';
import { MAX_READ_ROWS } from '../../../../shared/rules.ts';
import type { SchemaOverview } from '../../shared/directus.ts';
import { linkOf, namedPath, type Link } from './query-check.ts';
import { isTree } from '../../shared/tree.ts';

export const MAX_LIST_STEPS = 2;
export const MAX_ALIASES = 10;

export const TOO_FAR = `Поля запроса заходят в связанные списки глубже ${MAX_LIST_STEPS} уровней`;
export const TOO_MANY_ROWS = `Запрос отдаёт не больше ${MAX_READ_ROWS} записей за раз`;
export const TOO_MANY_ALIASES = `В запросе не больше ${MAX_ALIASES} псевдонимов полей`;
export const TURNS_BACK = 'Поля запроса не возвращаются по связи, по которой пришли';

/**
 * Directus's own collections hold the project's settings, a few rows each, and Directus reads them
 * whole for the caller (GET /collections); people and uploads grow with the site like its own.
 */
const cappedRows = (collection: string) =>
  !collection.startsWith('directus_') || collection === 'directus_users' || collection === 'directus_files';

/** Whether rows of `collection` carry a list (a one-to-many field), which a `*` reads. */
const hasLists = (schema: SchemaOverview, collection: string) =>
  schema.relations.some((r) => r.related_collection === collection && !!r.meta?.one_field);

/**
 * How many lists `path` (`comments.reactions.type`) steps into from `collection`, its first name looked
 * up in `alias`. A `*` counts as one where the rows it reads carry lists; a step through a name that is
 * no relation (an alias of a nested read) counts as one; past either the collection is unknown, so each
 * later step but a last plain field counts as one.
 */
export function listSteps(schema: SchemaOverview, collection: string, path: string, alias: Record<string, unknown> = {}): number {
  const parts = path.split('.');
  const first = alias[parts[0]!];
  if (typeof first === 'string') parts[0] = first;
  let steps = 0;
  let at: string | null = collection;
  let known = true;
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    if (part === '*' && known && at) {
      if (hasLists(schema, at)) steps++;
      known = false;
      continue;
    }
    if (part === '*' || !known) {
      if (part === '*' || !last) steps++;
      known = false;
      continue;
    }
    // A many-to-any step names its collection: `item:titles`.
    const [field, named] = part.split(':') as [string, string | undefined];
    const link: Link | null = at ? linkOf(schema, at, field) : null;
    if (!link && !last) {
      steps++;
      known = false;
      continue;
    }
    if (link?.kind === 'o2m') steps++;
    at = named ?? link?.target ?? null;
  }
  return steps;
}

/**
 * Whether the fields `parts` name from `collection` follow a relation and then straight back along it
 * (`series.title.series`): each such turn reads again, for every row, the rows it came from, and a
 * visitor's 286 bytes (an episode's title's episodes' title's episodes) had Directus build 91 MB. The
 * site never reads a path back.
 */
export function turnsBack(schema: SchemaOverview, collection: string, parts: string[]): boolean {
  let at: string | null = collection;
  let came: Link | null = null;
  for (const part of parts) {
    const [field, named] = part.split(':') as [string, string | undefined];
    const link: Link | null = at && part !== '*' ? linkOf(schema, at, field) : null;
    if (!link) return false;
    // The same relation the other way: a reply's parent's parent (`comment.comment`) goes on, not back.
    if (came && link.relation === came.relation && link.kind !== came.kind) return true;
    came = link;
    at = named ?? link.target;
  }
  return false;
}

export interface ReadShape {
  fields?: unknown;
  limit?: unknown;
  aggregate?: unknown;
  group?: unknown;
  alias?: unknown;
  deep?: unknown;
}

/** The aliases a read names: its own and those of its nested reads (`deep`'s `_alias`, as GraphQL sends them). */
export function aliasCount(query: Pick<ReadShape, 'alias' | 'deep'>): number {
  let count = isTree(query.alias) ? Object.keys(query.alias).length : 0;
  const stack: unknown[] = [query.deep];
  while (stack.length) {
    const level = stack.pop();
    if (!isTree(level)) continue;
    for (const [key, value] of Object.entries(level)) {
      if (key === '_alias' && isTree(value)) count += Object.keys(value).length;
      else if (!key.startsWith('_')) stack.push(value);
    }
  }
  return count;
}

/** Whether `limit` asks for every row (-1) or more than MAX_READ_ROWS. */
const pastCap = (limit: unknown) => typeof limit === 'number' && (limit < 0 || limit > MAX_READ_ROWS);

/**
 * Refuses a read of a collection that grows asking for every row (-1) or more than MAX_READ_ROWS, or
 * an aggregate asking for that many groups; a read that names more than MAX_ALIASES aliases, or whose
 * fields step into lists deeper than MAX_LIST_STEPS or turn back along a relation. Directus reads every field (`*`) when none is
 * named; an aggregate reads none, and without groups it answers one row.
 */
export function checkReadReach(schema: SchemaOverview, collection: string, query: ReadShape): void {
  const grouped = Array.isArray(query.group) && query.group.length > 0;
  if (cappedRows(collection) && (!query.aggregate || grouped) && pastCap(query.limit)) {
    throw new InvalidQueryError({ reason: TOO_MANY_ROWS });
  }
  if (query.aggregate) return;
  if (aliasCount(query) > MAX_ALIASES) throw new InvalidQueryError({ reason: TOO_MANY_ALIASES });
  const alias = isTree(query.alias) ? query.alias : {};
  const paths = query.fields === undefined ? ['*'] : [query.fields].flat().filter((p): p is string => typeof p === 'string');
  const steps = Math.max(0, ...paths.map((path) => listSteps(schema, collection, path, alias)));
  if (steps > MAX_LIST_STEPS) throw new InvalidQueryError({ reason: TOO_FAR });
  if (paths.some((path) => turnsBack(schema, collection, namedPath(path, alias, query.deep)))) throw new InvalidQueryError({ reason: TURNS_BACK });
}

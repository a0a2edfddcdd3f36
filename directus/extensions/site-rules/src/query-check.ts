/**
 * Reads through filters, the rule query-guard.ts applies to every query. Directus checks that a
 * caller may read the fields a filter, sort or aggregate names, but not that they may read the rows
 * those fields sit on: a filter that steps into another collection matches rows the caller could
 * never read, one yes/no at a time. So for everyone but administrators:
 * - functions over relations are refused, and so is `$FOLLOW(...)`, but for the admin app's own (editors'):
 *   there `$FOLLOW(collection,field)` filters only along a relation the schema holds, whose key the caller
 *   reads on every row, and then like every to-many link (its «Добавить существующий» lists the rows not yet
 *   linked that way). Members and visitors have no use for it;
 * - a field may be filtered, sorted or grouped on only where the caller reads it on every row
 *   (a person's own email, readable on their own row only, is not such a field);
 * - a filter may step into another collection only where the caller reads every row of it, or
 *   through a to-many link with `_some` / `_none`, where Directus itself keeps to readable rows;
 * - sorts, groups and aggregates stay on the collection or step along many-to-one links into
 *   collections the caller reads in full, and end on a stored field;
 * - an aggregate under a filter through a to-many link counts each row once (`countDistinct`, `min`,
 *   `max`): Directus joins the linked rows to count, all of them, hidden ones too, so `count` said 16
 *   of a title whose 15 episodes a visitor reads. The admin app's own totals are left to it;
 * - the fields asked step into related rows only through a field the caller reads on every row:
 *   Directus hides another person's `plan` asked alone, but not `plan.name`;
 * - filters nested deeper than the limit are refused.
 */
import { ForbiddenError, InvalidQueryError } from '@directus/errors';
import { TOO_DEEP, nestsDeeperThan } from '../../shared/nesting.ts';
import type { SchemaOverview } from '../../shared/directus.ts';
import type { ReadAccess } from './collection-access.ts';
import { isTree } from '../../shared/tree.ts';

/** `relation` names the relation itself (its many side's collection and field), the same whichever way it is followed. */
export interface Link { kind: 'm2o' | 'o2m' | 'a2o'; target: string | null; relation: string }

export interface Query {
  fields?: unknown;
  filter?: unknown;
  sort?: unknown;
  group?: unknown;
  aggregate?: Record<string, unknown>;
  deep?: unknown;
  /** Names the fields go by in the answer (`{ c: 'comments' }`); a nested read's are its deep `_alias`. */
  alias?: unknown;
}

/** Longer names are cut where a refusal repeats them: a caller's name of a megabyte went into the answer and the log whole. */
const SHOWN_NAME = 64;

/** A caller's field name or path as a refusal repeats it. */
export const shownName = (name: string) => (name.length > SHOWN_NAME ? `${name.slice(0, SHOWN_NAME)}…` : name);

export const FOLLOW_REFUSED = 'Фильтр через $FOLLOW недоступен';

/** Aggregates a join's repeated rows leave as they are. */
const COUNTED_ONCE = ['countDistinct', 'min', 'max', 'sumDistinct', 'avgDistinct'];

export const countedPerLinkedRow = (fn: string) =>
  `С фильтром по связанным записям считаются только ${COUNTED_ONCE.join(', ')}: ${shownName(fn)} посчитал бы запись по разу на каждую связанную`;

export const stepsThroughHidden = (field: string) => `Поле «${shownName(field)}» открыто вам не во всех записях: через него нельзя читать связанные записи`;

/** The fields of `collection`'s rows that lead to other rows: its many-to-one links and its lists. */
function relationalFields(schema: SchemaOverview, collection: string): string[] {
  return schema.relations.flatMap((r) => [
    ...(r.collection === collection ? [r.field] : []),
    ...(r.related_collection === collection && r.meta?.one_field ? [r.meta.one_field] : []),
  ]);
}

/** What a query does with a field, as its refusal says it. */
type Use = 'фильтровать' | 'сортировать' | 'группировать' | 'считать';

export const notStored = (path: string) => `Поле «${shownName(path)}» не хранится в записи: по нему нельзя сортировать, группировать и считать`;

function refuse(reason: string): never {
  throw new ForbiddenError({ reason });
}

/** The collection a field leads to, and how; null for a plain column. */
export function linkOf(schema: SchemaOverview, collection: string, field: string): Link | null {
  const m2o = schema.relations.find((r) => r.collection === collection && r.field === field);
  if (m2o) {
    const relation = `${m2o.collection}.${m2o.field}`;
    return m2o.related_collection ? { kind: 'm2o', target: m2o.related_collection, relation } : { kind: 'a2o', target: null, relation };
  }
  const o2m = schema.relations.find((r) => r.related_collection === collection && r.meta?.one_field === field);
  return o2m ? { kind: 'o2m', target: o2m.collection, relation: `${o2m.collection}.${o2m.field}` } : null;
}

/**
 * `path`'s parts as the fields they name: an alias at the root (`alias`) or in a nested read (its
 * `deep` level's `_alias`, as GraphQL sends them) becomes its field.
 */
export function namedPath(path: string, alias: Record<string, unknown>, deep: unknown): string[] {
  let aliases: unknown = alias;
  let level: unknown = deep;
  return path.split('.').map((part) => {
    const named = isTree(aliases) ? aliases[part] : undefined;
    const nested = isTree(level) ? level[part] : undefined;
    aliases = isTree(nested) ? nested._alias : undefined;
    level = nested;
    return typeof named === 'string' ? named : part;
  });
}

/** `count(comments)` → ['count', 'comments']; a plain field has no function. */
function splitFunction(key: string): [string | null, string] {
  const m = /^(\w+)\((\w+)\)$/.exec(key);
  return m ? [m[1], m[2]] : [null, key];
}

/** `$FOLLOW(collection,field)` → its two names; the form with a third (a link to any collection) is null. */
function followed(key: string): [string, string] | null {
  const m = /^\$FOLLOW\(([^,()]+),([^,()]+)\)$/.exec(key);
  return m ? [m[1]!.trim(), m[2]!.trim()] : null;
}

export interface CheckOptions {
  /** The caller works in the admin app: its drawers filter through `$FOLLOW`, its lists count their totals under any filter. */
  app?: boolean;
}

export class QueryCheck {
  private schema: SchemaOverview;
  private access: ReadAccess;
  private app: boolean;
  /** Whether the filter checked last stepped along a to-many link. */
  private stepsToMany = false;

  constructor(schema: SchemaOverview, access: ReadAccess, { app = false }: CheckOptions = {}) {
    this.schema = schema;
    this.access = access;
    this.app = app;
  }

  query(collection: string, q: Query): void {
    if (nestsDeeperThan(q.filter) || nestsDeeperThan(q.deep)) throw new InvalidQueryError({ reason: TOO_DEEP });
    this.stepsToMany = false;
    this.filter(collection, q.filter);
    if (this.stepsToMany && !this.app) {
      const repeated = Object.keys(q.aggregate ?? {}).find((fn) => !COUNTED_ONCE.includes(fn));
      if (repeated) throw new InvalidQueryError({ reason: countedPerLinkedRow(repeated) });
    }
    for (const path of [q.sort].flat()) if (typeof path === 'string') this.path(collection, path, 'сортировать');
    for (const path of [q.group].flat()) if (typeof path === 'string') this.path(collection, path, 'группировать');
    for (const fields of Object.values(q.aggregate ?? {})) {
      for (const field of [fields].flat()) if (typeof field === 'string' && field !== '*') this.path(collection, field, 'считать');
    }
    this.deep(collection, q.deep, q.alias);
    for (const path of [q.fields ?? []].flat()) if (typeof path === 'string') this.reach(collection, namedPath(path, isTree(q.alias) ? q.alias : {}, q.deep));
  }

  /**
   * The fields a read asks: each step into related rows goes through a field the caller reads on every
   * row, a `*` before a further step through every such field of its rows.
   */
  private reach(collection: string, parts: string[]): void {
    let at: string | null = collection;
    for (const part of parts.slice(0, -1)) {
      if (!at) return;
      const access = this.access.get(at);
      const relational = part === '*' ? relationalFields(this.schema, at) : [part.split(':')[0]!];
      const hidden = relational.find((field) => linkOf(this.schema, at!, field) && !access?.onEveryRow(field));
      if (hidden) refuse(stepsThroughHidden(hidden));
      if (part === '*') return;
      const link = linkOf(this.schema, at, part.split(':')[0]!);
      if (!link) return;
      at = link.kind === 'a2o' ? part.split(':')[1] ?? null : link.target;
    }
  }

  /** A field the caller may filter, order, group or count by (`use`, the verb): readable on every row they can see. */
  private field(collection: string, key: string, use: Use = 'фильтровать'): Link | null {
    if (key.startsWith('$FOLLOW')) return this.follow(collection, key, use);
    if (key.includes(':')) refuse('Фильтр по связи с любой коллекцией недоступен');
    const [fn, field] = splitFunction(key);
    const access = this.access.get(collection);
    if (!access || !access.onEveryRow(field)) refuse(`Нельзя ${use} по полю «${shownName(field)}»`);
    const link = linkOf(this.schema, collection, field);
    if (fn && link) refuse(`Функция ${fn}() над связью недоступна`);
    if (link?.kind === 'a2o') refuse('Фильтр по связи с любой коллекцией недоступен');
    return link;
  }

  /**
   * `$FOLLOW(many,field)` in a filter: the to-many link of `many.field`'s relation into `collection`.
   * Directus takes the two names on trust (any column compared to the keys), and where the caller reads
   * no rule of `many` it runs the `_some` / `_none` over all of its rows.
   */
  private follow(collection: string, key: string, use: Use): Link {
    const names = followed(key);
    if (!this.app || use !== 'фильтровать' || !names) refuse(FOLLOW_REFUSED);
    const [many, field] = names;
    const real = this.schema.relations.some((r) => r.collection === many && r.field === field && r.related_collection === collection);
    if (!real) refuse(FOLLOW_REFUSED);
    if (!this.access.get(many)?.onEveryRow(field)) refuse(`Нельзя фильтровать по полю «${shownName(field)}»`);
    return { kind: 'o2m', target: many, relation: `${many}.${field}` };
  }

  private readsAll(collection: string | null): boolean {
    return !!collection && this.access.get(collection)?.allRows === true;
  }

  /** A filter over rows of `collection`, narrowed by Directus to those the caller may read. */
  filter(collection: string, filter: unknown): void {
    if (Array.isArray(filter)) return filter.forEach((f) => this.filter(collection, f));
    if (!isTree(filter)) return;
    for (const [key, value] of Object.entries(filter)) {
      if (key === '_and' || key === '_or') this.filter(collection, value);
      else if (!key.startsWith('_')) this.step(collection, key, value);
    }
  }

  private step(collection: string, key: string, value: unknown): void {
    const link = this.field(collection, key);
    if (link?.kind === 'o2m') this.stepsToMany = true;
    if (!link || !isTree(value)) return;
    const target = link.target!;
    for (const [inner, condition] of Object.entries(value)) {
      if ((inner === '_some' || inner === '_none') && link.kind === 'o2m') {
        // Directus runs these as subqueries over the rows of `target` the caller may read.
        this.filter(target, condition);
      } else if (inner.startsWith('_')) {
        // An operator on the link itself: a key comparison (many-to-one) or related rows existing (one-to-many).
        if (link.kind === 'o2m' && !this.readsAll(target)) refuse(`Связанные записи «${target}» проверяются только через _some или _none`);
      } else {
        if (!this.readsAll(target)) refuse(`Фильтр по «${shownName(key)}» заходит в записи, закрытые для вас`);
        this.step(target, inner, condition);
      }
    }
  }

  /** A sort, group or aggregate path: plain fields, and many-to-one steps into fully readable collections. */
  private path(collection: string, path: string, use: Use): void {
    let at = collection;
    const parts = path.replace(/^-/, '').split('.');
    for (const [i, part] of parts.entries()) {
      const link = this.field(at, part, use);
      // A list of related rows, or a field shown in the app alone, has no column to order or count (a 500 from the database).
      if (i === parts.length - 1 && this.schema.collections[at]?.fields[splitFunction(part)[1]]?.alias) {
        throw new InvalidQueryError({ reason: notStored(path) });
      }
      if (!link || i === parts.length - 1) return;
      if (link.kind !== 'm2o' || !this.readsAll(link.target)) refuse(`Сортировка по «${shownName(path)}» недоступна`);
      at = link.target!;
    }
  }

  /**
   * Nested reads: Directus narrows their rows; their own filters and sorts follow the same rules. A
   * nested read is keyed by the name its field goes by, an alias of `aliases` too, and one of a link to
   * any collection by `field:collection`.
   */
  private deep(collection: string, deep: unknown, aliases: unknown): void {
    if (!isTree(deep)) return;
    for (const [key, value] of Object.entries(deep)) {
      if (key === '_filter') this.filter(collection, value);
      else if (key === '_sort') [value].flat().forEach((p) => typeof p === 'string' && this.path(collection, p, 'сортировать'));
      else if (!key.startsWith('_')) {
        const [name, anyCollection] = key.split(':');
        const named = isTree(aliases) ? aliases[name!] : undefined;
        const link = linkOf(this.schema, collection, typeof named === 'string' ? named : name!);
        const target = link?.kind === 'a2o' ? anyCollection : link?.target;
        if (target) this.deep(target, value, isTree(value) ? value._alias : undefined);
      }
    }
  }
}

/**
 * The shape of a query's nested reads (`deep`), aggregates and lists, checked before Directus parses
 * them. Directus 11 parses each nested level without awaiting it, so a level it cannot parse (a filter
 * that is not JSON, a sort of objects, `{ "_and": 5 }`) was a rejection no request caught, and it ended
 * the process. An aggregate, or a list of fields, sorts, groups or meta naming objects, was a 500.
 */
import { isTree, type Tree } from '../../shared/tree.ts';

export const DEEP_SHAPE = 'Параметр deep: вложенные чтения — объекты, с условиями только в _filter, _sort, _limit, _offset, _page и _search';
export const AGGREGATE_SHAPE = 'Параметр aggregate: объект, где каждой операции дан список полей';
export const LIST_SHAPE = 'Параметры fields, sort, groupBy и meta — строка или список строк';
export const ALIAS_SHAPE = 'Параметр alias: объект, где имени дано поле, оба — простые имена';
export const CALL_SHAPE = 'Функция в запросе пишется как имя(поле)';
export const FILTER_SHAPE = 'Параметр filter: у поля и у _some или _none — условие, у _and и _or — список условий';
export const QUERY_SHAPE = 'Параметр query — объект';
export const GROUP_SHAPE = 'Параметры groupBy и aggregate называют поля самой коллекции, хотя бы одно';
export const ALIAS_TAKEN = 'Параметр alias: имя не может совпадать с полем коллекции';
export const SORT_SHAPE = 'Параметр sort: каждое поле названо, перед именем можно поставить «-»';

const LOGICAL = new Set(['_and', '_or']);
const RELATIONAL = new Set(['_some', '_none']);
const GEOMETRY = new Set(['_intersects', '_nintersects', '_intersects_bbox', '_nintersects_bbox']);

/** A value given as JSON text read as Directus reads it; undefined when the text is not JSON. */
function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

const isTextList = (value: unknown) => typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'));

/**
 * Whether a sort names a field in each place (an empty sort is none): `-` alone was read as a field
 * named "", and an empty place as Directus's own English refusal.
 */
const sortsNameFields = (sort: unknown) => sort === '' || (isTextList(sort)
  && [sort].flat().every((names) => String(names).split(',').every((name) => name.trim().replace(/^-/, '').trim() !== '')));

/**
 * Whether the parentheses of a name, if any, are calls Directus reads: each holding something, none
 * nested, as in `year(date_created)`. Directus took `year()` or `a)(` for a call and failed reading it.
 */
export const callsParse = (names: string): boolean => !/[()]/.test(names.replace(/\([^()]+\)/g, ''));
const isWholeNumber = (value: unknown) => (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^-?\d{1,15}$/.test(value));

/**
 * Whether Directus's filter parser takes a filter without throwing: logical operators hold lists of
 * conditions, a field or a relational operator holds a condition or a value (never null or a list),
 * and a geometry given as text is JSON.
 */
export function filterParses(filter: unknown): boolean {
  const stack: unknown[] = [filter];
  while (stack.length) {
    const node = stack.pop();
    if (!isTree(node)) return false;
    for (const [key, value] of Object.entries(node)) {
      if (LOGICAL.has(key)) {
        if (!Array.isArray(value)) return false;
        // One at a time: spreading a list of a few hundred thousand conditions overflows the call stack.
        for (const condition of value) stack.push(condition);
      } else if (GEOMETRY.has(key)) {
        if (parsed(value) === undefined) return false;
      } else if (key.startsWith('_') && !RELATIONAL.has(key)) {
        continue;
      } else if (isTree(value)) {
        stack.push(value);
      } else if (value === null || value === undefined || typeof value === 'object') {
        return false;
      }
    }
  }
  return true;
}

const NESTED_READ: Record<string, (value: unknown) => boolean> = {
  _filter: (value) => isTree(parsed(value)) && filterParses(parsed(value)),
  _sort: sortsNameFields,
  _limit: isWholeNumber,
  _offset: isWholeNumber,
  _page: isWholeNumber,
  _search: (value) => typeof value === 'string',
};

/** Null when `deep` is one Directus can parse: an object of relations, each level's reads of the kinds above. */
export function deepShapeError(deep: unknown): string | null {
  const root = parsed(deep);
  if (!isTree(root)) return DEEP_SHAPE;
  const stack: Tree[] = [root];
  while (stack.length) {
    const level = stack.pop()!;
    for (const [key, value] of Object.entries(level)) {
      if (key.startsWith('_')) {
        if (!Object.hasOwn(NESTED_READ, key) || !NESTED_READ[key](value)) return DEEP_SHAPE;
      } else if (key && isTree(value)) {
        stack.push(value);
      } else {
        return DEEP_SHAPE;
      }
    }
  }
  return null;
}

/** Null when `aggregate` is an object naming, for each operation, a field or a list of them (`*` is counted only). */
export function aggregateShapeError(aggregate: unknown): string | null {
  const value = parsed(aggregate);
  if (!isTree(value)) return AGGREGATE_SHAPE;
  const fits = Object.entries(value).every(([operation, fields]) => isTextList(fields)
    && (operation === 'count' || ![fields].flat().some((field) => String(field).split(',').includes('*'))));
  if (!fits) return AGGREGATE_SHAPE;
  return Object.values(value).every(ownFields) ? null : GROUP_SHAPE;
}

/** A field's name: no wildcard, path, function or list in it. */
const PLAIN_FIELD = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/**
 * An alias's name: a letter of any script, then letters, digits and `_`. So it is a name of XML too
 * (an export as XML failed on `<` or `=`), holds no `?` (the database driver's placeholder), and
 * starts with no `_` (a nested read's own keys, `_sort`, `_filter`).
 */
const PLAIN_ALIAS = /^\p{L}[\p{L}\p{N}_]{0,63}$/u;
/** Not a name every object answers to (`constructor`, `toString`): Directus kept rows under those names. */
export const aliasNameFits = (name: string) => PLAIN_ALIAS.test(name) && !(name in Object.prototype);

/**
 * Null when `alias` names plain fields by plain names. An alias named `*` (or `*.id`) is itself a
 * wildcard, and Directus's expansion of `fields=*` then never ended: one visitor's read held the
 * process until it ran out of memory.
 */
export function aliasShapeError(alias: unknown): string | null {
  const value = parsed(alias);
  return isTree(value) && Object.entries(value).every(([name, field]) => aliasNameFits(name) && typeof field === 'string' && PLAIN_FIELD.test(field))
    ? null : ALIAS_SHAPE;
}

/**
 * Null unless an alias takes the name of one of its collection's fields: the answer would hold two of
 * one name, and one named as the key (`alias[id]=title` beside a list of episodes' segments) made
 * Directus fail merging the list into rows that seemed to share a key.
 */
export function aliasTakenError(alias: unknown, fields: Record<string, unknown>): string | null {
  const value = parsed(alias);
  return isTree(value) && Object.keys(value).some((name) => Object.hasOwn(fields, name)) ? ALIAS_TAKEN : null;
}

/** Whether a text list names fields of the collection itself: at least one, none along a relation (Directus cannot group or aggregate along one). */
const ownFields = (names: unknown) => {
  const all = [names].flat().flatMap((n) => String(n).split(','));
  return all.length > 0 && all.every((name) => name.trim() !== '' && !name.includes('.'));
};

/** The lists a query names by text: each a text or a list of texts. */
const LISTS = ['fields', 'sort', 'groupBy', 'meta'] as const;

type ShapedQuery = { deep?: unknown; aggregate?: unknown; alias?: unknown; filter?: unknown } & { [list in (typeof LISTS)[number]]?: unknown };

/** The first of a query's shape errors, or null: what it names that is absent is not checked. */
export function queryShapeError(query: ShapedQuery): string | null {
  const lists = LISTS.map((list) => query[list]).filter((value) => value !== undefined);
  if (!lists.every(isTextList)) return LIST_SHAPE;
  if (!lists.flat().every((names) => callsParse(String(names)))) return CALL_SHAPE;
  if (query.sort !== undefined && !sortsNameFields(query.sort)) return SORT_SHAPE;
  if (query.groupBy !== undefined && !ownFields(query.groupBy)) return GROUP_SHAPE;
  // A filter that is not an object Directus refuses itself; one it takes but cannot walk was a 500.
  const filter = parsed(query.filter);
  if (isTree(filter) && !filterParses(filter)) return FILTER_SHAPE;
  return (query.alias === undefined ? null : aliasShapeError(query.alias))
    ?? (query.deep === undefined ? null : deepShapeError(query.deep))
    ?? (query.aggregate === undefined ? null : aggregateShapeError(query.aggregate));
}

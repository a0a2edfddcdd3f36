/**
 * How much one read may name. A query's lists are the caller's to choose, and a SEARCH body or a GraphQL
 * document carries a megabyte of them: 40,000 ids in an `_in` passed the database's limit of parameters
 * (a 500), 30,000 group fields held Directus's thread for 6.2 s and a 450 KB search for 24 s, each to
 * answer an error. The site's own reads name a few of each; the build's largest filter names
 * MAX_FILTER_VALUES ids. Checked before any other rule walks the query.
 */
import { InvalidQueryError } from '@directus/errors';
import { MAX_FILTER_VALUES } from '../../../../shared/rules.ts';
import { isTree } from '../../shared/tree.ts';

export { MAX_FILTER_VALUES };
export const MAX_QUERY_FIELDS = 500;
export const MAX_SORT_FIELDS = 10;
export const MAX_GROUP_FIELDS = 10;
export const MAX_AGGREGATE_FIELDS = 20;
export const MAX_FILTER_KEYS = 200;
export const MAX_SEARCH_LENGTH = 200;
/** SQLite refuses a LIKE pattern past 50,000 characters with an error Directus answers as a 500. */
export const MAX_FILTER_TEXT = 1000;

export const TOO_MANY_QUERY_FIELDS = `Запрос называет не больше ${MAX_QUERY_FIELDS} полей`;
export const TOO_MANY_SORTS = `Не больше ${MAX_SORT_FIELDS} полей сортировки`;
export const TOO_MANY_GROUPS = `Не больше ${MAX_GROUP_FIELDS} полей группировки`;
export const TOO_MANY_AGGREGATES = `Не больше ${MAX_AGGREGATE_FIELDS} полей в агрегатах`;
export const TOO_MANY_CONDITIONS = `В фильтрах запроса не больше ${MAX_FILTER_KEYS} условий`;
export const TOO_MANY_VALUES = `В фильтрах запроса не больше ${MAX_FILTER_VALUES} значений`;
export const SEARCH_TOO_LONG = `Поиск — не больше ${MAX_SEARCH_LENGTH} символов`;
export const FILTER_TEXT_TOO_LONG = `Значение в фильтре — не больше ${MAX_FILTER_TEXT} символов`;

export interface QueryLists {
  fields?: unknown;
  sort?: unknown;
  group?: unknown;
  aggregate?: unknown;
  filter?: unknown;
  search?: unknown;
  deep?: unknown;
}

/** What a filter names: its keys (fields and operators), the values they compare (arrays counted by element) and its longest text. */
export function filterSize(filter: unknown): { keys: number; values: number; longestText: number } {
  const size = { keys: 0, values: 0, longestText: 0 };
  const stack: unknown[] = [filter];
  while (stack.length) {
    const node = stack.pop();
    if (Array.isArray(node)) for (const item of node) stack.push(item);
    else if (isTree(node)) {
      const entries = Object.entries(node);
      size.keys += entries.length;
      for (const [, value] of entries) stack.push(value);
    } else if (node !== undefined) {
      size.values++;
      if (typeof node === 'string') size.longestText = Math.max(size.longestText, node.length);
    }
  }
  return size;
}

const countOf = (list: unknown) => (list === undefined || list === null ? 0 : [list].flat().length);
const searchLength = (search: unknown) => (typeof search === 'string' ? search.length : 0);

/** The filters, sorts and searches of a query's nested reads (`deep`), level by level. */
function nestedReads(deep: unknown): { filter?: unknown; sort?: unknown; search?: unknown }[] {
  const reads: { filter?: unknown; sort?: unknown; search?: unknown }[] = [];
  const stack: unknown[] = [deep];
  while (stack.length) {
    const level = stack.pop();
    if (!isTree(level)) continue;
    reads.push({ filter: level._filter, sort: level._sort, search: level._search });
    for (const [key, value] of Object.entries(level)) if (!key.startsWith('_')) stack.push(value);
  }
  return reads;
}

/** Refuses a query that names more than the limits above allow. */
export function checkQuerySize(query: QueryLists): void {
  const refuse = (reason: string) => { throw new InvalidQueryError({ reason }); };
  if (countOf(query.fields) > MAX_QUERY_FIELDS) refuse(TOO_MANY_QUERY_FIELDS);
  if (countOf(query.group) > MAX_GROUP_FIELDS) refuse(TOO_MANY_GROUPS);
  const aggregated = isTree(query.aggregate) ? Object.values(query.aggregate).reduce((n: number, fields) => n + countOf(fields), 0) : 0;
  if (aggregated > MAX_AGGREGATE_FIELDS) refuse(TOO_MANY_AGGREGATES);
  const reads = [{ filter: query.filter, sort: query.sort, search: query.search }, ...nestedReads(query.deep)];
  let keys = 0;
  let values = 0;
  for (const read of reads) {
    if (countOf(read.sort) > MAX_SORT_FIELDS) refuse(TOO_MANY_SORTS);
    if (searchLength(read.search) > MAX_SEARCH_LENGTH) refuse(SEARCH_TOO_LONG);
    const size = filterSize(read.filter);
    if (size.longestText > MAX_FILTER_TEXT) refuse(FILTER_TEXT_TOO_LONG);
    keys += size.keys;
    values += size.values;
  }
  if (keys > MAX_FILTER_KEYS) refuse(TOO_MANY_CONDITIONS);
  if (values > MAX_FILTER_VALUES) refuse(TOO_MANY_VALUES);
}

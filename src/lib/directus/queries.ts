/**
 * What the build-time reader and the browser runtime have in common: the title-list queries both
 * run (cards with comment counts, counted pages), so a query the two share is written once; and,
 * from send.ts, the client type and the one error shape.
 */
import { aggregate, readItems, type QueryFilter, type QuerySort, type ReadItemOutput } from '@directus/sdk';
import { TITLE_CARD_FIELDS, UPDATE_FIELDS } from './fields.ts';
import { DirectusRequestError } from './request-error.ts';
import type { Schema, Title } from './schema.ts';
import { send, type SiteClient } from './send.ts';

export { DirectusRequestError, send, type SiteClient };

/** A film card: the card fields plus the number of reviews, as every card variant shows it. */
export type TitleCard = ReadItemOutput<Schema, 'titles', { fields: typeof TITLE_CARD_FIELDS }> & { comments_count: number };

export type TitleSort = QuerySort<Schema, Title>;

/** Most viewed first (lists sort by views); the id keeps equal counts in a stable order. */
export const BY_VIEWS: TitleSort[] = ['-views', 'id'];
/** Newest added to the site first. */
export const NEWEST: TitleSort[] = ['-date_created', '-id'];
/** Newest by release: the year (titles without one last, see title-orders.ts), then the newest added. */
export const BY_RELEASE: TitleSort[] = ['-releaseOrder', '-date_created', '-id'];

/** A title's ratings: the average to two decimals, null when nobody rated it, and how many. */
export interface RatingSummary {
  average: number | null;
  count: number;
}

/** One title's ratings in the build's bulk answer. */
export type TitleRating = RatingSummary & { title: number };

/** One page of a longer list and how many there are in all (for 'show more' and the pager). */
export interface Page<T> {
  items: T[];
  total: number;
}

/** A Directus filter object: plain JSON, as sent in the `filter` query parameter. */
export type DirectusFilter = { [key: string]: unknown };

/** Only published titles, whatever else is asked: the build may one day read with a token. */
export const PUBLISHED: DirectusFilter = { status: { _eq: 'published' } };

/** The one place a plain JSON filter meets the SDK's typed filter. */
export function titleFilter(filter: DirectusFilter): QueryFilter<Schema, Title> {
  return filter as QueryFilter<Schema, Title>;
}

/** Published titles matching every given condition. */
export function published(...conditions: DirectusFilter[]): DirectusFilter {
  return { _and: [PUBLISHED, ...conditions] };
}

export const inCategory = (slug: string): DirectusFilter => ({ category: { slug: { _eq: slug } } });
/** Titles carrying a tag; `_some` lets the backend narrow the junction to rows the caller may read. */
export const withTag = (tagId: number): DirectusFilter => ({ tags: { _some: { tags_id: { _eq: tagId } } } });

/** Titles whose name starts with a folded prefix: `searchText` begins with the folded name. */
export function namePrefix(prefix: string): DirectusFilter {
  return { searchText: { _starts_with: prefix } };
}

export interface ListOptions {
  filter: DirectusFilter;
  sort: TitleSort[];
  limit: number;
  offset?: number;
}

/**
 * Reviews per title, for the given titles (GET /items/comments, aggregate count grouped by title): a
 * page of cards, whose titles are far fewer than the groups one read may ask for.
 */
export async function readCommentCounts(client: SiteClient, titleIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(titleIds.map((id) => [id, 0]));
  if (!titleIds.length) return counts;
  const rows = await countCommentsByTitle(client, { title: { _in: [...titleIds] } }, titleIds.length);
  return addCounts(counts, rows, (id) => counts.has(id));
}

/**
 * Reviews and replies a title shows, by title: a deleted review (a tombstone kept for its replies) is
 * not counted. An answer that is not a list counts nothing.
 */
async function countCommentsByTitle(client: SiteClient, filter: DirectusFilter, limit: number): Promise<unknown[]> {
  const shown = { _and: [filter, { deleted: { _eq: false } }] };
  const rows: unknown = await send(client, aggregate('comments', {
    aggregate: { count: '*' },
    groupBy: ['title'],
    query: { filter: shown as QueryFilter<Schema, Schema['comments'][number]>, limit },
  }), 'comment counts');
  return Array.isArray(rows) ? rows : [];
}

/** Reads the grouped counts into `counts`. */
export function addCounts(counts: Map<number, number>, rows: unknown[], wanted: (id: number) => boolean): Map<number, number> {
  for (const row of rows as { title?: unknown; count?: unknown }[]) {
    const id = Number(row?.title);
    const n = Number(typeof row?.count === 'object' && row.count ? Object.values(row.count)[0] : row?.count);
    if (Number.isInteger(id) && wanted(id) && Number.isFinite(n)) counts.set(id, n);
  }
  return counts;
}

/** Title cards of one list, each with its review count. */
export async function readTitleCards(client: SiteClient, o: ListOptions): Promise<TitleCard[]> {
  const titles = await send(client, readItems('titles', {
    fields: TITLE_CARD_FIELDS,
    filter: titleFilter(o.filter),
    sort: o.sort,
    limit: o.limit,
    offset: o.offset ?? 0,
  }), 'titles');
  const counts = await readCommentCounts(client, titles.map((t) => t.id));
  return titles.map((t) => ({ ...t, comments_count: counts.get(t.id) ?? 0 }));
}

/**
 * How many titles match a filter. Distinct ids: for a `_some` filter Directus also joins the
 * to-many link, and `count(*)` would count a title once per matching genre or tag.
 */
export async function countTitles(client: SiteClient, filter: DirectusFilter): Promise<number> {
  const rows = await send(client, aggregate('titles', {
    aggregate: { countDistinct: ['id'] },
    query: { filter: titleFilter(filter) },
  }), 'title count');
  return Number(rows[0]?.countDistinct?.id ?? 0);
}

/** Page `page` (from 1) of a title list of `pageSize`, with the total for the pager. */
export async function readTitlePage(
  client: SiteClient, o: { filter: DirectusFilter; sort: TitleSort[]; pageSize: number; page: number },
): Promise<Page<TitleCard>> {
  const page = Math.max(1, Math.floor(o.page) || 1);
  const [items, total] = await Promise.all([
    readTitleCards(client, { filter: o.filter, sort: o.sort, limit: o.pageSize, offset: (page - 1) * o.pageSize }),
    countTitles(client, o.filter),
  ]);
  return { items, total };
}

export type UpdateItem = ReadItemOutput<Schema, 'updates', { fields: typeof UPDATE_FIELDS }>;

/** Episode updates of published titles, newest first, with the total (the updates screen, built and 'show more'). */
export async function readUpdatesPage(client: SiteClient, page: number, limit: number): Promise<Page<UpdateItem>> {
  // Visitors read updates of published titles only (directus/access/policies.ts): no filter needed.
  const [items, counted] = await Promise.all([
    send(client, readItems('updates', { fields: UPDATE_FIELDS, sort: ['-date_created', '-id'], limit, page }), 'updates'),
    send(client, aggregate('updates', { aggregate: { count: '*' } }), 'update count'),
  ]);
  return { items, total: Number(counted[0]?.count ?? 0) };
}

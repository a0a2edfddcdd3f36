/**
 * What the own profile screens read and change besides the profile itself: the person's list
 * marks and favourite actors (paged; taking them off is the title's and the actor's calls), the
 * shop's decorations, an uploaded picture that turned out unwanted, and the new-episode alerts
 * (their own rows only; the backend writes them when an episode is added to a title they mark
 * Смотрю or Буду смотреть). Every call goes through the page's one client; signed-in code only.
 */
import { aggregate, customEndpoint, deleteFile, readItems, updateItems, type QueryFilter, type ReadItemOutput } from '@directus/sdk';
import type { MarkType } from '../../../shared/rules.ts';
import { pageClient } from '../../lib/directus/client.ts';
import { FAVORITE_ACTOR_FIELDS, MARK_FIELDS, SHOP_FIELDS } from '../../lib/directus/fields.ts';
import { everyPage } from '../../lib/directus/every-page.ts';
import { readCommentCounts, send, type Page, type TitleCard } from '../../lib/directus/queries.ts';
import type { Alert, Favorite, FavoriteActor, Schema } from '../../lib/directus/schema.ts';
import { ALERT_FIELDS } from '../../lib/directus/signed-in-fields.ts';
import { wholeLists } from '../../lib/directus/whole-lists.ts';

type MarkRow = ReadItemOutput<Schema, 'favorites', { fields: typeof MARK_FIELDS }>;
export type FavoriteActorRow = ReadItemOutput<Schema, 'favoriteActors', { fields: typeof FAVORITE_ACTOR_FIELDS }>;
export type ShopItem = ReadItemOutput<Schema, 'shop', { fields: typeof SHOP_FIELDS }>;
export type ShopType = ShopItem['type'];

/** How many of a series' episodes the person may watch they watched. */
export interface WatchedCount { watched: number; episodes: number }

/** A mark with its title as a card; `title` is null when the title has left the catalogue since. */
export interface Mark {
  id: number;
  type: MarkType;
  title: TitleCard | null;
  /** Null for a film, or a title gone. */
  watched: WatchedCount | null;
}

/** GET /site/watched/summary: series only, drafts and films left out. */
async function readWatchedCounts(titles: number[]): Promise<Map<number, WatchedCount>> {
  if (!titles.length) return new Map();
  const rows = await send(pageClient(), customEndpoint<({ title: number } & WatchedCount)[]>({
    path: `/site/watched/summary?titles=${titles.join(',')}`, method: 'GET',
  }), 'watched counts');
  return new Map(rows.map((r) => [r.title, { watched: r.watched, episodes: r.episodes }]));
}

export interface PageRequest {
  page: number;
  pageSize: number;
  /** Rows taken out of the pages before (see ui/remote-list.ts). */
  removed?: number;
}

const offsetOf = (r: PageRequest) => Math.max(0, (r.page - 1) * r.pageSize - (r.removed ?? 0));

/**
 * The person's marks of one kind, newest first, with their total. The filter names the person:
 * the backend shows people only their own marks, but an editor may read everyone's.
 */
export async function readMarks(userId: string, type: MarkType, request: PageRequest): Promise<Page<Mark>> {
  const filter: QueryFilter<Schema, Favorite> = { _and: [{ user_created: { _eq: userId } }, { type: { _eq: type } }] };
  const client = pageClient();
  const [rows, counted] = await Promise.all([
    send(client, readItems('favorites', {
      fields: MARK_FIELDS, filter, sort: ['-date_created', '-id'], limit: request.pageSize, offset: offsetOf(request), deep: wholeLists<Favorite>(MARK_FIELDS),
    }), 'marks') as Promise<MarkRow[]>,
    send(client, aggregate('favorites', { aggregate: { count: '*' }, query: { filter } }), 'mark count'),
  ]);
  const titles = rows.flatMap((row) => (row.title && typeof row.title === 'object' ? [row.title] : []));
  const ids = titles.map((t) => t.id);
  const [comments, watched] = await Promise.all([readCommentCounts(client, ids), readWatchedCounts(ids)]);
  const items = rows.map((row): Mark => {
    const title = row.title && typeof row.title === 'object' ? row.title : null;
    return {
      id: row.id, type: row.type,
      title: title ? { ...title, comments_count: comments.get(title.id) ?? 0 } : null,
      watched: title ? watched.get(title.id) ?? null : null,
    };
  });
  return { items, total: Number(counted[0]?.count ?? 0) };
}

/** The person's favourite actors, newest first, with their total. */
export async function readFavoriteActors(userId: string, request: PageRequest): Promise<Page<FavoriteActorRow>> {
  const filter: QueryFilter<Schema, FavoriteActor> = { user: { _eq: userId } };
  const client = pageClient();
  const [items, counted] = await Promise.all([
    send(client, readItems('favoriteActors', {
      fields: FAVORITE_ACTOR_FIELDS, filter, sort: ['-date_created', '-id'], limit: request.pageSize, offset: offsetOf(request),
    }), 'favourite actors') as Promise<FavoriteActorRow[]>,
    send(client, aggregate('favoriteActors', { aggregate: { count: '*' }, query: { filter } }), 'favourite actor count'),
  ]);
  return { items, total: Number(counted[0]?.count ?? 0) };
}

/** Every published decoration of the shop, in the shop's order. */
export function readShopItems(): Promise<ShopItem[]> {
  return everyPage((at) => send(pageClient(), readItems('shop', {
    fields: SHOP_FIELDS, filter: { status: { _eq: 'published' } }, sort: ['sort', 'id'], ...at,
  }), 'shop')) as Promise<ShopItem[]>;
}

/** Deletes a picture the person uploaded and then could not use (a refused avatar). */
export async function deleteUpload(id: string): Promise<void> {
  await send(pageClient(), deleteFile(id), 'upload removal');
}

export type AlertItem = ReadItemOutput<Schema, 'alerts', { fields: typeof ALERT_FIELDS }>;

// The filter names the person: editors may read everyone's alerts.
const MINE: QueryFilter<Schema, Alert> = { user: { _eq: '$CURRENT_USER' } };
const UNREAD: QueryFilter<Schema, Alert> = { _and: [MINE, { read: { _eq: false } }] };

export async function countUnreadAlerts(): Promise<number> {
  const rows = await send(pageClient(), aggregate('alerts', { aggregate: { count: '*' }, query: { filter: UNREAD } }), 'unread alerts');
  return Number(rows[0]?.count ?? 0);
}

/** Page `page` (from 1) of the alerts, newest first, with their total. */
export async function readAlerts(page: number, pageSize: number): Promise<Page<AlertItem>> {
  const client = pageClient();
  const [items, counted] = await Promise.all([
    send(client, readItems('alerts', { fields: ALERT_FIELDS, filter: MINE, sort: ['-date_created', '-id'], limit: pageSize, page }), 'alerts') as Promise<AlertItem[]>,
    send(client, aggregate('alerts', { aggregate: { count: '*' }, query: { filter: MINE } }), 'alert count'),
  ]);
  return { items, total: Number(counted[0]?.count ?? 0) };
}

export async function markAlertsRead(ids: number[]): Promise<void> {
  if (ids.length) await send(pageClient(), updateItems('alerts', ids, { read: true }, { fields: ['id'] }), 'alerts read');
}

/** Every unread alert of the person, read at once. */
export async function markAllAlertsRead(): Promise<void> {
  await send(pageClient(), updateItems('alerts', { filter: UNREAD, limit: -1 }, { read: true }, { fields: ['id'] }), 'all alerts read');
}

/**
 * What the own profile screens read and change besides the profile itself: the person's list
 * marks and favourite actors (paged, with removal), the shop's decorations, and an uploaded
 * picture that turned out unwanted. Every call goes through the page's one client; loaded by the
 * profile screens only.
 */
import { aggregate, deleteFile, deleteItem, readItems, type QueryFilter, type ReadItemOutput } from '@directus/sdk';
import type { MarkType } from '../../../shared/rules.ts';
import { pageClient } from './client.ts';
import { FAVORITE_ACTOR_FIELDS, MARK_FIELDS, SHOP_FIELDS } from './fields.ts';
import { readCommentCounts, send, type Page, type TitleCard } from './queries.ts';
import type { Favorite, FavoriteActor, Schema } from './schema.ts';

type MarkRow = ReadItemOutput<Schema, 'favorites', { fields: typeof MARK_FIELDS }>;
export type FavoriteActorRow = ReadItemOutput<Schema, 'favoriteActors', { fields: typeof FAVORITE_ACTOR_FIELDS }>;
export type ShopItem = ReadItemOutput<Schema, 'shop', { fields: typeof SHOP_FIELDS }>;
export type ShopType = ShopItem['type'];

/** A mark with its title as a card; `title` is null when the title has left the catalogue since. */
export interface Mark {
  id: number;
  type: MarkType;
  title: TitleCard | null;
}

export interface PageRequest {
  page: number;
  pageSize: number;
  /** Rows taken out of the pages before (see stores/remote-list.ts). */
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
      fields: MARK_FIELDS, filter, sort: ['-date_created', '-id'], limit: request.pageSize, offset: offsetOf(request),
    }), 'marks') as Promise<MarkRow[]>,
    send(client, aggregate('favorites', { aggregate: { count: '*' }, query: { filter } }), 'mark count'),
  ]);
  const titles = rows.flatMap((row) => (row.title && typeof row.title === 'object' ? [row.title] : []));
  const comments = await readCommentCounts(client, titles.map((t) => t.id));
  const items = rows.map((row): Mark => {
    const title = row.title && typeof row.title === 'object' ? row.title : null;
    return { id: row.id, type: row.type, title: title ? { ...title, comments_count: comments.get(title.id) ?? 0 } : null };
  });
  return { items, total: Number(counted[0]?.count ?? 0) };
}

/** DELETE /items/favorites/{id}: the backend lets a person delete only their own marks. */
export async function removeMark(id: number): Promise<void> {
  await send(pageClient(), deleteItem('favorites', id), 'mark removal');
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

export async function removeFavoriteActor(id: number): Promise<void> {
  await send(pageClient(), deleteItem('favoriteActors', id), 'favourite actor removal');
}

/** Every published decoration of the shop, in the shop's order. */
export function readShopItems(): Promise<ShopItem[]> {
  return send(pageClient(), readItems('shop', {
    fields: SHOP_FIELDS, filter: { status: { _eq: 'published' } }, sort: ['sort', 'id'], limit: -1,
  }), 'shop') as Promise<ShopItem[]>;
}

/** Deletes a picture the person uploaded and then could not use (a refused avatar). */
export async function deleteUpload(id: string): Promise<void> {
  await send(pageClient(), deleteFile(id), 'upload removal');
}

/**
 * New-episode alerts of the signed-in person (their own rows only; the backend writes them when an
 * episode is added to a title they mark Смотрю or Буду смотреть): the unread count, the list, and
 * marking them read.
 */
import { aggregate, readItems, updateItems, type QueryFilter, type ReadItemOutput } from '@directus/sdk';
import { pageClient } from './client.ts';
import { ALERT_FIELDS } from './signed-in-fields.ts';
import { send, type Page } from './queries.ts';
import type { Alert, Schema } from './schema.ts';

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

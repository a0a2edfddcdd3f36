/**
 * Live subscriptions. Directus checks permissions before it sends a created or updated row to a
 * subscriber, but sends the ids of deleted rows to every subscriber of the collection. So outside
 * the administrators, a subscription is allowed only where a deletion cannot tell anything the
 * subscriber may not read: collections they read in full, and the chat collections, whose rows
 * are never deleted through the API (a message is marked deleted, see chat.ts).
 */
import { WebSocketError } from '@directus/api/websocket/errors';
import type { Knex } from 'knex';
import { TOO_DEEP, nestsDeeperThan } from '../../shared/nesting.ts';
import type { Accountability, SchemaOverview } from '../../shared/directus.ts';
import { REMOVED_BY_MARKING } from './chat.ts';
import { readAccess } from './read-access.ts';
import type { Register } from './types.ts';

interface Socket { accountability?: Accountability | null }

export function registerRealtimeRules({ filter }: Register, database: Knex, getSchema: () => Promise<SchemaOverview>): void {
  filter('websocket.message', async (message: Record<string, unknown>, meta) => {
    const uid = typeof message.uid === 'string' || typeof message.uid === 'number' ? message.uid : undefined;
    if (nestsDeeperThan(message)) throw new WebSocketError(String(message.type ?? 'server'), 'INVALID_PAYLOAD', TOO_DEEP, uid);
    if (message.type !== 'subscribe') return message;
    const who = (meta.client as Socket | undefined)?.accountability;
    if (who?.admin) return message;
    const collection = String(message.collection);
    if ((REMOVED_BY_MARKING as readonly string[]).includes(collection)) return message;
    const access = who ? await readAccess(who, { knex: database, schema: await getSchema() }) : null;
    if (access?.get(collection)?.allRows !== true) throw new WebSocketError('subscribe', 'FORBIDDEN', 'Подписка на эту коллекцию недоступна', uid);
    return message;
  });
}

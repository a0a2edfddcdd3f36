/**
 * Live subscriptions. Directus checks permissions before it sends a created or updated row to a
 * subscriber, but sends the ids of deleted rows to every subscriber of the collection, and answers
 * an event on a row the subscriber may not read with an error frame at that very moment (with no
 * first read at all when the subscription names an event). So outside the administrators, Directus
 * serves only collections the subscriber reads in full. Subscriptions to the chat (messages, private
 * chats, their invitations and pictures), reviews and reactions are served by fan-outs
 * (message-fanout.ts), which refuse at once what the reader may not read, read each event once per
 * group, and announce no failed read and no deletion but those of rows a visitor could read
 * (review-deletions.ts). Subscriptions to watched marks, administrators' too, are served by
 * watched-live.ts: each person hears of their own marks alone. A socket whose sign-in ends reads
 * as a visitor (socket-accountability.ts). Every refusal names its frame's uid (socket-refusal-uid.ts).
 */
import { WebSocketError } from '../../shared/directus-internals.ts';
import type { Knex } from 'knex';
import type { Accountability, SchemaOverview } from '../../shared/directus.ts';
import { createChatFanouts, createFanout, createMessageFanout, nobodyInParticular, type Fanout } from './message-fanout.ts';
import { readAccess } from './read-access.ts';
import { createWatchedLive } from './watched-live.ts';
import { neverUnaccountable } from './socket-accountability.ts';
import { createSocketBudget, TOO_MANY_SOCKETS, TOO_MANY_SOCKETS_CODE, TOO_MANY_SUBSCRIPTIONS } from './socket-budget.ts';
import { guardFrameDepth, type DepthGuardedSocket } from './socket-depth.ts';
import { nameRefusals, type UidNamingSocket } from './socket-refusal-uid.ts';
import { socketMessagePace } from './socket-pace.ts';
import { socketQueryShapeError } from './query-shape-check.ts';
import type { Meta, Register } from './types.ts';
import { addressKey } from '../../../../shared/address-key.ts';

// An intersection: each guard lists the socket's methods for the events it wraps.
type Socket = DepthGuardedSocket & UidNamingSocket & {
  accountability?: Accountability | null;
  send(data: string): void;
  close(code: number, reason: string): void;
  prependListener(event: 'message', listener: () => void): unknown;
};

export const NO_SUCH_COLLECTION = 'Такой коллекции нет или она вам недоступна';

/** What the filter leaves of a subscribe message it has served itself: Directus has no handler for it. */
const SERVED = { type: 'site-served' };

interface RealtimeContext {
  database: Knex;
  getSchema: () => Promise<SchemaOverview>;
  logError: (err: unknown) => void;
  /** Directus's environment: the rate limiter's settings, and WEBSOCKETS_REST_CONN_LIMIT_PER_ADDRESS (socket-budget.ts). */
  env: Record<string, unknown>;
}

export function registerRealtimeRules({ filter, action }: Register, { database, getSchema, logError, env }: RealtimeContext): void {
  const reads = { database, getSchema, logError };
  const fanouts = new Map<string, Fanout>([
    ['messages', createMessageFanout(reads)],
    ...createChatFanouts(reads),
    // Reviews and reactions read alike for every reader but editors: nobody's own rules show them more.
    ['comments', createFanout('comments', reads, nobodyInParticular)],
    ['reactions', createFanout('reactions', reads, nobodyInParticular)],
  ]);
  const watched = createWatchedLive(logError);
  const budget = createSocketBudget<Socket>(Number(env['WEBSOCKETS_REST_CONN_LIMIT_PER_ADDRESS']));
  const paceMessages = socketMessagePace(env);
  const forget = (meta: Meta) => {
    const client = meta.client as Socket;
    [...fanouts.values(), watched].forEach((f) => f.unsubscribe(client));
    budget.closed(client);
  };
  action('websocket.connect', (meta) => {
    const client = meta.client as Socket;
    // First, while Directus's listener is the socket's only one (socket-depth.ts).
    guardFrameDepth(client);
    // Also while Directus's listener of parsed frames is the only one: a rule's refusal names its frame's uid.
    nameRefusals(client);
    neverUnaccountable(client);
    const address = addressKey(client.accountability?.ip);
    if (!budget.opened(client, address)) client.close(TOO_MANY_SOCKETS_CODE, TOO_MANY_SOCKETS);
    else paceMessages?.(client, address);
  });
  action('websocket.close', forget);
  action('websocket.error', forget);

  filter('websocket.message', async (frame: Record<string, unknown>, meta) => {
    // Directus keeps a subscription's name as text but ends one only when an unsubscribe names it as
    // text: with a number, the subscription would stay while the budget let its place go.
    const message = typeof frame.uid === 'number' ? { ...frame, uid: String(frame.uid) } : frame;
    const uid = typeof message.uid === 'string' ? message.uid : undefined;
    const client = meta.client as Socket | undefined;
    const shapeError = socketQueryShapeError(message);
    if (shapeError) throw new WebSocketError(typeof message.type === 'string' ? message.type : 'server', 'INVALID_QUERY', shapeError, uid);
    // Directus looks a collection up as a key, so `constructor` passed for one and was never answered.
    // Only such names are answered here, alike whether a collection is missing or closed to the caller.
    if ((message.type === 'items' || message.type === 'subscribe') && typeof message.collection === 'string'
      && message.collection in Object.prototype && !Object.hasOwn((await getSchema()).collections, message.collection)) {
      throw new WebSocketError(message.type, 'INVALID_COLLECTION', NO_SUCH_COLLECTION, uid);
    }
    // Directus answers the unsubscribe; the fan-out only forgets it.
    if (message.type === 'unsubscribe' && client) {
      [...fanouts.values(), watched].forEach((f) => f.unsubscribe(client, uid));
      budget.unsubscribed(client, uid);
    }
    if (message.type !== 'subscribe') return message;
    if (client && !budget.subscribing(client, uid)) throw new WebSocketError('subscribe', 'LIMIT_EXCEEDED', TOO_MANY_SUBSCRIPTIONS, uid);
    const who = client?.accountability;
    if (message.collection === 'watchedEpisodes' && client) {
      watched.subscribe(client, message);
      return SERVED;
    }
    if (who?.admin) return message;
    const collection = String(message.collection);
    const fanout = fanouts.get(collection);
    if (fanout && who && client) {
      await fanout.subscribe(client, message);
      return SERVED;
    }
    const access = who ? await readAccess(who, { knex: database, schema: await getSchema() }) : null;
    if (access?.get(collection)?.allRows !== true) throw new WebSocketError('subscribe', 'FORBIDDEN', 'Подписка на эту коллекцию недоступна', uid);
    return message;
  });
}

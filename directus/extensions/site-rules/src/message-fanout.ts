/**
 * Live chat messages for hundreds of subscribers. Directus reads every event once per subscriber,
 * with that subscriber's permissions, one subscriber after another: with 500 people in the public
 * chat a message reaches the last of them seconds late. Subscriptions to messages are served here
 * instead, with Directus's own reads and frames:
 *
 * - an event is read once per group of subscribers who ask the same query under the same policies,
 *   as a reader of those policies who is nobody in particular: a rule that names $CURRENT_USER
 *   grants that reader nothing, so the group never receives more than each member's own read gives;
 * - each person the changed rows concern (the author, a private chat's members) gets a read of
 *   their own, exactly as Directus would make it;
 * - frames go out in the order the events happened, so an edit never overtakes its message;
 * - Directus's deletion events are not announced: they name every deleted row to every subscriber,
 *   whatever they may read (messages are marked deleted instead, an update); a deletion told on
 *   the bus (DELETION_NEWS: a review an editor deleted outright, review-deletions.ts) names only
 *   rows a visitor could read just before, and goes to the subscriptions that hear deletions;
 * - a subscription to one row (`item`) is taken only when its reader may read that row; a query or
 *   row its reader may not read is refused when they subscribe, even one naming an event (Directus
 *   skips its first read then);
 * - a read that fails at an event sends nothing: Directus answers it with an error frame at the
 *   moment of the event, which told a socket whose sign-in had failed (it reads as a visitor) when
 *   rows it could never read were written.
 *
 * Reviews and their reactions are served the same way (`createFanout`): every visitor of a title
 * page listens to them, and a review an editor deletes outright must not name itself to people who
 * could never read it (a draft's review): only one everyone could read is told. So are the chat's
 * other rows (`createChatFanouts`): private chats, their invitations and the pictures of messages,
 * for the people they concern.
 */
import { InvalidPayloadError, isDirectusError } from '@directus/errors';
import {
  fetchPolicies, fmtMessage, getPayload, handleWebSocketError, sanitizeQuery, useBus, WebSocketError, WebSocketSubscribeMessage,
  type Subscription, type WebSocketEvent,
} from '../../shared/directus-internals.ts';
import type { Knex } from 'knex';
import { chatMembers } from '../../shared/chats.ts';
import type { Accountability, SchemaOverview } from '../../shared/directus.ts';
import { valueError } from './database-errors.ts';
import {
  DELETION_NEWS, announces, deletedFor, eventKeys, hears, readKey, readerFor, readingGroup, readsAlone, seesNone, sharedFrameKey, sharedReadKey,
  type DeletedRow, type DeletionNews,
} from './fanout-rules.ts';

/** A subscribe message Directus's own schema refuses (an unknown event, an item that is no key). */
export const SUBSCRIPTION_SHAPE = 'Подписка задана неверно: проверьте event, item и query';
const isSchemaRefusal = (err: unknown) => err instanceof Error && err.name === 'ZodError';

/** Everyone whose own rules may show them more of the changed rows than a stranger sees. */
export type Concerned = (keys: (string | number)[]) => Promise<Set<string>>;

interface Client {
  accountability?: Accountability | null;
  send(data: string): void;
}

/** A subscription with its query and row as text, to tell whose reads are the same. */
type Fanned = Subscription & { client: Client; uid?: string; queryKey: string };

export interface Fanout {
  /** Takes over a subscribe message: answers its init (or its refusal) and registers it. */
  subscribe(client: Client, message: Record<string, unknown>): Promise<void>;
  unsubscribe(client: Client, uid?: unknown): void;
}

type Reads = { database: Knex; getSchema: () => Promise<SchemaOverview>; logError: (err: unknown) => void };

export function createMessageFanout(reads: Reads): Fanout {
  return createFanout('messages', reads, messagePeople(reads.database));
}

/** Private chats, their invitations and the pictures of messages: each for the people of its chat or message. */
export function createChatFanouts(reads: Reads): [string, Fanout][] {
  const { database } = reads;
  const chats = chatPeople(database);
  const messages = messagePeople(database);
  return [
    ['chats', createFanout('chats', reads, chats)],
    ['chats_directus_users', createFanout('chats_directus_users', reads, async (keys) =>
      chats(await database('chats_directus_users').whereIn('id', keys).pluck('chats_id')))],
    ['messages_files', createFanout('messages_files', reads, async (keys) =>
      messages(await database('messages_files').whereIn('id', keys).pluck('messages_id')))],
  ];
}

/** A private chat's two members. */
function chatPeople(database: Knex): Concerned {
  return async (keys) => {
    const people = new Set<string>();
    for (const key of keys) for (const member of (await chatMembers(database, key)) ?? []) people.add(member);
    return people;
  };
}

/** The author of each message and a private chat's two members. */
function messagePeople(database: Knex): Concerned {
  return async (keys) => {
    const rows: { user_created: string | null; privateChat: number | null }[] = await database('messages').whereIn('id', keys).select('user_created', 'privateChat');
    const people = new Set<string>();
    for (const row of rows) {
      if (row.user_created) people.add(row.user_created);
      if (row.privateChat !== null) for (const member of (await chatMembers(database, row.privateChat)) ?? []) people.add(member);
    }
    return people;
  };
}

/** Nobody: rows every reader of the collection reads alike, whoever they are. */
export const nobodyInParticular: Concerned = async () => new Set();

export function createFanout(collection: string, { database, getSchema, logError }: Reads, concerned: Concerned): Fanout {
  const subscriptions = new Set<Fanned>();
  /** By a connection's accountability (a new one with every sign-in): the group it reads with, or null. */
  const groupOf = new WeakMap<object, string | null>();

  /**
   * Who reads with others: people whose policies are all their roles' (none given to them alone).
   * Their group is their roles and those policies, worked out once per sign-in, so an event never
   * waits for hundreds of policy look-ups.
   */
  async function groupFor(who: Accountability): Promise<string | null> {
    if (groupOf.has(who)) return groupOf.get(who)!;
    const context = { knex: database, schema: await getSchema() };
    const [own, anyone] = await Promise.all([fetchPolicies(who, context), fetchPolicies(readerFor(who), context)]);
    const group = readingGroup(who, own, anyone);
    groupOf.set(who, group);
    return group;
  }

  /** What each subscriber gets for an event, in subscription order: a frame or nothing. */
  async function prepare(event: WebSocketEvent): Promise<{ client: Client; frame: string | null }[]> {
    if (!announces(event) || subscriptions.size === 0) return [];
    const schema = await getSchema();
    const people = await concerned(eventKeys(event));
    // One read and one frame per group and subscription name, however many subscribers share them.
    const shared = new Map<string, Promise<Record<string, unknown>>>();
    const frames = new Map<string, string | null>();
    const out: { client: Client; frame: string | null }[] = [];
    for (const subscription of [...subscriptions]) {
      const { client } = subscription;
      if (!hears(subscription, event)) continue;
      const who = client.accountability;
      if (!who) continue;
      try {
        const group = readsAlone(who, people) ? null : await groupFor(who);
        if (group === null) {
          out.push({ client, frame: frameOf(await getPayload(subscription, who, schema, event), subscription.uid) });
          continue;
        }
        const key = sharedReadKey(group, subscription.queryKey);
        if (!shared.has(key)) shared.set(key, getPayload(subscription, readerFor(who), schema, event));
        const result = await shared.get(key)!;
        const named = sharedFrameKey(key, subscription.uid);
        if (!frames.has(named)) frames.set(named, frameOf(result, subscription.uid));
        out.push({ client, frame: frames.get(named)! });
      } catch (error) {
        // Nothing goes out: a refusal now would tell when a row the reader may not read changed.
        if (!isDirectusError(error)) logError(error);
      }
    }
    return out;
  }

  /**
   * A deletion told (DELETION_NEWS): the rows a visitor could read before they went, so anyone may
   * hear of them; no read, one frame per subscription name.
   */
  function deletions(rows: DeletedRow[]): { client: Client; frame: string | null }[] {
    const frames = new Map<string, string | null>();
    const out: { client: Client; frame: string | null }[] = [];
    for (const subscription of subscriptions) {
      const data = deletedFor(subscription, rows);
      if (!subscription.client.accountability || data.length === 0) continue;
      const named = sharedFrameKey(subscription.item ?? '', subscription.uid);
      if (!frames.has(named)) frames.set(named, frameOf({ event: 'delete', data }, subscription.uid));
      out.push({ client: subscription.client, frame: frames.get(named)! });
    }
    return out;
  }

  // Reads of the next event start at once; frames go out in the order the events happened.
  let sending = Promise.resolve();
  const inTurn = (prepared: Promise<{ client: Client; frame: string | null }[]>) => {
    sending = sending.then(() => prepared).then((deliveries) => {
      for (const { client, frame } of deliveries) if (frame !== null) client.send(frame);
    }).catch(() => {});
  };
  void useBus().subscribe('websocket.event', (event: WebSocketEvent) => {
    if (event.collection === collection) inTurn(prepare(event));
  });
  void useBus().subscribe(DELETION_NEWS, (news: DeletionNews) => {
    if (news.collection === collection) inTurn(Promise.resolve(deletions(news.rows)));
  });

  const unsubscribe = (client: Client, uid?: unknown) => {
    for (const s of subscriptions) if (s.client === client && (uid === undefined || s.uid === String(uid))) subscriptions.delete(s);
  };

  return {
    unsubscribe,
    async subscribe(client, raw) {
      try {
        const message = WebSocketSubscribeMessage.parse(raw);
        const who = client.accountability ?? null;
        const schema = await getSchema();
        const query = message.query ? await sanitizeQuery(message.query, schema, who) : undefined;
        const item = message.item === undefined ? undefined : String(message.item);
        const subscription: Fanned = { client, collection, queryKey: readKey({ query, item }) };
        if (message.event !== undefined) subscription.event = message.event;
        if (query) subscription.query = query;
        if (item !== undefined) subscription.item = item;
        if (message.uid !== undefined) {
          subscription.uid = String(message.uid);
          unsubscribe(client, subscription.uid);
        }
        if (who) await groupFor(who);
        // A query its reader may not run, or a row they may not read, is refused now, even when Directus
        // would read nothing before the first event: a subscription taken is never refused later.
        const init = subscription.event === undefined
          ? await getPayload(subscription, who, schema)
          : await getPayload(subscription.item === undefined ? { ...subscription, query: { ...query, limit: 0 } } : subscription, who, schema)
            .then(() => ({ event: 'init' }));
        subscriptions.add(subscription);
        client.send(fmtMessage('subscription', init, subscription.uid));
      } catch (err) {
        // A refusal names the subscription it answers, so the client can tell which one it was. A value the
        // database could not take is one too: Directus would only log it, and the client wait for ever.
        const uid = typeof raw.uid === 'string' || typeof raw.uid === 'number' ? raw.uid : undefined;
        const refusal = isDirectusError(err) ? err : valueError(err) ?? (isSchemaRefusal(err) ? new InvalidPayloadError({ reason: SUBSCRIPTION_SHAPE }) : null);
        handleWebSocketError(client, refusal ? new WebSocketError('subscribe', refusal.code, refusal.message, uid) : err, 'subscribe');
      }
    },
  };
}

/** The frame Directus would send, or null when the reader may see none of the rows. */
function frameOf(result: Record<string, unknown>, uid?: string): string | null {
  return seesNone(result) ? null : fmtMessage('subscription', result, uid);
}
